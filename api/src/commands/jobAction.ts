// How every operator command on a job runs: the job found (another farm's answers 404), its request
// locked first and the job's state checked under that lock, so two answers (or an answer and the
// deadline) can never both win; the database's one-open-job-per-request index backs this up. An answer
// after the deadline is refused even when job.deadline has not run yet (it runs late when Redis is out).
import type { PrintJob, Prisma, PrismaClient } from '@printfarm/db';
import { hasPassed } from '@printfarm/db/requests/deadlines';
import { recomputeFarmScorecard } from '@printfarm/db/requests/scorecard';
import { lockPrintRequest } from '@printfarm/db/requests/transition';
import { JOB_STATE_LABELS, type JobState } from '@printfarm/domain/printJob';
import type { SessionUser } from '../auth/guards.ts';
import { conflict, notFound } from '../http/errors.ts';
import { mayWorkOn } from '../services/operatorJobs.ts';

export interface JobActionContext {
  prisma: PrismaClient;
  appUrl: string;
  user: SessionUser;
  /** How long the customer has to answer a counter-offer. */
  responseMs: number;
  /** Overrides the claims window (the platform setting payments.claimWindowDays), for tests only. */
  claimWindowMs?: number | undefined;
}

export type JobAction = (
  tx: Prisma.TransactionClient,
  job: PrintJob & { farm: { displayName: string } },
  request: NonNullable<Awaited<ReturnType<typeof lockPrintRequest>>>,
) => Promise<void>;

/** An answer that came after its deadline: the job is the deadline's to close, whenever it runs. */
export function tooLateToAnswer(what: 'job' | 'counter-offer', dueBy: Date) {
  return conflict(`The time to answer this ${what} has passed`, {
    respondBy: `Answers were due by ${dueBy.toISOString()}; the order goes to the next farm`,
  });
}

/**
 * Runs one operator action: finds the job (another farm's answers 404), locks its request, and checks
 * the job is in one of `from` under the lock; anything else is a 409 saying what the job is now, as is
 * an answer to an offered job after its respondBy.
 */
export async function actOnJob(
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
    if (job.state === 'offered' && (await hasPassed(tx, job.respondBy))) {
      throw tooLateToAnswer('job', job.respondBy);
    }
    await action(tx, job, request);
    await recomputeFarmScorecard(tx, job.farmId);
  });
}
