// A customer's claim on a delivered job: what went wrong, their words and photos, and the farm's answer:
// a reprint at the farm's cost, or a refund (typed in dollars, sent in cents) with a message. Once
// answered, the answer shows; a dispute goes to staff, who decide.
import { CLAIM_REASONS, type ClaimReason, claimAnswerSchema } from '@printfarm/domain/claims';
import { formatUsd } from '@printfarm/domain/money';
import type { FieldError } from 'react-hook-form';
import { useAnswerClaim } from '../../api/claims.ts';
import type { OperatorJob } from '../../api/operator.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { FieldMessage, FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { dollarsError, dollarsToCents } from '../../lib/dollars.ts';
import { moment, money } from './format.ts';
import './claim.css';

type Claim = NonNullable<OperatorJob['claim']>;

const STATES: Record<string, string> = {
  open: 'Waiting for your answer',
  reprint: 'You offered a reprint',
  refunded: 'You refunded',
  disputed: 'Disputed: staff decide',
  closed: 'Settled',
};

interface AnswerValues {
  resolution: '' | 'reprint' | 'refund';
  /** Typed in dollars; sent as cents. */
  refundCents: string;
  message: string;
}

function AnswerForm({ job }: { job: OperatorJob }) {
  const answer = useAnswerClaim(job.id, toastOnFailure('Could not send your answer'));
  const {
    register,
    handleSubmit,
    watch,
    applyServerErrors,
    formState: { errors },
  } = useDomainForm(claimAnswerSchema, {
    defaultValues: { resolution: '', refundCents: '', message: '' } as AnswerValues,
    send: (values: AnswerValues) => ({
      resolution: values.resolution,
      refundCents: values.resolution === 'refund' ? dollarsToCents(values.refundCents) : undefined,
      message: values.message,
    }),
    reValidateMode: 'onChange',
  });
  const refund = watch('resolution') === 'refund';
  const onSubmit = handleSubmit((input) =>
    answer.mutate(
      {
        resolution: input.resolution as 'reprint' | 'refund',
        ...(input.refundCents !== undefined ? { refundCents: input.refundCents } : {}),
        ...(input.message ? { message: input.message } : {}),
      },
      {
        onSuccess: () =>
          toast({ title: 'Answer sent', description: 'The customer is e-mailed your answer.' }),
        onError: (error) => applyServerErrors(error, { focus: true }),
      },
    ),
  );
  return (
    <form className="op-claim__form" onSubmit={onSubmit} noValidate aria-label="Answer the claim">
      <fieldset className="op-claim__choices" aria-invalid={errors.resolution ? true : undefined}>
        <legend className="label">Your answer</legend>
        <label className="op-claim__choice">
          <input type="radio" value="reprint" {...register('resolution')} />
          <span>
            <strong>Reprint</strong>
            <small>Print and ship the parts again at your cost</small>
          </span>
        </label>
        <label className="op-claim__choice">
          <input type="radio" value="refund" {...register('resolution')} />
          <span>
            <strong>Refund</strong>
            <small>Give back part or all of the price</small>
          </span>
        </label>
        <FieldMessage error={errors.resolution?.message} />
      </fieldset>
      {refund && (
        <FormField
          label="Refund ($)"
          required
          hint={`Up to what the customer paid (${money(job.price)}).`}
          error={dollarsError(errors.refundCents as FieldError | undefined)}
        >
          <Input inputMode="decimal" placeholder="0.00" {...register('refundCents')} />
        </FormField>
      )}
      <FormField label="Message to the customer (optional)" error={errors.message?.message}>
        <Textarea rows={3} maxLength={1000} {...register('message')} />
      </FormField>
      <div className="op-claim__actions">
        <Button type="submit" loading={answer.isPending}>
          Send answer
        </Button>
      </div>
    </form>
  );
}

export function JobClaim({ job, claim }: { job: OperatorJob; claim: Claim }) {
  const open = claim.status === 'open';
  return (
    <Card className={open ? 'op-claim op-claim--open' : 'op-claim'} id="claim">
      <CardHeader>
        <CardTitle>Customer’s claim</CardTitle>
        <CardDescription>
          {STATES[claim.status] ?? claim.status}
          {claim.status === 'refunded' && ` ${formatUsd(claim.refundCents)}`} · reported{' '}
          {moment(claim.createdAt)}
        </CardDescription>
      </CardHeader>
      <CardContent className="op-claim__content">
        <div>
          <p className="op-claim__reason">{CLAIM_REASONS[claim.reason as ClaimReason] ?? claim.reason}</p>
          <p className="op-claim__text">{claim.details}</p>
        </div>
        {claim.photoUrls.length > 0 && (
          <ul className="op-claim__photos" aria-label="Photos from the customer">
            {claim.photoUrls.map((url, index) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noreferrer">
                  <img src={url} alt={`The customer’s view ${index + 1} of the problem`} loading="lazy" />
                </a>
              </li>
            ))}
          </ul>
        )}
        {claim.answer && (
          <div className="op-notes">
            <p className="op-notes__label">Answer</p>
            <p className="op-claim__text">{claim.answer}</p>
          </div>
        )}
        {open && (
          <>
            <p className="op-claim__window">
              Your share of this job stays pending until the claim is settled
              {job.claimsCloseAt ? ` (the claims window closes ${moment(job.claimsCloseAt)})` : ''}.
            </p>
            <AnswerForm job={job} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
