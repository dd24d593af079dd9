// A dearer counter-offer the customer accepted waits for the difference, which has its own deadline: a
// customer paying by bank transfer needs days, not the hours they had to answer.
import type { Prisma } from '../generated/client.ts';
import { type JobName, type JobPayload, recordJob } from '../outbox/index.ts';
import { databaseNow } from './deadlines.ts';

/** ACH takes up to three business days and staff record it from the statement; a weekend may fall between. */
export const DIFFERENCE_PAYMENT_DAYS = 7;

/** job.deadline runs this long after the payment's deadline, so a worker clock a little ahead of the database's never finds it not yet due. */
const DEADLINE_GRACE_MS = 60_000;

/**
 * When a difference asked for now must be paid by, with `job` recorded to look again just after it
 * (an accepted counter-offer's, a dearer farm's approval).
 */
export async function differenceDeadline<J extends JobName>(
  tx: Prisma.TransactionClient,
  job: J,
  payload: JobPayload<J>,
): Promise<Date> {
  const payBy = new Date((await databaseNow(tx)).getTime() + DIFFERENCE_PAYMENT_DAYS * 86_400_000);
  await recordJob(tx, job, payload, { runAt: new Date(payBy.getTime() + DEADLINE_GRACE_MS) });
  return payBy;
}

/**
 * The customer accepted and owes the difference: the job's counterRespondBy becomes the payment's
 * deadline (what the customer's page shows), and job.deadline looks at the job again after it.
 */
export async function awaitDifference(tx: Prisma.TransactionClient, jobId: string): Promise<Date> {
  const payBy = await differenceDeadline(tx, 'job.deadline', { jobId, kind: 'counter' });
  await tx.printJob.update({ where: { id: jobId }, data: { counterRespondBy: payBy } });
  return payBy;
}

/**
 * Where a countered job's difference stands: paid (payment.secured makes the job the farm's), awaited
 * until the job's counterRespondBy, overdue after it; null when the customer has not accepted.
 */
export async function counterDifference(
  tx: Prisma.TransactionClient,
  job: { id: string; counterRespondBy: Date | null },
): Promise<'paid' | 'awaited' | 'overdue' | null> {
  // (A counter's difference names the job only; an approved dearer farm's names its offer too.)
  const payments = await tx.payment.findMany({
    where: {
      jobId: job.id,
      offerId: null,
      purpose: 'difference',
      status: { in: ['awaiting', 'authorized'] },
    },
    select: { status: true },
  });
  if (payments.some((payment) => payment.status === 'authorized')) return 'paid';
  if (payments.length === 0) return null;
  const now = await databaseNow(tx);
  return job.counterRespondBy && job.counterRespondBy > now ? 'awaited' : 'overdue';
}
