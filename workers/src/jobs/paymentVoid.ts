// Ends a called-off card payment at the processor (its Checkout page, and any hold), so the customer
// can no longer pay for an order that is gone. Only a payment that stayed failed is voided; one paid
// meanwhile is refunded instead (payment.secured finds the order cancelled).
import type { JobHandler } from './types.ts';

export const paymentVoid: JobHandler<'payment.void'> = async ({ paymentId }, { prisma, payments }) => {
  const payment = await prisma.payment.findUnique({ where: { id: paymentId } });
  if (payment?.status !== 'failed' || payment.provider !== payments.name) return 'skipped';
  if (!payment.providerRef && !payment.checkoutSessionId) return 'skipped';
  await payments.void(payment);
  return 'done';
};
