// Payout statements (pending first) with 'Mark sent' once staff have sent the money by hand (those whose
// payee Stripe can pay are Stripe's to send), and each statement as CSV; and the refunds that went back
// to payers.
import { formatUsd } from '@printfarm/domain/money';
import type { ComponentProps, ReactNode } from 'react';
import {
  type StaffPayment,
  type StaffPayout,
  staffStatementUrl,
  useMarkPayoutSent,
} from '../../api/adminPayments.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { dayOf, moment } from '../request/format.ts';

/** One statement or refund: who or what, a line on it, the amount, then what staff can do. */
function DeskRow({
  title,
  meta,
  amount,
  children,
  ...row
}: Omit<ComponentProps<'li'>, 'title'> & { title: string; meta: ReactNode; amount: ReactNode }) {
  return (
    <li className="desk-list__row" {...row}>
      <div className="desk-list__what">
        <p className="desk-list__title">{title}</p>
        <p className="desk-list__meta">{meta}</p>
      </div>
      <span className="desk-list__amount">{amount}</span>
      {children}
    </li>
  );
}

function MarkSent({ payout }: { payout: StaffPayout }) {
  const mark = useMarkPayoutSent(toastOnFailure('Could not mark the payout sent'));
  return (
    <Button
      size="sm"
      loading={mark.isPending && mark.variables === payout.id}
      onClick={() =>
        mark.mutate(payout.id, {
          onSuccess: () =>
            toast({
              title: 'Payout sent',
              description: `${formatUsd(payout.amountCents)} to ${payout.payee.name}; they are e-mailed.`,
            }),
        })
      }
    >
      Mark sent
    </Button>
  );
}

/** A payout statement: whom it pays, how much, whether it was sent, and its CSV. */
export function PayoutRow({ entry: payout }: { entry: StaffPayout }) {
  return (
    <DeskRow
      data-payout-id={payout.id}
      title={payout.payee.name || 'Unnamed payee'}
      meta={
        <>
          {payout.payee.kind === 'farm' ? 'Farm' : 'Store'} · stated {dayOf(payout.createdAt, true)}
          {payout.provider !== 'invoice' && ` · ${payout.provider}`}
        </>
      }
      amount={formatUsd(payout.amountCents)}
    >
      <div className="desk-list__actions">
        {payout.status === 'sent' ? (
          <Badge variant="green">Sent {payout.sentAt ? dayOf(payout.sentAt) : ''}</Badge>
        ) : payout.throughStripe ? (
          <Badge variant="blue">Stripe sends it</Badge>
        ) : (
          <MarkSent payout={payout} />
        )}
        <a href={staffStatementUrl(payout.id)} download className="desk-list__link">
          Statement (CSV)
        </a>
      </div>
    </DeskRow>
  );
}

/** A payment refunded (in part or whole): what it paid for, who paid, and how much went back. */
export function RefundRow({ entry: payment }: { entry: StaffPayment }) {
  return (
    <DeskRow
      title={payment.paysFor.label}
      meta={
        <>
          <code>{payment.reference}</code> · {payment.payer.name || payment.payer.email}
          {payment.refundedAt && ` · ${moment(payment.refundedAt)}`}
        </>
      }
      amount={
        <>
          {formatUsd(payment.refundedCents)}
          <span className="desk-list__meta">
            {' '}
            of {formatUsd(payment.capturedCents || payment.receivedCents || payment.amountCents)}
          </span>
        </>
      }
    />
  );
}
