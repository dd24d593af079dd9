import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx.ts';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends ComponentProps<'select'> {
  /** Rendered before children; a `placeholder` adds an empty first choice that cannot be picked again. */
  options?: readonly SelectOption[];
  placeholder?: string;
}

/** A native <select>, styled; native keeps keyboard, screen reader and mobile pickers working. */
export function Select({ className, options, placeholder, children, ...props }: SelectProps) {
  return (
    <select className={cx('input', 'select', className)} {...props}>
      {placeholder !== undefined && (
        <option value="" disabled>
          {placeholder}
        </option>
      )}
      {options?.map((option) => (
        <option key={option.value} value={option.value} disabled={option.disabled}>
          {option.label}
        </option>
      ))}
      {children}
    </select>
  );
}
