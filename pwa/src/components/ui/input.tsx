import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx.ts';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cx('input', className)} {...props} />;
}

/** A search box bound to its query's state: it shows the query and sets it at each keystroke. */
export function SearchInput({
  query: [value, setQuery],
  ...props
}: Omit<ComponentProps<'input'>, 'type' | 'value' | 'onChange'> & {
  query: readonly [string, (query: string) => void];
}) {
  return <Input type="search" {...props} value={value} onChange={(event) => setQuery(event.target.value)} />;
}
