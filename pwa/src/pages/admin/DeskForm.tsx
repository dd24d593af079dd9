// A form on the money desk (record a transfer, mark a refund sent, decide a claim): its fields, then its
// submit button, busy while the form is sent; the server's refusal goes under the fields.
import type { BaseSyntheticEvent, ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type * as v from 'valibot';
import type { ServerErrorOptions } from '../../components/form/serverErrors.ts';
import { type FieldBinding, useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button, type ButtonVariant } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';

/**
 * A desk form's state: `values` as typed (an amount in dollars is a string), checked by `schema` on what
 * `send` makes of them (the amount in cents), and again at each change once refused.
 */
export function useDeskForm<
  TSchema extends v.GenericSchema<FieldValues, unknown>,
  TForm extends FieldValues,
  TSent extends { [K in keyof v.InferInput<TSchema>]: unknown },
>(schema: TSchema, values: TForm, send: (values: TForm) => TSent) {
  return useDomainForm(schema, { defaultValues: values, send, reValidateMode: 'onChange' });
}

export function DeskForm<TSent>({
  label,
  className,
  form,
  send,
  pending,
  submit,
  variant,
  children,
}: {
  /** The form's accessible name: what it does, to which entry. */
  label: string;
  className: string;
  form: {
    handleSubmit: (onValid: (values: TSent) => void) => (event?: BaseSyntheticEvent) => Promise<void>;
    applyServerErrors: (error: unknown, options?: ServerErrorOptions<never>) => void;
  };
  /** Sends the values (a mutation's mutate), calling `refused` with the server's refusal. */
  send: (values: TSent, refused: (error: Error) => void) => void;
  pending: boolean;
  /** The submit button's words. */
  submit: string;
  variant?: ButtonVariant;
  children: ReactNode;
}) {
  const onSubmit = form.handleSubmit((values) =>
    send(values, (error) => form.applyServerErrors(error, { focus: true })),
  );
  return (
    <form className={className} onSubmit={onSubmit} noValidate aria-label={label}>
      {children}
      <Button type="submit" variant={variant} loading={pending}>
        {submit}
      </Button>
    </form>
  );
}

/** The bank's own reference for a transfer (in or out), so the same one never counts twice. */
export function BankReferenceField({ binding, example }: { binding: FieldBinding; example: string }) {
  return (
    <FormField label="Bank’s reference" required {...binding}>
      <Input placeholder={`e.g. ${example}`} autoComplete="off" />
    </FormField>
  );
}
