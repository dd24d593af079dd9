// Releasing a farm's share of a job: after the claims window, unless a claim still holds it.
import { post as rules } from '@printfarm/domain/ledger';
import type { Prisma } from '../generated/client.ts';
import { pendingFrom, post } from '../ledger.ts';

/** Claims that hold a job's money until they are settled. */
export const HOLDING_CLAIMS = ['open', 'disputed'];

/**
 * The farm's pending money for one job: the sum of the job's entries on the farm's pending account
 * (its share of each capture, less the share of each refund).
 */
export async function pendingForJob(
  tx: Prisma.TransactionClient,
  job: { id: string; farmId: string },
): Promise<number> {
  return pendingFrom(tx, { kind: 'farm', id: job.farmId }, { jobId: job.id });
}

/**
 * Releases a delivered job's pending share once its window has passed and no claim holds it; true when
 * it did. Locks the job row, so a claim opened at the same moment either holds it or comes too late.
 */
export async function releaseJobShare(tx: Prisma.TransactionClient, jobId: string, now = new Date()) {
  await tx.$queryRaw`SELECT id FROM print_jobs WHERE id = ${jobId}::uuid FOR UPDATE`;
  const job = await tx.printJob.findUnique({ where: { id: jobId }, include: { claim: true } });
  if (job?.state !== 'delivered' || job.releasedAt) return false;
  if (job.claim && HOLDING_CLAIMS.includes(job.claim.status)) return false;
  if (job.claimsCloseAt && job.claimsCloseAt > now) return false;
  // A claim's refunds come out of the pending share: release only what is left once they are written.
  if (job.claim && job.claim.refundCents > (await claimRefundsPosted(tx, job.claim.id))) return false;
  const cents = await pendingForJob(tx, job);
  if (cents > 0) {
    await post(tx, {
      kind: 'released',
      memo: 'Claims window closed: the share is available for the next payout',
      key: `release:${job.id}`,
      entries: rules.released({ kind: 'farm', id: job.farmId }, cents),
      refs: { farmId: job.farmId, jobId: job.id },
    });
  }
  await tx.printJob.update({ where: { id: job.id }, data: { releasedAt: now } });
  return true;
}

/**
 * What the ledger has refunded for a claim so far (its refunds are keyed 'refund:claim:<id>:…'): out of
 * cash by the processor, or owed in refunds due until staff send it by bank transfer.
 */
async function claimRefundsPosted(tx: Prisma.TransactionClient, claimId: string): Promise<number> {
  const [row] = await tx.$queryRaw<{ total: bigint | null }[]>`
    SELECT -sum(e.amount_cents) AS total
    FROM ledger_entries e
    JOIN ledger_transactions t ON t.id = e.transaction_id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE t.idempotency_key LIKE ${`refund:claim:${claimId}:%`}
      AND a.code IN ('platform:cash', 'platform:refundsDue')`;
  return Number(row?.total ?? 0);
}
