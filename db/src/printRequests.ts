// Every change of a print request's status goes through here, in the caller's transaction: the row is
// locked first (so two changes of one request never interleave), the move is checked against the one
// state machine in domain/, and the history row is written with the change.
import { parseCents } from '@printfarm/domain/money';
import { DEFAULT_SETTINGS } from '@printfarm/domain/network';
import type { JobPayload } from '@printfarm/domain/queues';
import { assertTransition, type RequestStatus } from '@printfarm/domain/requestStatus';
import type { CustomPrintRequest, Prisma } from './generated/client.ts';
import { recordJob } from './outbox/index.ts';
import { callOff, commissionFor, moneyTerms } from './payments/flow.ts';

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
  await tx.requestStatusHistory.create({
    data: {
      requestId: request.id,
      fromStatus: request.status,
      toStatus: to,
      changedByUserId: byUserId,
      note,
    },
  });
}

/**
 * Recomputes a farm's scorecard counts from its jobs. Called in the transaction that changed one of
 * them, so the farm row never disagrees with its jobs.
 */
export async function recomputeFarmScorecard(tx: Prisma.TransactionClient, farmId: string): Promise<void> {
  await tx.$executeRaw`
    UPDATE print_farms AS f SET
      routed_jobs = s.routed,
      declined_jobs = s.declined,
      shipped_jobs = s.shipped,
      on_time_jobs = s.on_time,
      median_response_minutes = s.median_minutes
    FROM (
      SELECT
        count(*) FILTER (WHERE responded_at IS NOT NULL OR state = 'expired')::int AS routed,
        count(*) FILTER (WHERE state IN ('declined', 'expired'))::int AS declined,
        count(*) FILTER (WHERE shipped_at IS NOT NULL)::int AS shipped,
        count(*) FILTER (WHERE shipped_at IS NOT NULL
                          AND (shipped_at AT TIME ZONE 'UTC')::date <= ready_by)::int AS on_time,
        round(percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM responded_at - offered_at) / 60)
              FILTER (WHERE responded_at IS NOT NULL))::int AS median_minutes
      FROM print_jobs WHERE farm_id = ${farmId}::uuid
    ) AS s
    WHERE f.id = ${farmId}::uuid`;
}

/** Who hears about a farm's jobs: its owner's account, else the contact the farm signed up with. */
export async function farmOperatorContact(
  tx: Prisma.TransactionClient,
  farmId: string,
): Promise<{ email: string; firstName: string | null; farmName: string }> {
  const farm = await tx.printFarm.findUniqueOrThrow({
    where: { id: farmId },
    select: {
      displayName: true,
      contactEmail: true,
      contactName: true,
      owner: { select: { email: true, firstName: true } },
    },
  });
  return farm.owner?.email
    ? { email: farm.owner.email, firstName: farm.owner.firstName, farmName: farm.displayName }
    : {
        email: farm.contactEmail,
        firstName: farm.contactName.split(' ')[0] ?? null,
        farmName: farm.displayName,
      };
}

/** The customer of a request, as the e-mails address them. */
export async function requestCustomerContact(
  tx: Prisma.TransactionClient,
  userId: string,
): Promise<{ email: string; firstName: string | null } | null> {
  const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true, firstName: true } });
  return user?.email ? { email: user.email, firstName: user.firstName } : null;
}

/** Records an e-mail to the request's customer in the caller's transaction (none without an address). */
export async function mailCustomer(
  tx: Prisma.TransactionClient,
  userId: string,
  build: (customer: { email: string; firstName: string | null }) => Promise<JobPayload<'email.send'>>,
): Promise<void> {
  const customer = await requestCustomerContact(tx, userId);
  if (customer) await recordJob(tx, 'email.send', await build(customer));
}

/** Records an e-mail to the farm's operator (farmOperatorContact) in the caller's transaction. */
export async function mailOperator(
  tx: Prisma.TransactionClient,
  farmId: string,
  build: (operator: {
    email: string;
    firstName: string | null;
    farmName: string;
  }) => Promise<JobPayload<'email.send'>>,
): Promise<void> {
  await recordJob(tx, 'email.send', await build(await farmOperatorContact(tx, farmId)));
}

/**
 * How long a farm has to answer a job (and a customer a counter-offer): the platform setting
 * system.routeResponseHours, unless a test overrides it in milliseconds.
 */
export async function routeResponseMs(
  db: Pick<Prisma.TransactionClient, 'platformSetting'>,
  overrideMs?: number,
): Promise<number> {
  if (overrideMs) return overrideMs;
  const row = await db.platformSetting.findUnique({ where: { key: 'system' }, select: { value: true } });
  const hours = (row?.value as { routeResponseHours?: unknown } | undefined)?.routeResponseHours;
  return (
    (typeof hours === 'number' && hours >= 1 ? hours : DEFAULT_SETTINGS.system.routeResponseHours) * 3_600_000
  );
}

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
    if (payment.status === 'awaiting' && payment.receivedCents === 0) {
      await callOff(tx, payment, 'The counter-offer closed before the difference arrived');
    } else {
      await recordJob(tx, 'payment.refund', {
        paymentId: payment.id,
        key: `counter-closed:${payment.id}`,
        reason: 'The counter-offer closed, so the difference is not needed',
      });
    }
  }
  await recordJob(tx, 'request.route', { requestId: request.id, reason: state });
}

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
