import {
  type ComponentProps,
  cloneElement,
  isValidElement,
  type ReactElement,
  type ReactNode,
  useId,
} from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cx } from '../../lib/cx.ts';
import { Input } from './input.tsx';
import { Label } from './label.tsx';

/** What FormField hands its control so the label, hint and error are wired to it. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The message shown in red under the control; also marks the control aria-invalid. */
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  id?: string;
  className?: string;
  /** A form's registration of the control (see useDomainForm's `field`); the control receives it. */
  registration?: UseFormRegisterReturn;
  /** One control element (it receives the props), or a function that spreads them where they belong. */
  children: ReactElement<Partial<FieldControlProps>> | ((control: FieldControlProps) => ReactNode);
}

/**
 * Label, control, optional hint and error message, in that order. In a domain form:
 * <FormField label="City" {...form.field('city')}><Input /></FormField>
 */
export function FormField({
  label,
  error,
  hint,
  required = false,
  id,
  className,
  registration,
  children,
}: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const control: FieldControlProps = {
    id: controlId,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    'aria-required': required ? true : undefined,
  };

  let rendered: ReactNode;
  if (typeof children === 'function') rendered = children(control);
  else if (isValidElement(children)) rendered = cloneElement(children, { ...registration, ...control });
  else rendered = children;

  return (
    <div className={cx('field', error && 'field--invalid', className)}>
      <Label htmlFor={controlId} required={required}>
        {label}
      </Label>
      {rendered}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      <FieldMessage id={errorId} error={error} />
    </div>
  );
}

/** A field's error under it, announced as it appears; nothing while there is none. */
export function FieldMessage({ id, error }: { id?: string; error: ReactNode }) {
  if (!error) return null;
  return (
    <p id={id} className="field__error" role="alert">
      {error}
    </p>
  );
}

/**
 * The usual field, a text input under its label, in one line:
 * <TextField label="City" autoComplete="address-level2" {...form.field('city')} />
 */
export function TextField({
  label,
  error,
  hint,
  required,
  registration,
  ...input
}: Omit<FormFieldProps, 'children' | 'id' | 'className'> & Omit<ComponentProps<'input'>, 'required'>) {
  return (
    <FormField label={label} error={error} hint={hint} required={required} registration={registration}>
      <Input {...input} />
    </FormField>
  );
}

/** A text field for an e-mail address: the e-mail keyboard and the browser's autofill. */
export function EmailField(props: ComponentProps<typeof TextField>) {
  return <TextField type="email" autoComplete="email" {...props} />;
}
