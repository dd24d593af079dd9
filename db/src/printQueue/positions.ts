// The order items wait in. Whoever changes it (an accept adding items, the operator moving them) holds
// the farm's row first, so two changes never interleave their numbering.
import type { Prisma } from '../generated/client.ts';

export async function lockFarmQueue(tx: Prisma.TransactionClient, farmId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM print_farms WHERE id = ${farmId}::uuid FOR UPDATE`;
}

/** Numbers the waiting items 1..n in the given order (one statement, whatever the queue's length). */
export async function renumberWaiting(
  tx: Prisma.TransactionClient,
  farmId: string,
  orderedIds: readonly string[],
): Promise<void> {
  if (orderedIds.length === 0) return;
  await tx.$executeRaw`
    UPDATE queue_items q SET position = o.position, updated_at = now()
    FROM unnest(${orderedIds}::uuid[]) WITH ORDINALITY AS o(id, position)
    WHERE q.id = o.id AND q.farm_id = ${farmId}::uuid`;
}

/** Locks one item of the farm and returns it; null when the farm has no such item. */
export async function lockQueueItem(tx: Prisma.TransactionClient, farmId: string, itemId: string) {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM queue_items WHERE id = ${itemId}::uuid AND farm_id = ${farmId}::uuid FOR UPDATE`;
  if (rows.length === 0) return null;
  return tx.queueItem.findUniqueOrThrow({ where: { id: itemId } });
}
