// Quick Actions → Support: a short contact form that e-mails the staff (POST /api/support).

import { type SupportContactInput, supportContactSchema } from '@printfarm/domain/support';
import { useSendSupportMessage } from '../../api/support.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { MESSAGE_SENT } from '../../components/outcomes.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';

const EMPTY: SupportContactInput = { subject: '', message: '' };

export function SupportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const send = useSendSupportMessage(MESSAGE_SENT);
  const {
    register,
    handleSubmit,
    reset,
    applyServerErrors,
    formState: { errors },
  } = useDomainForm(supportContactSchema, {
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });

  const onSubmit = handleSubmit((input) => {
    send.mutate(input, {
      onSuccess: () => {
        reset(EMPTY);
        onOpenChange(false);
      },
      onError: (error) => applyServerErrors(error, { toast: { title: 'Message not sent' } }),
    });
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Contact Support"
      description="Our team answers by e-mail, usually within one business day."
      dismissible={!send.isPending}
    >
      <form
        id="support-form"
        className="support-form"
        onSubmit={onSubmit}
        noValidate
        aria-label="Contact support"
      >
        <FormField label="Subject" required error={errors.subject?.message}>
          <Input {...register('subject')} />
        </FormField>
        <FormField label="Message" required error={errors.message?.message}>
          <Textarea rows={6} {...register('message')} />
        </FormField>
        <div className="support-form__actions">
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={send.isPending}>
            Send Message
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
