// Every change of a print request's status goes through here, in the caller's transaction: the row is
// locked first (so two changes of one request never interleave), the move is checked against the one
// state machine in domain/, and the history row is written with the change.
import { assertTransition, type RequestStatus } from '@printfarm/domain/requestStatus';
import type { CustomPrintRequest, Prisma } from '../generated/client.ts';

/** The request, locked FOR UPDATE until the transaction ends; null when there is none. */
export async function lockPrintRequest(
  tx: Prisma.TransactionClient,
  id: string,
): Promise<CustomPrintRequest | null> {
  const rows = await tx.$queryRaw<{ id: string }[]>`
    SELECT id FROM custom_print_requests WHERE id = ${id}::uuid FOR UPDATE`;
  if (rows.length === 0) return null;
  return tx.customPrintRequest.findUnique({ where: { id } });
}

export interface TransitionOptions {
  /** Who made the change; null for the system (a job). */
  byUserId: string | null;
  /** Why, in words shown on the request's timeline. */
  note?: string | null;
  /** Other columns to change with the status. */
  data?: Prisma.CustomPrintRequestUncheckedUpdateInput;
}

/** Moves a locked request to `to` (or throws TransitionError) and records the change in its history. */
export async function transitionPrintRequest(
  tx: Prisma.TransactionClient,
  request: { id: string; status: string },
  to: RequestStatus,
  { byUserId, note = null, data = {} }: TransitionOptions,
): Promise<void> {
  assertTransition(request.status, to);
  await tx.customPrintRequest.update({ where: { id: request.id }, data: { ...data, status: to } });
  await recordStatusChange(tx, request.id, request.status, to, { byUserId, note });
}

/** One line of a request's timeline: the status it left (null for a request just made) and the one it has. */
export async function recordStatusChange(
  tx: Prisma.TransactionClient,
  requestId: string,
  from: string | null,
  to: string,
  { byUserId, note = null }: Omit<TransitionOptions, 'data'>,
): Promise<void> {
  await tx.requestStatusHistory.create({
    data: { requestId, fromStatus: from, toStatus: to, changedByUserId: byUserId, note },
  });
}
