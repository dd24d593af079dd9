// A small dialog around one form, as the job's answers and the queue's commands ask for words or a
// choice: the fields, then Cancel and the form's submit button, which keep the dialog open while it is
// sent. And the sending itself: taken, the dialog closes and a toast says what follows; refused, the
// server's words go under the fields. Most ask first for a reason, in a few words.
import { type BaseSyntheticEvent, type ReactNode, useId } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { ServerErrorOptions } from '../../components/form/serverErrors.ts';
import type { FieldBinding } from '../../components/form/useDomainForm.ts';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { FormDialogFooter } from '../../components/ui/formDialogFooter.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { type ToastOptions, toast } from '../../components/ui/toast.tsx';

/** The dialog's form: what it sends once valid, and where the server's refusal is shown. */
export interface CommandForm<TSent, TForm extends FieldValues> {
  handleSubmit: (onValid: (values: TSent) => void) => (event?: BaseSyntheticEvent) => Promise<void>;
  applyServerErrors: (error: unknown, options?: ServerErrorOptions<TForm>) => void;
}

/** What the dialog does once its form is sent: close and say what follows, or show the refusal. */
export interface Outcome {
  onSuccess: () => void;
  onError: (error: Error) => void;
}

export function CommandDialog<TSent, TForm extends FieldValues>({
  open,
  onOpenChange,
  title,
  description,
  submit,
  destructive = false,
  formClassName,
  form,
  send,
  pending,
  taken,
  refused = {},
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** The submit button's words. */
  submit: string;
  destructive?: boolean;
  formClassName?: string;
  form: CommandForm<TSent, TForm>;
  /** Sends the form's values (a mutation's mutate), telling `outcome` how it went. */
  send: (values: TSent, outcome: Outcome) => void;
  pending: boolean;
  /** The toast once the server took it. */
  taken: ToastOptions;
  /** More for the server's refusal than its words under the fields (e.g. a toast). */
  refused?: ServerErrorOptions<TForm>;
  children: ReactNode;
}) {
  const formId = useId();
  const onSubmit = form.handleSubmit((values) =>
    send(values, {
      onSuccess: () => {
        onOpenChange(false);
        toast(taken);
      },
      onError: (error) => form.applyServerErrors(error, { ...refused, focus: true }),
    }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="sm"
      dismissible={!pending}
      footer={
        <FormDialogFooter
          formId={formId}
          pending={pending}
          submit={submit}
          destructive={destructive}
          onCancel={() => onOpenChange(false)}
        />
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className={formClassName}>
        {children}
      </form>
    </Dialog>
  );
}

/** The reason a command is asked for (a decline, a failed print): a few required lines, focused first. */
export function ReasonField({
  label,
  hint,
  maxLength,
  placeholder,
  ...field
}: FieldBinding & { label: string; hint?: string; maxLength: number; placeholder: string }) {
  return (
    <FormField label={label} required hint={hint} {...field}>
      <Textarea rows={3} maxLength={maxLength} autoFocus placeholder={placeholder} />
    </FormField>
  );
}
