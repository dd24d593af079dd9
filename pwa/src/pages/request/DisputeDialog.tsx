// Disputing the farm's answer to a claim: the customer's reason, which staff read with the claim and the
// answer before they decide.
import { claimDisputeSchema } from '@printfarm/domain/claims';
import { useDisputeClaim } from '../../api/claims.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { FormDialog } from '../../components/ui/formDialogFooter.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import type { ClaimDialogProps } from './ClaimDialog.tsx';

export function DisputeDialog({ requestId, farmName, onClose }: ClaimDialogProps) {
  const dispute = useDisputeClaim(requestId, toastOnFailure('Could not send your dispute'));
  const form = useDomainForm(claimDisputeSchema, {
    defaultValues: { reason: '' },
    reValidateMode: 'onChange',
  });
  const onSubmit = form.handleSubmit((input) =>
    dispute.mutate(input, {
      onSuccess: () => {
        onClose();
        toast({ title: 'Dispute sent', description: 'Our staff look at it and decide; we e-mail you both.' });
      },
      onError: (error) => form.applyServerErrors(error, { focus: true }),
    }),
  );
  return (
    <FormDialog
      title="Dispute the answer"
      description={`Our staff read your report, ${farmName}’s answer and your reason, then decide.`}
      size="sm"
      pending={dispute.isPending}
      submit="Send dispute"
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <FormField label="Why the answer does not settle it" required {...form.field('reason')}>
        <Textarea rows={4} maxLength={1000} autoFocus />
      </FormField>
    </FormDialog>
  );
}
