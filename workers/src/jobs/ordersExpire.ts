// Store orders never paid are cancelled, so their stock goes back on sale: a bank transfer is waited for
// ORDER_PAYMENT_DAYS, a card CARD_ORDER_PAYMENT_HOURS (its Checkout page lasts a day at most). Each is
// cancelled as the store would cancel it (db/src/payments/orderCancel.ts: the payment called off, the
// items restocked) and the shopper is told why; an order paid, or cancelled, meanwhile is left alone.
import type { Prisma } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { cancelOrderPayment, lockOrderPayment, restockOrder } from '@printfarm/db/payments/orderCancel';
import { paymentHoldsMoney } from '@printfarm/domain/charges';
import { CARD_ORDER_PAYMENT_HOURS, ORDER_PAYMENT_DAYS } from '@printfarm/domain/order';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailOrderOf, mailStore } from '@printfarm/mail/orders';
import type { JobHandler } from './types.ts';

const HOUR_MS = 3_600_000;

/** How long an order with this payment provider is waited for. */
const waitMs = (provider: string) =>
  provider === 'stripe' ? CARD_ORDER_PAYMENT_HOURS * HOUR_MS : ORDER_PAYMENT_DAYS * 24 * HOUR_MS;

const NOT_PAID = (provider: string) =>
  provider === 'stripe'
    ? 'It was not paid within a day, so its items went back on sale.'
    : `It was not paid within ${ORDER_PAYMENT_DAYS} days, so its items went back on sale.`;

export const ordersExpire: JobHandler<'orders.expire'> = async (_payload, { prisma, log }) => {
  // The shortest wait bounds the candidates; each is checked against its own under its locks.
  const candidates = await prisma.order.findMany({
    where: {
      status: 'pending',
      createdAt: { lt: new Date(Date.now() - CARD_ORDER_PAYMENT_HOURS * HOUR_MS) },
      payments: { some: { status: 'awaiting', receivedCents: 0 } },
    },
    select: { id: true, storeId: true },
    orderBy: { createdAt: 'asc' },
    take: 1_000,
  });
  let cancelled = 0;
  for (const { id, storeId } of candidates) {
    if (await cancelIfUnpaid(prisma, id, storeId)) cancelled++;
  }
  if (cancelled > 0) log.info({ cancelled }, 'unpaid store orders cancelled');
  return cancelled > 0 ? 'done' : 'skipped';
};

async function cancelIfUnpaid(
  prisma: Parameters<JobHandler<'orders.expire'>>[1]['prisma'],
  orderId: string,
  storeId: string,
): Promise<boolean> {
  return prisma.$transaction(async (tx: Prisma.TransactionClient) => {
    const payment = await lockOrderPayment(tx, storeId, orderId);
    const [order] = await tx.$queryRaw<{ status: string; overdue: boolean }[]>`
      SELECT status, created_at < now() - make_interval(secs => ${(payment ? waitMs(payment.provider) : 0) / 1000}) AS overdue
      FROM orders WHERE id = ${orderId}::uuid FOR UPDATE`;
    if (!payment || order?.status !== 'pending' || !order.overdue) return false;
    if (payment.status !== 'awaiting' || paymentHoldsMoney(payment)) return false;
    const updated = await tx.order.update({
      where: { id: orderId },
      data: { status: 'cancelled' },
      include: { items: { orderBy: { createdAt: 'asc' } }, payments: true, store: true },
    });
    await cancelOrderPayment(tx, payment, 'The order was not paid in time');
    await restockOrder(tx, updated.items);
    // Nothing was paid, so the e-mail says there is nothing to pay; and why the order was cancelled.
    await recordJob(
      tx,
      'email.send',
      await deferredEmail(
        'orderCancelledEmail',
        mailOrderOf(updated),
        mailStore(updated.store),
        NOT_PAID(payment.provider),
      ),
    );
    return true;
  });
}
