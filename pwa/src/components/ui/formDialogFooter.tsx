// A form's submit buttons: a dialog's footer with Cancel and the form's submit button (outside the form,
// so tied to it by id), or a page form's row of actions; busy while the form is sent. Its own module:
// only lazily loaded screens use it.
import { type FormEventHandler, type ReactNode, useId } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

export function FormDialogFooter({
  formId,
  pending,
  submit,
  destructive = false,
  onCancel,
}: {
  formId: string;
  pending: boolean;
  submit: string;
  destructive?: boolean;
  onCancel: () => void;
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" form={formId} variant={destructive ? 'destructive' : 'default'} loading={pending}>
        {submit}
      </Button>
    </>
  );
}

/** A dialog that is one form with that footer; it stays open while the form is sent. */
export function FormDialog({
  title,
  description,
  size,
  pending,
  submit,
  onClose,
  onSubmit,
  className,
  children,
}: {
  title: string;
  description: string;
  size: 'sm' | 'md';
  pending: boolean;
  submit: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  className?: string;
  children: ReactNode;
}) {
  const formId = useId();
  return (
    <Dialog
      open
      onOpenChange={(next) => !next && !pending && onClose()}
      title={title}
      description={description}
      size={size}
      dismissible={!pending}
      footer={<FormDialogFooter formId={formId} pending={pending} submit={submit} onCancel={onClose} />}
    >
      <form id={formId} className={className} onSubmit={onSubmit} noValidate>
        {children}
      </form>
    </Dialog>
  );
}

/** A form's row of actions holding only its submit button, busy while the form is sent. */
export function SubmitRow({
  className,
  pending,
  children,
}: {
  className: string;
  pending: boolean;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Button type="submit" loading={pending}>
        {children}
      </Button>
    </div>
  );
}
