import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx.ts';

export interface LabelProps extends ComponentProps<'label'> {
  /** Adds a red asterisk (hidden from screen readers, which hear aria-required on the control). */
  required?: boolean;
}

export function Label({ className, required = false, children, ...props }: LabelProps) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: callers pass htmlFor or wrap the control.
    <label className={cx('label', className)} {...props}>
      {children}
      {required && (
        <span className="label__required" aria-hidden="true">
          {' '}
          *
        </span>
      )}
    </label>
  );
}
