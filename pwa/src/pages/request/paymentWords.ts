// How a print request's payments read to the customer: where each stands in words, and why a
// difference is asked for. Pure, so the wording is tested without a browser.
import { formatUsd } from '@printfarm/domain/money';
import type { PrintRequestDetail, RequestPayment } from '../../api/printRequests.ts';

/** Where the pay step is: the payment e-mails link here, and 'Place order' leads here. */
export const PAYMENT_ANCHOR = '#payment';

export type PaymentTone = 'waiting' | 'done' | 'refunded' | 'failed';

/** What is still to pay: the amount less what has arrived (a transfer may come in parts). */
export const stillOwed = (payment: Pick<RequestPayment, 'amountCents' | 'receivedCents'>) =>
  Math.max(0, payment.amountCents - payment.receivedCents);

/** The status in a few words, and how the section colours it. */
export function paymentState(payment: RequestPayment): { label: string; tone: PaymentTone } {
  switch (payment.status) {
    case 'awaiting':
      return { label: 'Awaiting your payment', tone: 'waiting' };
    case 'authorized':
      return { label: 'Payment received — the farm has the order', tone: 'done' };
    case 'captured':
      return payment.refundedCents > 0
        ? { label: `Charged; ${formatUsd(payment.refundedCents)} refunded`, tone: 'refunded' }
        : { label: 'Charged when the farm accepted', tone: 'done' };
    case 'refunded':
      return { label: `Refunded ${formatUsd(payment.refundedCents)}`, tone: 'refunded' };
    case 'failed':
      return { label: 'Failed', tone: 'failed' };
  }
}

/** The sentence under the status: what happens next, or what happened. */
export function paymentNote(payment: RequestPayment): string | null {
  if (payment.status === 'awaiting') {
    if (payment.receivedCents > 0) {
      return `We received ${formatUsd(payment.receivedCents)}; ${formatUsd(stillOwed(payment))} is still to pay.`;
    }
    return payment.method === 'card'
      ? 'Confirm your card: we only charge it when the farm accepts.'
      : 'Nothing goes to the farm until your payment arrives. We e-mail you as soon as it does.';
  }
  if (payment.status === 'authorized') {
    return payment.method === 'card'
      ? 'Your card is authorised; it is charged only when the farm accepts.'
      : 'If no farm can take the order, you get all of it back.';
  }
  if (payment.status === 'failed') return payment.failureReason ?? 'The payment did not go through.';
  return null;
}

/** Why a difference is asked for: a dearer counter-offer accepted, or a dearer farm after a decline. */
export function differenceReason(request: Pick<PrintRequestDetail, 'job'>): string {
  const job = request.job;
  if (job?.counter) {
    return `You accepted ${job.farm.name}’s new price. Pay the difference and they go ahead with your order.`;
  }
  return 'The farm you chose could not take the order, and the next one charges more. Pay the difference to send your order there, or cancel the request for a full refund.';
}

/** The payments that still wait for money: the customer must pay them (or cancel) to go on. */
export function awaitingPayments(request: Pick<PrintRequestDetail, 'payments'>): RequestPayment[] {
  return request.payments.filter((payment) => payment.status === 'awaiting');
}
