// Releasing a store's share of an order. Store orders have no claims window: the share becomes available
// for the next payout when the store marks the order delivered (a print job's waits for its claims
// window instead, release.ts).
import { post as rules } from '@printfarm/domain/ledger';
import type { Prisma } from '../generated/client.ts';
import { pendingFrom, post } from '../ledger.ts';

/**
 * The store's pending money for one order: the sum of its payment's entries on the store's pending
 * account (its share of the capture, less the share of each refund).
 */
export async function pendingForOrder(
  tx: Pick<Prisma.TransactionClient, '$queryRaw'>,
  order: { storeId: string; paymentId: string },
): Promise<number> {
  return pendingFrom(tx, { kind: 'store', id: order.storeId }, { paymentId: order.paymentId });
}

/**
 * Makes a delivered order's pending share available to its store, in the caller's transaction (which
 * holds the payment's lock, so no refund runs meanwhile); the cents released, 0 when nothing was
 * pending (not paid yet, refunded in whole) or the order was released before.
 */
export async function releaseOrderShare(
  tx: Prisma.TransactionClient,
  order: { id: string; storeId: string; paymentId: string },
): Promise<number> {
  const cents = await pendingForOrder(tx, order);
  if (cents <= 0) return 0;
  const posted = await post(tx, {
    kind: 'released',
    memo: 'Order delivered: the share is available for the next payout',
    key: `release-order:${order.id}`,
    entries: rules.released({ kind: 'store', id: order.storeId }, cents),
    refs: { paymentId: order.paymentId, storeId: order.storeId },
  });
  return posted ? cents : 0;
}
