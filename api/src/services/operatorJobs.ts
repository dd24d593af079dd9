// The operator's side of a print job: the inbox, and every answer and report on a job. Each action locks
// the job's request first and checks the job's state under that lock, so two answers (or an answer and
// the deadline) can never both win; the database's one-open-job-per-request index backs this up.
import type { PrintJob, Prisma, PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { moneyTerms } from '@printfarm/db/payments/flow';
import { acceptJobTerms } from '@printfarm/db/requests/acceptJobTerms';
import { closeJobAndReroute } from '@printfarm/db/requests/closeJobAndReroute';
import { mailCustomer } from '@printfarm/db/requests/mail';
import { recomputeFarmScorecard } from '@printfarm/db/requests/scorecard';
import { lockPrintRequest, transitionPrintRequest } from '@printfarm/db/requests/transition';
import {
  type CounterOffer,
  JOB_STATE_LABELS,
  JOB_TABS,
  type JobState,
  type JobTab,
  type Shipment,
} from '@printfarm/domain/printJob';
import { trackingUrl } from '@printfarm/domain/tracking';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJob, mailRequest } from '@printfarm/mail/marketplace';
import type { SessionUser } from '../auth/guards.ts';
import { conflict, notFound } from '../http/errors.ts';

/** The farms whose jobs the user may see: their own, or for staff any (one at a time). */
export async function operatorFarmIds(
  prisma: PrismaClient | Prisma.TransactionClient,
  user: SessionUser,
  farmId?: string,
): Promise<string[]> {
  if (user.role === 'staff') {
    if (!farmId) return [];
    const farm = await prisma.printFarm.findUnique({ where: { id: farmId }, select: { id: true } });
    return farm ? [farm.id] : [];
  }
  const farms = await prisma.printFarm.findMany({
    where: { userId: user.id, ...(farmId ? { id: farmId } : {}) },
    select: { id: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return farms.map((farm) => farm.id);
}

export const jobDetailInclude = {
  farm: { select: { id: true, displayName: true } },
  request: {
    include: {
      files: { where: { deletedAt: null }, orderBy: { uploadedAt: 'asc' }, include: { analysis: true } },
      customer: { select: { firstName: true } },
    },
  },
  rating: true,
  claim: { include: { photos: { select: { id: true } } } },
} satisfies Prisma.PrintJobInclude;

export type JobDetailRow = Prisma.PrintJobGetPayload<{ include: typeof jobDetailInclude }>;

export async function listOperatorJobs(
  prisma: PrismaClient,
  user: SessionUser,
  tab: JobTab,
  farmId?: string,
): Promise<JobDetailRow[]> {
  const farmIds = await operatorFarmIds(prisma, user, farmId);
  if (farmIds.length === 0) return [];
  return prisma.printJob.findMany({
    where: { farmId: { in: farmIds }, state: { in: [...JOB_TABS[tab]] } },
    orderBy: tab === 'new' ? { respondBy: 'asc' } : { updatedAt: 'desc' },
    include: jobDetailInclude,
    take: 200,
  });
}

/** How many jobs wait for the operator's answer: the badge in the navigation (staff: of one farm). */
export async function countNewJobs(
  prisma: PrismaClient,
  user: SessionUser,
  farmId?: string,
): Promise<number> {
  const farmIds = await operatorFarmIds(prisma, user, farmId);
  if (farmIds.length === 0) return 0;
  return prisma.printJob.count({ where: { farmId: { in: farmIds }, state: 'offered' } });
}

export async function getOperatorJob(
  prisma: PrismaClient,
  user: SessionUser,
  jobId: string,
): Promise<JobDetailRow> {
  const job = await prisma.printJob.findUnique({ where: { id: jobId }, include: jobDetailInclude });
  if (!job || !(await mayWorkOn(prisma, user, job.farmId))) throw notFound('Job not found');
  return job;
}

async function mayWorkOn(prisma: PrismaClient | Prisma.TransactionClient, user: SessionUser, farmId: string) {
  if (user.role === 'staff') return true;
  const farm = await prisma.printFarm.findUnique({ where: { id: farmId }, select: { userId: true } });
  return farm?.userId === user.id;
}

export interface JobActionContext {
  prisma: PrismaClient;
  appUrl: string;
  user: SessionUser;
  /** How long the customer has to answer a counter-offer. */
  responseMs: number;
  /** Overrides the claims window (the platform setting payments.claimWindowDays), for tests only. */
  claimWindowMs?: number | undefined;
}

type JobAction = (
  tx: Prisma.TransactionClient,
  job: PrintJob & { farm: { displayName: string } },
  request: NonNullable<Awaited<ReturnType<typeof lockPrintRequest>>>,
) => Promise<void>;

/**
 * Runs one operator action: finds the job (another farm's answers 404), locks its request, and checks
 * the job is in one of `from` under the lock; anything else is a 409 saying what the job is now.
 */
async function actOnJob(
  context: JobActionContext,
  jobId: string,
  from: readonly JobState[],
  verb: string,
  action: JobAction,
): Promise<void> {
  const { prisma, user } = context;
  await prisma.$transaction(async (tx) => {
    const found = await tx.printJob.findUnique({
      where: { id: jobId },
      select: { requestId: true, farmId: true },
    });
    if (!found || !(await mayWorkOn(tx, user, found.farmId))) throw notFound('Job not found');
    const request = await lockPrintRequest(tx, found.requestId);
    const job = await tx.printJob.findUnique({
      where: { id: jobId },
      include: { farm: { select: { displayName: true } } },
    });
    if (!request || !job) throw notFound('Job not found');
    if (!(from as readonly string[]).includes(job.state)) {
      const now = JOB_STATE_LABELS[job.state as JobState] ?? job.state;
      throw conflict(`You cannot ${verb} this job: it is ${now.toLowerCase()}`);
    }
    await action(tx, job, request);
    await recomputeFarmScorecard(tx, job.farmId);
  });
}

export function acceptJob(context: JobActionContext, jobId: string): Promise<void> {
  return actOnJob(context, jobId, ['offered'], 'accept', async (tx, job, request) => {
    await acceptJobTerms(tx, request, job, {
      byUserId: context.user.id,
      note: `Accepted by ${job.farm.displayName}`,
      jobData: { respondedAt: new Date() },
    });
    await mailCustomer(tx, request.userId, (customer) =>
      deferredEmail(
        'jobAcceptedEmail',
        context.appUrl,
        customer,
        mailRequest(request),
        mailJob(job),
        job.farm.displayName,
      ),
    );
  });
}

export function declineJob(context: JobActionContext, jobId: string, reason: string): Promise<void> {
  return actOnJob(context, jobId, ['offered'], 'decline', async (tx, job, request) => {
    await closeJobAndReroute(tx, request, job, {
      state: 'declined',
      byUserId: context.user.id,
      note: `${job.farm.displayName} declined: ${reason}`,
      jobData: { declineReason: reason, respondedAt: new Date() },
    });
  });
}

export function counterJob(context: JobActionContext, jobId: string, counter: CounterOffer): Promise<void> {
  return actOnJob(context, jobId, ['offered'], 'counter', async (tx, job, request) => {
    const now = new Date();
    const respondBy = new Date(now.getTime() + context.responseMs);
    const updated = await tx.printJob.update({
      where: { id: job.id },
      data: {
        state: 'countered',
        respondedAt: now,
        counterPrice: counter.price ?? null,
        counterReadyBy: counter.readyBy ?? null,
        counterRespondBy: respondBy,
      },
    });
    await transitionPrintRequest(tx, request, 'ordered', {
      byUserId: context.user.id,
      note: `${job.farm.displayName} proposed new terms`,
    });
    await mailCustomer(tx, request.userId, (customer) =>
      deferredEmail(
        'counterOfferEmail',
        context.appUrl,
        customer,
        mailRequest(request),
        {
          ...mailJob(updated),
          counterPrice: updated.counterPrice,
          counterReadyBy: updated.counterReadyBy,
          counterRespondBy: respondBy,
        },
        job.farm.displayName,
      ),
    );
    await recordJob(tx, 'job.deadline', { jobId: job.id, kind: 'counter' }, { runAt: respondBy });
  });
}

/** Accepted → printing: the customer hears once that printing started. */
async function startPrinting(
  tx: Prisma.TransactionClient,
  context: JobActionContext,
  job: PrintJob & { farm: { displayName: string } },
  request: NonNullable<Awaited<ReturnType<typeof lockPrintRequest>>>,
  percent: number,
) {
  await tx.printJob.update({
    where: { id: job.id },
    data: { state: 'printing', startedAt: new Date(), progressPercent: percent },
  });
  await transitionPrintRequest(tx, request, 'printing', {
    byUserId: context.user.id,
    note: `${job.farm.displayName} started printing`,
    data: { progressPercent: percent },
  });
  await mailCustomer(tx, request.userId, (customer) =>
    deferredEmail(
      'printingStartedEmail',
      context.appUrl,
      customer,
      mailRequest(request),
      mailJob(job),
      job.farm.displayName,
    ),
  );
}

export function startJob(context: JobActionContext, jobId: string): Promise<void> {
  return actOnJob(context, jobId, ['accepted'], 'start', (tx, job, request) =>
    startPrinting(tx, context, job, request, 0),
  );
}

/** Progress on an accepted job starts it; on a printing job it moves the bar the customer sees. */
export function reportProgress(context: JobActionContext, jobId: string, percent: number): Promise<void> {
  return actOnJob(
    context,
    jobId,
    ['accepted', 'printing'],
    'report progress on',
    async (tx, job, request) => {
      if (job.state === 'accepted') {
        await startPrinting(tx, context, job, request, percent);
      } else {
        await tx.printJob.update({ where: { id: job.id }, data: { progressPercent: percent } });
        await tx.customPrintRequest.update({ where: { id: request.id }, data: { progressPercent: percent } });
      }
      if (percent >= 50) await mailHalfway(tx, context, job, request);
    },
  );
}

const DAY_MS = 86_400_000;

/**
 * A long job's customer hears once that it is past half-way. Long means promised more than a day after
 * it was accepted (ready-by is a date, so in practice the day after tomorrow or later): a job done by
 * tomorrow goes from 'printing started' to 'shipped' soon enough. The job's halfwayMailedAt, set under
 * the request's lock, keeps it to one e-mail however the reports go.
 */
async function mailHalfway(
  tx: Prisma.TransactionClient,
  context: JobActionContext,
  job: PrintJob & { farm: { displayName: string } },
  request: NonNullable<Awaited<ReturnType<typeof lockPrintRequest>>>,
) {
  const acceptedAt = job.respondedAt ?? job.offeredAt;
  if (job.halfwayMailedAt || job.readyBy.getTime() - acceptedAt.getTime() <= DAY_MS) return;
  await tx.printJob.update({ where: { id: job.id }, data: { halfwayMailedAt: new Date() } });
  await mailCustomer(tx, request.userId, (customer) =>
    deferredEmail(
      'halfwayEmail',
      context.appUrl,
      customer,
      mailRequest(request),
      mailJob(job),
      job.farm.displayName,
    ),
  );
}

export function shipJob(context: JobActionContext, jobId: string, shipment: Shipment): Promise<void> {
  return actOnJob(context, jobId, ['accepted', 'printing'], 'ship', async (tx, job, request) => {
    let current = request;
    if (job.state === 'accepted') {
      // Shipped straight from accepted: the timeline still shows that it was printed.
      await startPrinting(tx, context, job, request, 100);
      current = { ...request, status: 'printing' };
    }
    const now = new Date();
    await tx.printJob.update({
      where: { id: job.id },
      data: {
        state: 'shipped',
        shippedAt: now,
        progressPercent: 100,
        carrier: shipment.carrier,
        trackingNumber: shipment.trackingNumber,
      },
    });
    await tx.printFarm.update({ where: { id: job.farmId }, data: { queuedParts: { decrement: job.parts } } });
    await transitionPrintRequest(tx, current, 'shipped', {
      byUserId: context.user.id,
      note: `Shipped with ${shipment.carrier}, tracking ${shipment.trackingNumber}`,
      data: { progressPercent: 100 },
    });
    await mailCustomer(tx, request.userId, (customer) =>
      deferredEmail(
        'shippedEmail',
        context.appUrl,
        customer,
        mailRequest(request),
        mailJob(job),
        job.farm.displayName,
        {
          ...shipment,
          trackingUrl: trackingUrl(shipment.carrier, shipment.trackingNumber),
        },
      ),
    );
  });
}

export function deliverJob(context: JobActionContext, jobId: string): Promise<void> {
  return actOnJob(context, jobId, ['shipped'], 'mark delivered', async (tx, job, request) => {
    const now = new Date();
    // The customer may claim until the window closes; then the farm's share becomes available.
    const windowMs = context.claimWindowMs ?? (await moneyTerms(tx)).claimWindowDays * 86_400_000;
    const claimsCloseAt = new Date(now.getTime() + windowMs);
    await tx.printJob.update({
      where: { id: job.id },
      data: { state: 'delivered', deliveredAt: now, closedAt: now, claimsCloseAt },
    });
    await recordJob(tx, 'claims.close', { jobId: job.id }, { runAt: claimsCloseAt });
    await transitionPrintRequest(tx, request, 'completed', {
      byUserId: context.user.id,
      note: 'Delivered',
      data: {
        actualCompletionTime: Math.max(1, Math.round((now.getTime() - job.offeredAt.getTime()) / 3_600_000)),
      },
    });
    await mailCustomer(tx, request.userId, (customer) =>
      deferredEmail(
        'deliveredEmail',
        context.appUrl,
        customer,
        mailRequest(request),
        mailJob(job),
        job.farm.displayName,
      ),
    );
  });
}
