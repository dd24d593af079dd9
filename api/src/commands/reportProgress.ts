// The farm reports progress on a job: on an accepted job it starts printing, on a printing job it moves
// the bar the customer sees; one half-way e-mail for a long job.
import type { PrintJob, Prisma } from '@printfarm/db';
import { mailCustomer } from '@printfarm/db/requests/mail';
import type { lockPrintRequest } from '@printfarm/db/requests/transition';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJob, mailRequest } from '@printfarm/mail/marketplace';
import { actOnJob, type JobActionContext } from './jobAction.ts';
import { startPrinting } from './startJob.ts';

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
