import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx.ts';

export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cx('input', className)} {...props} />;
}
