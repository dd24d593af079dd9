// Quick Actions → Support: a short contact form that e-mails the staff (POST /api/support).
import { valibotResolver } from '@hookform/resolvers/valibot';
import {
  type SupportContact,
  type SupportContactInput,
  supportContactSchema,
} from '@printfarm/domain/support';
import { type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { errorMessage, fieldErrors } from '../../api/request.ts';
import { useSendSupportMessage } from '../../api/support.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';

const EMPTY: SupportContactInput = { subject: '', message: '' };
const resolver = valibotResolver(supportContactSchema) as unknown as Resolver<
  SupportContactInput,
  unknown,
  SupportContact
>;

export function SupportDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const send = useSendSupportMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<SupportContactInput, unknown, SupportContact>({
    resolver,
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
      onError: (error) => {
        for (const [name, message] of Object.entries(fieldErrors(error))) {
          setError(name as FieldPath<SupportContactInput>, { message });
        }
        toast({ title: 'Message not sent', description: errorMessage(error), variant: 'destructive' });
      },
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
