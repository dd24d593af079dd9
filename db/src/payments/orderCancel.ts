// What cancelling a store order does to its payment and its stock, whoever cancels it: the store (the
// API's order status change) or the clock (workers/src/jobs/ordersExpire.ts, for an order never paid).
// Locks the payment before the order, in flow.ts's order.
import { paymentHoldsMoney } from '@printfarm/domain/charges';
import type { Payment, Prisma } from '../index.ts';
import { recordJob } from '../outbox/index.ts';
import { callOff, lockPayment } from './flow.ts';

/** The order's payment, locked until the transaction ends (before the order: flow.ts locks in that order). */
export async function lockOrderPayment(
  tx: Prisma.TransactionClient,
  storeId: string,
  orderId: string,
): Promise<Payment | null> {
  const [order] = await tx.$queryRaw<{ payment_id: string | null }[]>`
    SELECT payment_id FROM orders WHERE id = ${orderId}::uuid AND store_id = ${storeId}::uuid`;
  return order?.payment_id ? lockPayment(tx, order.payment_id) : null;
}

/**
 * The order was cancelled: money it holds goes back (the refund job mails the shopper, and the order's
 * payment becomes refunded); a payment still awaited fails, and money that arrives later is refunded
 * as it comes (flow.ts recordReceived).
 */
export async function cancelOrderPayment(
  tx: Prisma.TransactionClient,
  payment: Payment,
  reason = 'The order was cancelled',
): Promise<void> {
  if (paymentHoldsMoney(payment)) {
    await recordJob(tx, 'payment.refund', {
      paymentId: payment.id,
      key: `order-cancelled:${payment.orderId}`,
      reason,
    });
  } else {
    await callOff(tx, payment, reason);
  }
}

/** Puts a cancelled order's items back on sale, products in id order (as checkouts lock them). */
export async function restockOrder(
  tx: Prisma.TransactionClient,
  items: readonly { productId: string; quantity: number }[],
): Promise<void> {
  for (const item of [...items].sort((a, b) => (a.productId < b.productId ? -1 : 1))) {
    await tx.product.update({
      where: { id: item.productId },
      data: { stockQuantity: { increment: item.quantity } },
    });
  }
}
