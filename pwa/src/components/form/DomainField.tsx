// One field of a domain form: the label, the control registered under the field's name, and the
// field's message (the schema's or the server's) under it, bound once instead of in every form.
import { cloneElement, type ReactElement } from 'react';
import {
  type FieldError,
  type FieldPath,
  type FieldValues,
  get,
  type RegisterOptions,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import { type FieldControlProps, FormField, type FormFieldProps } from '../ui/form-field.tsx';

export interface DomainFieldProps<TForm extends FieldValues, TSent>
  extends Omit<FormFieldProps, 'children' | 'error'> {
  form: UseFormReturn<TForm, unknown, TSent>;
  name: FieldPath<TForm>;
  /** How the control's value is read (e.g. valueAsNumber); as react-hook-form's register takes it. */
  registerOptions?: RegisterOptions<TForm, FieldPath<TForm>>;
  /** The page's own words for the field's error (e.g. dollarsError); the error's message otherwise. */
  message?: (error: FieldError | undefined) => string | undefined;
  /** The control: an Input, Select or Textarea, without register or ids (it receives them). */
  children: ReactElement<Partial<FieldControlProps & UseFormRegisterReturn>>;
}

/** <DomainField form={form} name="city" label="City" required><Input autoComplete="address-level2" /></DomainField> */
export function DomainField<TForm extends FieldValues, TSent>({
  form,
  name,
  registerOptions,
  message = (error) => error?.message,
  children,
  ...field
}: DomainFieldProps<TForm, TSent>) {
  const error: FieldError | undefined = get(form.formState.errors, name);
  return (
    <FormField {...field} error={message(error)}>
      {(control) => cloneElement(children, { ...control, ...form.register(name, registerOptions) })}
    </FormField>
  );
}
