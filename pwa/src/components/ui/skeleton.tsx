import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx.ts';

/** A grey placeholder block that shimmers while content loads; size it with className or style. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div aria-hidden="true" className={cx('skeleton', className)} {...props} />;
}
