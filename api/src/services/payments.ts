// Staff's money desk: what is awaited (every purpose), what went back, the payouts and the open claims;
// a bank transfer recorded against a payment by hand; payout statements marked sent; the ledger's checks.
// The money itself moves through db/payments (flow.ts, payouts.ts), in one transaction per action.
import type { PrismaClient } from '@printfarm/db';
import { accountTotals, cachedBalanceDrift } from '@printfarm/db/ledger';
import { recordJob } from '@printfarm/db/outbox';
import { canReceive, lockPayment, recordReceived } from '@printfarm/db/payments/flow';
import {
  markPayoutSent,
  PAYOUT_PAYEE,
  payoutRecipient,
  sentThroughStripe,
} from '@printfarm/db/payments/payouts';
import { markRefundSent } from '@printfarm/db/payments/refundTransfers';
import type { PaymentReceived } from '@printfarm/domain/receipts';
import { payoutSentMail } from '@printfarm/mail/payoutSent';
import { badRequest, conflict, notFound } from '../http/errors.ts';

export const PAYMENT_NOT_FOUND = 'Payment not found';
export const PAYOUT_NOT_FOUND = 'Payout not found';

/** What a payment pays for, named: the request's title, the order, the farm's invoice. */
export const paymentSubject = {
  request: { select: { id: true, title: true } },
  order: { select: { id: true, store: { select: { displayName: true } } } },
  invoice: {
    select: { id: true, kind: true, period: true, farm: { select: { id: true, displayName: true } } },
  },
} as const;

const LIST_LIMIT = { unpaid: 500, refunds: 50, refundTransfers: 100, payouts: 100, claims: 200 } as const;
export const REFUND_NOT_FOUND = 'Refund not found';

/** GET /api/admin/payments: the four lists of the staff money screen. */
export async function moneyDesk(prisma: PrismaClient) {
  const [unpaid, refunds, refundTransfers, payouts, claims] = await Promise.all([
    prisma.payment.findMany({
      where: { status: 'awaiting' },
      include: paymentSubject,
      orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
      take: LIST_LIMIT.unpaid,
    }),
    prisma.payment.findMany({
      where: { refundedCents: { gt: 0 } },
      include: paymentSubject,
      orderBy: [{ refundedAt: { sort: 'desc', nulls: 'last' } }, { id: 'asc' }],
      take: LIST_LIMIT.refunds,
    }),
    prisma.refundTransfer.findMany({
      include: { payment: { include: paymentSubject } },
      // Those still to send first (oldest first: the customer has waited longest), then the latest sent.
      orderBy: [{ sentAt: { sort: 'desc', nulls: 'first' } }, { createdAt: 'asc' }, { id: 'asc' }],
      take: LIST_LIMIT.refundTransfers,
    }),
    prisma.payout.findMany({
      include: { farm: PAYOUT_PAYEE, store: PAYOUT_PAYEE },
      // Pending statements (staff still send them) first, then the newest.
      orderBy: [{ status: 'asc' }, { createdAt: 'desc' }, { id: 'asc' }],
      take: LIST_LIMIT.payouts,
    }),
    prisma.jobClaim.findMany({
      where: { status: { in: ['open', 'disputed'] } },
      include: { request: { select: { title: true } }, farm: { select: { displayName: true } } },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      take: LIST_LIMIT.claims,
    }),
  ]);
  return { unpaid, refunds, refundTransfers, payouts, claims };
}

/**
 * Staff saw a transfer arrive at the bank: it is recorded against the payment under the bank's own
 * reference, so the same transfer recorded twice counts once (duplicate). Paid in full, the payment is
 * secured and what it pays for goes ahead; money for a payment refunded, failed or already paid goes back.
 */
export async function recordPaymentReceived(prisma: PrismaClient, paymentId: string, input: PaymentReceived) {
  return prisma.$transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw notFound(PAYMENT_NOT_FOUND);
    // A card payment's money is Stripe's to report (its webhook); a transfer recorded here would be
    // counted beside the card's capture.
    if (payment.provider !== 'invoice') throw conflict('This payment is by card: Stripe reports its money');
    if (!canReceive(payment, input.amountCents)) {
      const message = 'That is more than one payment can hold: check the amount';
      throw badRequest(message, { amountCents: message });
    }
    const outcome = await recordReceived(tx, payment, {
      cents: input.amountCents,
      bankReference: input.reference,
    });
    return {
      payment: await tx.payment.findUniqueOrThrow({ where: { id: paymentId } }),
      duplicate: outcome === 'duplicate',
    };
  });
}

/**
 * Staff sent a payout statement's money by hand: the ledger's payout.sent and the payee's e-mail, in one
 * transaction. 404 for no such payout, 409 when it was sent before.
 */
export async function markPayoutSentByStaff(prisma: PrismaClient, appUrl: string, payoutId: string) {
  return prisma.$transaction(async (tx) => {
    const stated = await tx.payout.findUnique({
      where: { id: payoutId },
      include: { farm: PAYOUT_PAYEE, store: PAYOUT_PAYEE },
    });
    if (stated?.status === 'pending' && sentThroughStripe(stated)) {
      throw conflict(
        `This payout goes to ${stated.farm?.displayName ?? stated.store?.displayName}'s Stripe account, which sends it: do not send it by hand`,
      );
    }
    const payout = await markPayoutSent(tx, payoutId, null);
    if (!payout) {
      const exists = await tx.payout.count({ where: { id: payoutId } });
      throw exists ? conflict('This payout was already sent') : notFound(PAYOUT_NOT_FOUND);
    }
    const to = await payoutRecipient(tx, payout);
    if (to) await recordJob(tx, 'email.send', await payoutSentMail(appUrl, to, payout));
    return tx.payout.findUniqueOrThrow({
      where: { id: payout.id },
      include: { farm: PAYOUT_PAYEE, store: PAYOUT_PAYEE },
    });
  });
}

/** Staff sent a refund by bank transfer: the ledger moves it out of cash; a second time is a conflict. */
export async function markRefundSentByStaff(prisma: PrismaClient, refundId: string, bankReference: string) {
  return prisma.$transaction(async (tx) => {
    const outcome = await markRefundSent(tx, refundId, bankReference);
    if (!outcome) throw notFound(REFUND_NOT_FOUND);
    if ('alreadySent' in outcome) throw conflict('This refund was already sent');
    return tx.refundTransfer.findUniqueOrThrow({
      where: { id: refundId },
      include: { payment: { include: paymentSubject } },
    });
  });
}

/** The ledger's accounts with their cached balances, and any whose cache disagrees with its entries. */
export async function ledgerAccounts(prisma: PrismaClient) {
  const [accounts, drift] = await Promise.all([accountTotals(prisma), cachedBalanceDrift(prisma)]);
  return { accounts, drift };
}
