// Quick Actions → Support: a short contact form that e-mails the staff (POST /api/support).

import { type SupportContactInput, supportContactSchema } from '@printfarm/domain/support';
import { useSendSupportMessage } from '../../api/support.ts';
import { SupportMessageFields } from '../../components/form/support.tsx';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { MESSAGE_SENT } from '../../components/outcomes.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';

const EMPTY: SupportContactInput = { subject: '', message: '' };

export function SupportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const send = useSendSupportMessage(MESSAGE_SENT);
  const form = useDomainForm(supportContactSchema, {
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: true,
  });

  const onSubmit = form.handleSubmit((input) => {
    send.mutate(input, {
      onSuccess: () => {
        form.reset(EMPTY);
        onOpenChange(false);
      },
      onError: (error) => form.applyServerErrors(error, { toast: { title: 'Message not sent' } }),
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
        <SupportMessageFields field={form.field} rows={6} />
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
