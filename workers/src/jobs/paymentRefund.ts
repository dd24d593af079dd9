// Gives money back: the processor first (keyed, so a retry never refunds twice), then the ledger and
// the payment under 'refund:<key>', and the customer's e-mail saying what went back and why.

import type { Payment } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { lockPayment } from '@printfarm/db/payments/flow';
import { recordRefund, refundable } from '@printfarm/db/payments/refunds';
import { unearnedLeft } from '@printfarm/domain/ledger';
import { payerMail } from '../mail/customerMail.ts';
import type { JobHandler } from './types.ts';

/** A card authorised and never captured: giving it back releases the hold. */
const heldOnly = (payment: Payment) =>
  payment.provider === 'stripe' && payment.status === 'authorized' && payment.capturedCents === 0;

export const paymentRefund: JobHandler<'payment.refund'> = async (
  { paymentId, cents, key, reason, unearnedOnly = false },
  { prisma, payments, config },
) => {
  const payment = await prisma.payment.findUnique({ where: { id: paymentId } });
  if (!payment) return 'skipped';
  if (await prisma.ledgerTransaction.findUnique({ where: { idempotencyKey: `refund:${key}` } }))
    return 'skipped';
  const amount = heldOnly(payment)
    ? payment.amountCents
    : Math.min(cents ?? Infinity, refundable(payment), unearnedOnly ? unearnedLeft(payment) : Infinity);
  if (amount <= 0) return 'skipped';
  await payments.refund(payment, amount, key);
  return prisma.$transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (!locked) return 'skipped';
    // Read under the lock: another refund of the same payment (a cancel and an unwanted payment at
    // once) may have released the hold or given the money back meanwhile, and mailed about it.
    const released = heldOnly(locked);
    const refunded = await recordRefund(tx, locked, { cents: amount, key, reason, unearnedOnly });
    if (refunded === 0 && !released) return 'skipped';
    // A claim's refund is in: the job's share can be released once the window closes (now, if it has).
    if (key.startsWith('claim:') && locked.jobId)
      await recordJob(tx, 'claims.close', { jobId: locked.jobId });
    await payerMail(tx, config.PUBLIC_URL, locked)(
      'refundEmail',
      {
        key,
        reference: locked.reference,
        cents: released ? locked.amountCents : refunded,
        card: locked.provider === 'stripe',
        heldOnly: released,
        requestId: locked.requestId,
      },
      reason,
    );
    return 'done';
  });
};
