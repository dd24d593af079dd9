// The farm starts printing an accepted job; the customer hears it once.
import type { PrintJob, Prisma } from '@printfarm/db';
import { mailCustomer } from '@printfarm/db/requests/mail';
import { type lockPrintRequest, transitionPrintRequest } from '@printfarm/db/requests/transition';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJob, mailRequest } from '@printfarm/mail/marketplace';
import { actOnJob, type JobActionContext } from './jobAction.ts';

/** Accepted → printing: the customer hears once that printing started. */
export async function startPrinting(
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
