// A store order's payment beyond the checkout that asks for it: what the e-mails say about it, opening
// it with a card processor, and what cancelling or delivering the order does to the money. The payment's
// own steps (received, captured, refunded) are db/src/payments/flow.ts's and the payment jobs'; releasing
// the store's share on delivery is db/src/payments/orderRelease.ts.
import type { Payment, Prisma } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { callOff, lockPayment } from '@printfarm/db/payments/flow';
import { paymentInstructions } from '@printfarm/domain/charges';
import type { MailOrderPayment } from '@printfarm/mail/orders';

/** Money has arrived for it, or a card holds it: cancelling gives it back. */
const holdsMoney = (payment: Pick<Payment, 'status' | 'receivedCents'>) =>
  payment.status === 'authorized' || payment.status === 'captured' || payment.receivedCents > 0;

/** The payment as the order's e-mails tell it. */
export function mailOrderPayment(
  payment: Pick<Payment, 'provider' | 'reference' | 'amountCents' | 'receivedCents' | 'status'>,
  paymentWords: string,
): MailOrderPayment {
  const card = payment.provider === 'stripe';
  return {
    reference: payment.reference,
    amountCents: payment.amountCents,
    card,
    instructions: card ? null : paymentInstructions(payment.amountCents, payment.reference, paymentWords),
    paid: holdsMoney(payment),
  };
}

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
export async function cancelOrderPayment(tx: Prisma.TransactionClient, payment: Payment): Promise<void> {
  if (holdsMoney(payment)) {
    await recordJob(tx, 'payment.refund', {
      paymentId: payment.id,
      key: `order-cancelled:${payment.orderId}`,
      reason: 'The order was cancelled',
    });
  } else {
    await callOff(tx, payment, 'The order was cancelled');
  }
}
