// Payments awaiting money, each with what it pays for, the payer, its reference and what is still owed,
// and (for a bank transfer) a small form to record a transfer seen at the bank: the amount, prefilled
// with what is owed, and the bank's own reference for it, so the same transfer never counts twice.
import { formatUsd } from '@printfarm/domain/money';
import { paymentReceivedSchema } from '@printfarm/domain/receipts';
import { type StaffPayment, useRecordTransfer } from '../../api/adminPayments.ts';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { centsToDollars, dollarsError, dollarsToCents } from '../../lib/dollars.ts';
import { moment } from '../request/format.ts';
import { BankReferenceField, DeskForm, useDeskForm } from './DeskForm.tsx';
import { MoneyRow } from './MoneyRow.tsx';

const owed = (payment: StaffPayment) => Math.max(0, payment.amountCents - payment.receivedCents);

/** A payment awaiting money: what is owed and, for a bank transfer, the form to record one. */
export function UnpaidPayment({ entry: payment }: { entry: StaffPayment }) {
  return (
    <MoneyRow
      data-payment-id={payment.id}
      entry={payment}
      detail={
        <>
          Asked {moment(payment.createdAt)}
          {payment.method === 'card' && ' · by card'}
        </>
      }
      cents={owed(payment)}
      centsNote={payment.receivedCents > 0 ? `owed of ${formatUsd(payment.amountCents)}` : 'owed'}
    >
      {payment.method === 'bank_transfer' ? (
        <RecordTransfer payment={payment} />
      ) : (
        <p className="unpaid__meta unpaid__card">The customer confirms the card; nothing to record.</p>
      )}
    </MoneyRow>
  );
}

function RecordTransfer({ payment }: { payment: StaffPayment }) {
  const record = useRecordTransfer(toastOnFailure('Could not record the transfer'));
  const firstValues = { amountCents: centsToDollars(owed(payment)), reference: '' };
  const form = useDeskForm(paymentReceivedSchema, firstValues, (values) => ({
    amountCents: dollarsToCents(values.amountCents),
    reference: values.reference.trim(),
  }));
  return (
    <DeskForm
      className="unpaid__form"
      label={`Record a transfer for ${payment.reference}`}
      form={form}
      send={(input, refused) =>
        record.mutate(
          { paymentId: payment.id, amountCents: input.amountCents as number, reference: input.reference },
          {
            onSuccess: (recorded) => {
              form.reset({
                amountCents: centsToDollars(Math.max(0, recorded.amountCents - recorded.receivedCents)),
                reference: '',
              });
              toast({
                title: recorded.duplicate ? 'Already recorded' : 'Transfer recorded',
                description: recorded.duplicate
                  ? `The bank reference ${recorded.bankReference} was recorded before; nothing changed.`
                  : recorded.status === 'awaiting'
                    ? `${formatUsd(recorded.receivedCents)} of ${formatUsd(recorded.amountCents)} received for ${recorded.reference}.`
                    : `${recorded.reference} is paid in full.`,
              });
            },
            onError: refused,
          },
        )
      }
      pending={record.isPending}
      submit="Record transfer"
      variant="outline"
    >
      <FormField label="Amount ($)" required {...form.field('amountCents', { message: dollarsError })}>
        <Input inputMode="decimal" />
      </FormField>
      <BankReferenceField binding={form.field('reference')} example="ACH 0042117" />
    </DeskForm>
  );
}
