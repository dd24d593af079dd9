// Captures a secured payment: the farm accepted the job, or a store order or membership invoice was
// paid. The processor is called first with the payment's own idempotency key (a retry after a crash
// finds the capture already made), then the ledger is written under 'capture:<payment>' (a retry after
// the write finds it posted). Killed between the two, the next attempt does the second half only.
import { capturePlan, lockPayment, moneyTerms, recordCaptured } from '@printfarm/db/payments/flow';
import type { JobHandler } from './types.ts';

export const paymentCapture: JobHandler<'payment.capture'> = async ({ paymentId }, { prisma, payments }) => {
  const payment = await prisma.payment.findUnique({ where: { id: paymentId } });
  if (payment?.status !== 'authorized') return 'skipped';
  const terms = await moneyTerms(prisma);
  const plan = await prisma.$transaction((tx) => capturePlan(tx, payment, terms));
  if (!plan) return 'skipped';
  // Nothing owed (a re-route found the job already paid for): the processor releases the hold.
  await payments.capture(payment, plan.cents);
  return prisma.$transaction(async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (locked?.status !== 'authorized') return 'skipped';
    await recordCaptured(tx, locked, (await capturePlan(tx, locked, terms)) ?? plan);
    return 'done';
  });
};
