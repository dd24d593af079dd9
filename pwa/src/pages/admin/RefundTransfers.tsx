// Refunds staff send by bank transfer (the default way to pay): each one still to send, to whom, how
// much and why, with the bank's reference to fill in once it has left; then the latest ones sent.
import { formatUsd } from '@printfarm/domain/money';
import { refundSentSchema } from '@printfarm/domain/receipts';
import { type StaffRefundTransfer, useMarkRefundSent } from '../../api/adminPayments.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { dayOf, moment } from '../request/format.ts';
import { BankReferenceField, DeskForm, useDeskForm } from './DeskForm.tsx';
import { MoneyRow } from './MoneyRow.tsx';

/** A refund to send by bank transfer, or sent: with the form to mark it sent, or the bank's reference. */
export function RefundTransfer({ entry: refund }: { entry: StaffRefundTransfer }) {
  return (
    <MoneyRow
      data-refund-id={refund.id}
      entry={refund}
      detail={`${refund.reason} · ${moment(refund.createdAt)}`}
      cents={refund.cents}
      centsNote={refund.sentAt ? 'sent' : 'to send'}
    >
      {refund.sentAt ? (
        <p className="unpaid__meta">
          <Badge variant="green">Sent {dayOf(refund.sentAt)}</Badge> · {refund.sentReference}
        </p>
      ) : (
        <MarkRefundSent refund={refund} />
      )}
    </MoneyRow>
  );
}

function MarkRefundSent({ refund }: { refund: StaffRefundTransfer }) {
  const mark = useMarkRefundSent(toastOnFailure('Could not mark the refund sent'));
  const form = useDeskForm(refundSentSchema, { reference: '' }, (values) => ({
    reference: values.reference.trim(),
  }));
  return (
    <DeskForm
      className="unpaid__form unpaid__form--single"
      label={`Mark the refund for ${refund.reference} sent`}
      form={form}
      send={(input, refused) =>
        mark.mutate(
          { refundId: refund.id, reference: input.reference },
          {
            onSuccess: () =>
              toast({
                title: 'Refund sent',
                description: `${formatUsd(refund.cents)} to ${refund.payer.name || refund.payer.email}.`,
              }),
            onError: refused,
          },
        )
      }
      pending={mark.isPending}
      submit="Mark sent"
      variant="outline"
    >
      <BankReferenceField binding={form.field('reference')} example="ACH 0042118" />
    </DeskForm>
  );
}
