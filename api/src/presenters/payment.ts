// A payment as its payer sees it: what is asked, what arrived, how to pay, and what went back. The
// contract's fields (id, status, amountCents, reference, instructions) come first.
import type { Payment } from '@printfarm/db';
import { paymentInstructions } from '@printfarm/domain/charges';
import { iso } from './wire.ts';

export function presentPayment(payment: Payment, staffWords: string) {
  const invoice = payment.provider === 'invoice';
  return {
    id: payment.id,
    status: payment.status as 'awaiting' | 'authorized' | 'captured' | 'refunded' | 'failed',
    amountCents: payment.amountCents,
    reference: payment.reference,
    /** How to pay, while the money is awaited by bank transfer; null once paid, or for a card. */
    instructions:
      invoice && payment.status === 'awaiting'
        ? paymentInstructions(payment.amountCents - payment.receivedCents, payment.reference, staffWords)
        : null,
    method: invoice ? ('bank_transfer' as const) : ('card' as const),
    purpose: payment.purpose,
    receivedCents: payment.receivedCents,
    capturedCents: payment.capturedCents,
    refundedCents: payment.refundedCents,
    failureReason: payment.failureReason,
    securedAt: iso(payment.securedAt),
    capturedAt: iso(payment.capturedAt),
    refundedAt: iso(payment.refundedAt),
    createdAt: iso(payment.createdAt),
  };
}

export type PaymentView = ReturnType<typeof presentPayment>;
