// The command that ends a farm's job that fell through (declined, unanswered, or a counter-offer
// refused) and offers the order to the next farm.
import type { Prisma } from '../generated/client.ts';
import { recordJob } from '../outbox/index.ts';
import { withdrawPayment } from '../payments/flow.ts';
import { transitionPrintRequest } from './transition.ts';

export interface FallThrough {
  /** The closed job's state: declined, expired (no answer in time) or refused (counter-offer). */
  state: 'declined' | 'expired' | 'refused';
  byUserId: string | null;
  note: string;
  /** Further job columns, e.g. the decline reason and the answer time. */
  jobData?: Prisma.PrintJobUncheckedUpdateInput;
}

/**
 * A farm's job fell through: the job is closed, its offer is spent, the request stays ordered with no
 * farm, and request.route (recorded in the same transaction) offers it to the next farm.
 */
export async function closeJobAndReroute(
  tx: Prisma.TransactionClient,
  request: { id: string; status: string },
  job: { id: string; offerId: string },
  { state, byUserId, note, jobData = {} }: FallThrough,
): Promise<void> {
  const now = new Date();
  await tx.printJob.update({ where: { id: job.id }, data: { ...jobData, state, closedAt: now } });
  await tx.requestOffer.update({
    where: { id: job.offerId },
    data: { status: 'declined', respondedAt: now },
  });
  await transitionPrintRequest(tx, request, 'ordered', { byUserId, note, data: { assignedFarmId: null } });
  // A difference asked for a counter-offer that is now closed is not owed any more (or goes back).
  const differences = await tx.payment.findMany({
    // (A counter's difference names the job only; an approved dearer farm's names its offer too, and
    // stays: it is part of what the customer paid for the order.)
    where: {
      jobId: job.id,
      offerId: null,
      purpose: 'difference',
      status: { in: ['awaiting', 'authorized'] },
    },
  });
  for (const payment of differences) {
    await withdrawPayment(tx, payment, {
      unpaid: 'The counter-offer closed before the difference arrived',
      refundKey: `counter-closed:${payment.id}`,
      refundReason: 'The counter-offer closed, so the difference is not needed',
    });
  }
  await recordJob(tx, 'request.route', { requestId: request.id, reason: state });
}
