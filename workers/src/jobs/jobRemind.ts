// Reminds the operator of a job still waiting for an answer, a few hours before its deadline.
import { recordJob } from '@printfarm/db/outbox';
import { farmOperatorContact } from '@printfarm/db/printRequests';
import { jobReminderEmail, mailJobFacts } from '@printfarm/domain/mail/marketplace';
import type { JobHandler } from './types.ts';

export const jobRemind: JobHandler<'job.remind'> = async ({ jobId }, { prisma, config }) => {
  const job = await prisma.printJob.findUnique({ where: { id: jobId }, include: { request: true } });
  if (job?.state !== 'offered') return 'skipped';
  await prisma.$transaction(async (tx) => {
    const operator = await farmOperatorContact(tx, job.farmId);
    await recordJob(
      tx,
      'email.send',
      jobReminderEmail(config.PUBLIC_URL, operator, {
        ...mailJobFacts(job, job.request),
        respondBy: job.respondBy,
      }),
    );
  });
  return 'done';
};
