// Claims still open or disputed: the customer's reason and words, the farm's answer and the dispute,
// and staff's decision: a further refund (in dollars, sent as cents; 0 for none) and the words both
// sides read. Deciding closes the claim and releases the farm's share.
import { CLAIM_REASONS, type ClaimReason, claimDecisionSchema } from '@printfarm/domain/claims';
import { formatUsd } from '@printfarm/domain/money';
import type { StaffClaim } from '../../api/adminPayments.ts';
import { useDecideClaim } from '../../api/claims.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { dollarsError, dollarsToCents } from '../../lib/dollars.ts';
import { moment } from '../request/format.ts';
import { DeskForm, useDeskForm } from './DeskForm.tsx';

function DecideForm({ claim }: { claim: StaffClaim }) {
  const decide = useDecideClaim(toastOnFailure('Could not decide the claim'));
  const form = useDeskForm(claimDecisionSchema, { refundCents: '0', answer: '' }, (values) => ({
    refundCents: dollarsToCents(values.refundCents) ?? 0,
    answer: values.answer,
  }));
  return (
    <DeskForm
      className="claims-desk__form"
      label="Decide the claim"
      form={form}
      send={(decision, refused) =>
        decide.mutate(
          { claimId: claim.id, refundCents: decision.refundCents, answer: decision.answer.trim() },
          {
            onSuccess: () =>
              toast({
                title: 'Claim decided',
                description:
                  decision.refundCents > 0
                    ? `${formatUsd(decision.refundCents)} goes back to the customer.`
                    : 'No further refund; both sides are e-mailed.',
              }),
            onError: refused,
          },
        )
      }
      pending={decide.isPending}
      submit="Decide"
    >
      <FormField
        label="Further refund ($)"
        hint="0 for none."
        {...form.field('refundCents', { message: dollarsError })}
      >
        <Input inputMode="decimal" />
      </FormField>
      <FormField label="Decision, in words both sides read" required {...form.field('answer')}>
        <Textarea rows={2} maxLength={1000} />
      </FormField>
    </DeskForm>
  );
}

/** A claim open or disputed: what both sides said, and the form to decide it. */
export function ClaimRow({ entry: claim }: { entry: StaffClaim }) {
  return (
    <li className="claims-desk__row" data-claim-id={claim.id}>
      <div className="claims-desk__head">
        <p className="claims-desk__title">
          {claim.request.title} <span className="claims-desk__farm">· {claim.farm.name}</span>
        </p>
        <Badge variant={claim.status === 'disputed' ? 'red' : 'yellow'}>
          {claim.status === 'disputed' ? 'Disputed' : 'Waiting for the farm'}
        </Badge>
      </div>
      <p className="claims-desk__reason">
        {CLAIM_REASONS[claim.reason as ClaimReason] ?? claim.reason} · reported {moment(claim.createdAt)}
        {claim.refundCents > 0 && ` · ${formatUsd(claim.refundCents)} refunded so far`}
      </p>
      <p className="claims-desk__text">{claim.details}</p>
      {claim.answer && <p className="claims-desk__text claims-desk__answer">{claim.answer}</p>}
      <DecideForm claim={claim} />
    </li>
  );
}
