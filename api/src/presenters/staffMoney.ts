// The staff money screen: payments (what each pays for, in words), payouts with their payee, and the
// claims staff may have to decide. Staff see payers' names and e-mails: they match transfers by them.
import type { JobClaim, Payment, Payout, RefundTransfer } from '@printfarm/db';
import { type PayoutPayee, sentThroughStripe } from '@printfarm/db/payments/payouts';
import { presentClaimFacts } from './claim.ts';
import { presentPayment } from './payment.ts';
import { iso } from './wire.ts';

interface PaymentSubject {
  request: { id: string; title: string } | null;
  order: { id: string; store: { displayName: string } } | null;
  invoice: { id: string; kind: string; period: Date; farm: { id: string; displayName: string } } | null;
}

/** 'Membership fee 2026-05: Prusa Barn', 'Order 3F2A9C1B (Maker Bay)', '"Drone frame"'. */
function paysFor(payment: Payment & PaymentSubject) {
  const { request, order, invoice } = payment;
  let label = payment.purpose;
  if (invoice) {
    const what =
      invoice.kind === 'signup' ? 'Signup fee' : `Membership fee ${invoice.period.toISOString().slice(0, 7)}`;
    label = `${what}: ${invoice.farm.displayName}`;
  } else if (order) label = `Order ${order.id.slice(0, 8).toUpperCase()} (${order.store.displayName})`;
  else if (request) {
    label = payment.purpose === 'difference' ? `Difference for "${request.title}"` : `"${request.title}"`;
  }
  return {
    label,
    requestId: request?.id ?? null,
    orderId: order?.id ?? null,
    invoiceId: invoice?.id ?? null,
    farmId: invoice?.farm.id ?? null,
  };
}

export function presentStaffPayment(payment: Payment & PaymentSubject) {
  return {
    id: payment.id,
    purpose: payment.purpose,
    paysFor: paysFor(payment),
    status: payment.status,
    method: payment.provider === 'invoice' ? ('bank_transfer' as const) : ('card' as const),
    amountCents: payment.amountCents,
    receivedCents: payment.receivedCents,
    capturedCents: payment.capturedCents,
    refundedCents: payment.refundedCents,
    reference: payment.reference,
    payer: { name: payment.payerName, email: payment.payerEmail },
    failureReason: payment.failureReason,
    createdAt: payment.createdAt.toISOString(),
    refundedAt: iso(payment.refundedAt),
  };
}

/** The answer to recording a transfer: the payment as it now stands, and whether it was seen before. */
export function presentRecorded(payment: Payment, bankReference: string, duplicate: boolean) {
  return {
    ...presentPayment(payment, ''),
    payer: { name: payment.payerName, email: payment.payerEmail },
    bankReference,
    /** The same bank reference was recorded before: nothing new was written. */
    duplicate,
  };
}

/** A refund staff send by bank transfer: to whom, for what, how much, and whether it has left. */
export function presentRefundTransfer(refund: RefundTransfer & { payment: Payment & PaymentSubject }) {
  return {
    id: refund.id,
    paymentId: refund.paymentId,
    reference: refund.payment.reference,
    paysFor: paysFor(refund.payment),
    payer: { name: refund.payment.payerName, email: refund.payment.payerEmail },
    cents: refund.cents,
    reason: refund.reason,
    createdAt: refund.createdAt.toISOString(),
    sentAt: iso(refund.sentAt),
    sentReference: refund.sentReference,
  };
}

type PayoutWithPayee = Payout & { farm: PayoutPayee | null; store: PayoutPayee | null };

export function presentStaffPayout(payout: PayoutWithPayee) {
  return {
    id: payout.id,
    payee: {
      kind: payout.farmId ? ('farm' as const) : ('store' as const),
      id: payout.farmId ?? payout.storeId,
      name: payout.farm?.displayName ?? payout.store?.displayName ?? '',
    },
    amountCents: payout.amountCents,
    status: payout.status as 'pending' | 'sent',
    provider: payout.provider,
    throughStripe: sentThroughStripe(payout),
    createdAt: payout.createdAt.toISOString(),
    sentAt: iso(payout.sentAt),
  };
}

export function presentStaffClaim(
  claim: JobClaim & { request: { title: string }; farm: { displayName: string } },
) {
  return {
    ...presentClaimFacts(claim),
    request: { id: claim.requestId, title: claim.request.title },
    farm: { id: claim.farmId, name: claim.farm.displayName },
    jobId: claim.jobId,
    createdAt: claim.createdAt.toISOString(),
    answeredAt: iso(claim.answeredAt),
  };
}

export function presentMoneyDesk(desk: {
  unpaid: (Payment & PaymentSubject)[];
  refunds: (Payment & PaymentSubject)[];
  refundTransfers: Parameters<typeof presentRefundTransfer>[0][];
  payouts: PayoutWithPayee[];
  claims: Parameters<typeof presentStaffClaim>[0][];
}) {
  return {
    unpaid: desk.unpaid.map(presentStaffPayment),
    refunds: desk.refunds.map(presentStaffPayment),
    refundTransfers: desk.refundTransfers.map(presentRefundTransfer),
    payouts: desk.payouts.map(presentStaffPayout),
    claims: desk.claims.map(presentStaffClaim),
  };
}

export type MoneyDeskView = ReturnType<typeof presentMoneyDesk>;
