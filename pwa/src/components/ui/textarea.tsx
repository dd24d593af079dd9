import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx.ts';

export function Textarea({ className, rows = 4, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cx('input', 'textarea', className)} {...props} />;
}
