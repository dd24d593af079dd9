// Money going back to a customer, in the caller's transaction: what a payment still holds and can
// return, and the ledger transaction of a refund the processor made (or that staff will send by bank
// transfer). The payment.refund job calls the processor first, then writes what happened here.
import {
  type Payee,
  payeeColumns,
  type RefundVia,
  refundParts,
  post as rules,
  unearnedLeft,
} from '@printfarm/domain/ledger';
import type { Payment, Prisma } from '../generated/client.ts';
import { post } from '../ledger.ts';
import { payeeOf, paymentRefs } from './flow.ts';

/** What can still go back: captured money less refunds, or (not captured) what was received. */
export function refundable(payment: Payment): number {
  if (payment.status === 'captured' || payment.capturedCents > 0) {
    const unearned = Math.max(0, payment.receivedCents - payment.capturedCents);
    return payment.capturedCents + unearned - payment.refundedCents;
  }
  return payment.receivedCents - payment.refundedCents;
}

export interface RefundTerms {
  cents: number;
  /** Names the refund: the same key refunds once. */
  key: string;
  reason: string;
  /** Only money received and never earned goes back (see the payment.refund job). */
  unearnedOnly?: boolean;
}

/**
 * Writes a refund the processor made (or staff will send): money not yet earned comes out of customer
 * funds; earned money out of the payee's pending share and the commission, in proportion. A card hold
 * never captured is simply released.
 */
export async function recordRefund(
  tx: Prisma.TransactionClient,
  payment: Payment,
  { cents, key, reason, unearnedOnly = false }: RefundTerms,
): Promise<number> {
  const card = payment.provider === 'stripe';
  if (card && payment.status === 'authorized' && payment.capturedCents === 0) {
    const released = await post(tx, {
      kind: 'hold.released',
      memo: `Card hold released for ${payment.reference}: ${reason}`,
      key: `hold-released:${payment.id}`,
      entries: rules.holdReleased(payment.amountCents),
      refs: paymentRefs(payment),
    });
    if (released) {
      await tx.payment.update({
        where: { id: payment.id },
        data: { status: 'refunded', refundedAt: new Date() },
      });
    }
    return 0;
  }
  const amount = Math.min(cents, refundable(payment), unearnedOnly ? unearnedLeft(payment) : Infinity);
  if (amount <= 0) return 0;
  const { unearned: unearnedPart, earned: earnedPart, fromShare } = refundParts(payment, amount);
  // A card refund leaves with the processor's call; a bank transfer is owed until staff send it.
  const via: RefundVia = card ? 'processor' : 'transfer';
  const entries = [...(unearnedPart > 0 ? rules.refundUnearned(unearnedPart, via) : [])];
  let payee: Payee | null = null;
  if (earnedPart > 0) {
    payee = await payeeOf(tx, payment);
    if (!payee) throw new Error(`Payment ${payment.id} has earned money but no payee`);
    entries.push(...rules.refundEarned(earnedPart, payee, fromShare, via));
  }
  const posted = await post(tx, {
    kind: 'refunded',
    memo: `Refunded ${payment.reference}: ${reason}`,
    key: `refund:${key}`,
    entries: merge(entries),
    refs: {
      ...paymentRefs(payment),
      ...payeeColumns(payee),
    },
  });
  if (!posted) return 0;
  if (via === 'transfer') {
    await tx.refundTransfer.create({
      data: { paymentId: payment.id, cents: amount, ledgerKey: `refund:${key}`, reason },
    });
  }
  const refundedCents = payment.refundedCents + amount;
  const whole = refundedCents >= Math.max(payment.receivedCents, payment.capturedCents);
  await tx.payment.update({
    where: { id: payment.id },
    data: { refundedCents, refundedAt: new Date(), ...(whole ? { status: 'refunded' } : {}) },
  });
  if (whole && payment.orderId) {
    await tx.order.update({ where: { id: payment.orderId }, data: { paymentStatus: 'refunded' } });
  }
  return amount;
}

/** One entry per account: a refund that is part unearned, part earned touches cash twice. */
function merge(entries: { account: string; cents: number }[]) {
  const byAccount = new Map<string, number>();
  for (const entry of entries)
    byAccount.set(entry.account, (byAccount.get(entry.account) ?? 0) + entry.cents);
  return [...byAccount].map(([account, cents]) => ({ account, cents }));
}
