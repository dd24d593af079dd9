// The command that settles a job at its terms: the operator's accept, or the customer's acceptance of a
// counter-offer.
import { parseCents } from '@printfarm/domain/money';
import type { Prisma } from '../generated/client.ts';
import { recordJob } from '../outbox/index.ts';
import { commissionFor, moneyTerms } from '../payments/flow.ts';
import { enqueueJob } from '../printQueue/enqueueJob.ts';
import { transitionPrintRequest } from './transition.ts';

/**
 * A farm holds the job at its terms: the job is accepted, its parts join the farm's queue, the request
 * becomes accepted at the job's price, and the payments that secured it are captured. The operator's accept and the customer's acceptance of
 * a counter-offer both end here.
 */
export async function acceptJobTerms(
  tx: Prisma.TransactionClient,
  request: { id: string; status: string },
  job: { id: string; farmId: string; parts: number },
  {
    byUserId,
    note,
    jobData = {},
  }: { byUserId: string; note: string; jobData?: Prisma.PrintJobUncheckedUpdateInput },
) {
  let accepted = await tx.printJob.update({
    where: { id: job.id },
    data: { ...jobData, state: 'accepted' },
  });
  // A counter-offer's price carries its own commission, as the routed price did.
  if (jobData.price !== undefined) {
    const commissionCents = commissionFor(parseCents(accepted.price.toString()) ?? 0, await moneyTerms(tx));
    accepted = await tx.printJob.update({ where: { id: job.id }, data: { commissionCents } });
  }
  await tx.printFarm.update({ where: { id: job.farmId }, data: { queuedParts: { increment: job.parts } } });
  // Its parts join the farm's print queue, and any idle connected printer may take one.
  if ((await enqueueJob(tx, job.id)) > 0) await recordJob(tx, 'printer.dispatch', { farmId: job.farmId });
  await transitionPrintRequest(tx, request, 'accepted', {
    byUserId,
    note,
    data: { finalPrice: accepted.price, assignedFarmId: job.farmId },
  });
  // The farm holds the job: the payments that secured it are captured (payment.capture calls the
  // processor, then writes the ledger).
  const secured = await tx.payment.findMany({
    where: { requestId: request.id, jobId: job.id, status: 'authorized' },
    select: { id: true },
  });
  for (const payment of secured) await recordJob(tx, 'payment.capture', { paymentId: payment.id });
  return accepted;
}
