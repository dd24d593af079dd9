// Cancelling a request before printing starts: a confirmation with an optional reason for the farm.
import { cancelRequestSchema } from '@printfarm/domain/printRequest';
import { type PrintRequestDetail, useCancelPrintRequest } from '../../api/printRequests.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';

export function CancelDialog({
  request,
  open,
  onOpenChange,
}: {
  request: PrintRequestDetail;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const cancel = useCancelPrintRequest(request.id, toastOnFailure('Could not cancel the request'));
  const form = useDomainForm(cancelRequestSchema, { defaultValues: { reason: '' }, send: 'typed' });
  const withFarm = request.job !== null && ['ordered', 'accepted'].includes(request.status);
  const onSubmit = form.handleSubmit(({ reason }) =>
    cancel.mutate(reason.trim() ? { reason } : {}, {
      onSuccess: () => {
        onOpenChange(false);
        form.reset();
        toast({ title: 'Request cancelled', description: `${request.title} will not be printed.` });
      },
      onError: (error) => form.applyServerErrors(error, { focus: true }),
    }),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Cancel this request?"
      description={
        withFarm
          ? `${request.job?.farm.name} is told at once and will not print it.`
          : 'Any offers are withdrawn and nothing is printed.'
      }
      size="sm"
      dismissible={!cancel.isPending}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={cancel.isPending}>
            Keep request
          </Button>
          <Button variant="destructive" type="submit" form="cancel-request-form" loading={cancel.isPending}>
            Cancel request
          </Button>
        </>
      }
    >
      <form id="cancel-request-form" onSubmit={onSubmit} noValidate>
        <FormField label="Reason (optional)" {...form.field('reason')}>
          <Textarea rows={3} maxLength={500} placeholder="e.g. I found the part elsewhere" />
        </FormField>
      </form>
    </Dialog>
  );
}
