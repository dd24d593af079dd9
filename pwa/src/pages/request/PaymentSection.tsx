// The pay step (#payment, where the payment e-mails link): exactly what is charged, line by line, where
// the payment stands, and while it is awaited how to pay: the reference to write on a bank transfer, or
// the button to Stripe Checkout's card page.
// A difference asked for later (a dearer counter-offer, or a dearer farm after a decline) shows the same
// way, with its reason.
import { formatUsd } from '@printfarm/domain/money';
import { useState } from 'react';
import type { PrintRequestDetail, RequestPayment } from '../../api/printRequests.ts';
import { PayByCard } from '../../components/payment/PayByCard.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { cx } from '../../lib/cx.ts';
import { differenceReason, paymentNote, paymentState } from './paymentWords.ts';
import './payment.css';

interface ChargeLine {
  label: string;
  cents: number;
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

function Reference({ reference }: { reference: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    const done = await copyText(reference);
    setCopied(done);
    toast(
      done
        ? { title: 'Reference copied', description: `Paste ${reference} into your payment’s reference.` }
        : {
            title: 'Could not copy',
            description: `Write ${reference} on your payment.`,
            variant: 'destructive',
          },
    );
  };
  return (
    <div className="pay-reference">
      <span className="pay-reference__label">Reference</span>
      <code className="pay-reference__code" data-testid="payment-reference">
        {reference}
      </code>
      <Button
        size="sm"
        variant="outline"
        onClick={() => void copy()}
        aria-label={copied ? `Reference ${reference} copied` : `Copy reference ${reference}`}
      >
        {copied ? 'Copied' : 'Copy'}
      </Button>
    </div>
  );
}

function ChargeTable({ lines, totalCents }: { lines: readonly ChargeLine[]; totalCents: number }) {
  return (
    <table className="charge-lines">
      <caption className="sr-only">What you are charged</caption>
      <tbody>
        {lines.map((line) => (
          <tr key={line.label}>
            <th scope="row">{line.label}</th>
            <td>{formatUsd(line.cents)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td data-testid="payment-total">{formatUsd(totalCents)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

function PaymentBlock({
  payment,
  title,
  reason,
  lines,
  totalCents,
}: {
  payment: RequestPayment;
  title?: string;
  reason?: string | null;
  lines: readonly ChargeLine[];
  totalCents: number;
}) {
  const state = paymentState(payment);
  const note = paymentNote(payment);
  const awaiting = payment.status === 'awaiting';
  return (
    <div className={cx('payment', awaiting && 'payment--awaiting')} data-payment-status={payment.status}>
      <div className="payment__head">
        {title && <h3 className="payment__title">{title}</h3>}
        <p className={cx('payment__status', `payment__status--${state.tone}`)}>{state.label}</p>
      </div>
      {reason && <p className="payment__reason">{reason}</p>}
      <div className="payment__body">
        <ChargeTable lines={lines} totalCents={totalCents} />
        {awaiting && payment.method === 'bank_transfer' ? (
          <div className="pay-how">
            <Reference reference={payment.reference} />
            {payment.instructions && <p className="pay-how__instructions">{payment.instructions}</p>}
            {note && <p className="payment__note">{note}</p>}
          </div>
        ) : awaiting && payment.method === 'card' ? (
          <div className="pay-how">
            <PayByCard paymentId={payment.id} owedCents={payment.amountCents} />
          </div>
        ) : (
          note && <p className="payment__note">{note}</p>
        )}
      </div>
    </div>
  );
}

export function PaymentSection({ request }: { request: PrintRequestDetail }) {
  const { payment, charge } = request;
  const differences = request.payments.filter((each) => each.purpose === 'difference');
  if (!payment && differences.length === 0) return null;
  return (
    <section id="payment" tabIndex={-1} className="payment-section" aria-labelledby="payment-title">
      <h2 id="payment-title" className="payment-section__title">
        Payment
      </h2>
      {payment && charge && (
        <PaymentBlock payment={payment} lines={charge.lines} totalCents={charge.totalCents} />
      )}
      {differences.map((difference) => (
        <PaymentBlock
          key={difference.id}
          payment={difference}
          title="The difference"
          reason={difference.status === 'awaiting' ? differenceReason(request) : null}
          lines={[{ label: 'Difference to the new price', cents: difference.amountCents }]}
          totalCents={difference.amountCents}
        />
      ))}
    </section>
  );
}
