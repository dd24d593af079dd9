// Reminds the operator of a job still waiting for an answer, a few hours before its deadline.
import { recordJob } from '@printfarm/db/outbox';
import { farmOperatorContact } from '@printfarm/db/requests/mail';
import { lockPrintRequest } from '@printfarm/db/requests/transition';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJobFacts } from '@printfarm/mail/operatorJobs';
import type { JobHandler } from './types.ts';

export const jobRemind: JobHandler<'job.remind'> = async ({ jobId }, { prisma, config }) => {
  const found = await prisma.printJob.findUnique({ where: { id: jobId }, select: { requestId: true } });
  if (!found) return 'skipped';
  return prisma.$transaction(async (tx) => {
    // Under the request's lock, like every answer: a job answered meanwhile is not reminded of.
    const request = await lockPrintRequest(tx, found.requestId);
    const job = await tx.printJob.findUnique({ where: { id: jobId } });
    if (!request || job?.state !== 'offered') return 'skipped';
    const operator = await farmOperatorContact(tx, job.farmId);
    const reminder = await deferredEmail('jobReminderEmail', config.PUBLIC_URL, operator, {
      ...mailJobFacts(job, request),
      respondBy: job.respondBy,
    });
    // A second run (a retry, a redelivered job) finds the first one's e-mail and records none.
    const recorded = await tx.outboxEvent.count({
      where: { job: 'email.send', payload: { path: ['messageKey'], equals: reminder.messageKey } },
    });
    if (recorded > 0) return 'skipped';
    await recordJob(tx, 'email.send', reminder);
    return 'done';
  });
};
