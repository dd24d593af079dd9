// Gives money back: the processor first (keyed, so a retry never refunds twice), then the ledger and
// the payment under 'refund:<key>', and the customer's e-mail saying what went back and why.

import { recordJob } from '@printfarm/db/outbox';
import { lockPayment } from '@printfarm/db/payments/flow';
import { recordRefund, refundable } from '@printfarm/db/payments/refunds';
import { payerMail } from '../mail/customerMail.ts';
import type { JobHandler } from './types.ts';

export const paymentRefund: JobHandler<'payment.refund'> = async (
  { paymentId, cents, key, reason },
  { prisma, payments, config },
) => {
  const payment = await prisma.payment.findUnique({ where: { id: paymentId } });
  if (!payment) return 'skipped';
  if (await prisma.ledgerTransaction.findUnique({ where: { idempotencyKey: `refund:${key}` } }))
    return 'skipped';
  const heldOnly =
    payment.provider === 'stripe' && payment.status === 'authorized' && payment.capturedCents === 0;
  const amount = heldOnly ? payment.amountCents : Math.min(cents ?? refundable(payment), refundable(payment));
  if (amount <= 0) return 'skipped';
  await payments.refund(payment, amount, key);
  return prisma.$transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (!locked) return 'skipped';
    const refunded = await recordRefund(tx, locked, { cents: amount, key, reason });
    if (refunded === 0 && !heldOnly) return 'skipped';
    // A claim's refund is in: the job's share can be released once the window closes (now, if it has).
    if (key.startsWith('claim:') && locked.jobId)
      await recordJob(tx, 'claims.close', { jobId: locked.jobId });
    await payerMail(tx, config.PUBLIC_URL, locked)(
      'refundEmail',
      {
        key,
        reference: locked.reference,
        cents: heldOnly ? locked.amountCents : refunded,
        card: locked.provider === 'stripe',
        heldOnly,
        requestId: locked.requestId,
      },
      reason,
    );
    return 'done';
  });
};
