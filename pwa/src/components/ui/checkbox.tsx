import { type ComponentProps, type ReactNode, useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cx } from '../../lib/cx.ts';
import { FieldMessage } from './form-field.tsx';

export function Checkbox({ className, ...props }: Omit<ComponentProps<'input'>, 'type'>) {
  return <input type="checkbox" className={cx('checkbox', className)} {...props} />;
}

export interface CheckboxFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: ReactNode;
  /** Shown in red under the box, e.g. 'You must agree to the terms'. */
  error?: string | undefined;
  /** A form's registration of the box (see useDomainForm's `field`). */
  registration?: UseFormRegisterReturn;
}

/** A checkbox with its label beside it and its error message under it. */
export function CheckboxField({ label, error, className, id, registration, ...props }: CheckboxFieldProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const errorId = `${inputId}-error`;
  return (
    <div className={cx('field', 'field--checkbox', className)}>
      <label className="checkbox-label" htmlFor={inputId}>
        <Checkbox
          id={inputId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...registration}
          {...props}
        />
        <span>{label}</span>
      </label>
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}
