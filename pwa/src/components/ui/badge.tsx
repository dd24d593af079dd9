import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx.ts';

export type BadgeVariant =
  | 'default'
  | 'secondary'
  | 'outline'
  | 'destructive'
  | 'green'
  | 'yellow'
  | 'blue'
  | 'purple'
  | 'red';

export interface BadgeProps extends ComponentProps<'span'> {
  variant?: BadgeVariant;
}

export function Badge({ variant = 'default', className, ...props }: BadgeProps) {
  return <span className={cx('badge', `badge--${variant}`, className)} {...props} />;
}
