// The queue's e-mails: the customer hears that printing started (once per job: the message key names
// the job), the operator that a print failed (once per item and attempt). A second run finds the first
// one's e-mail recorded and records none.
import type { Prisma } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { farmOperatorContact, requestCustomerContact } from '@printfarm/db/requests/mail';
import type { JobPayload } from '@printfarm/domain/queues';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJob, mailRequest } from '@printfarm/mail/marketplace';
import { mailJobFacts } from '@printfarm/mail/operatorJobs';
import type { JobHandler } from './types.ts';

async function recordOnce(tx: Prisma.TransactionClient, email: JobPayload<'email.send'>) {
  const recorded = await tx.outboxEvent.count({
    where: { job: 'email.send', payload: { path: ['messageKey'], equals: email.messageKey } },
  });
  if (recorded > 0) return 'skipped' as const;
  await recordJob(tx, 'email.send', email);
  return 'done' as const;
}

export const queueMail: JobHandler<'queue.mail'> = async (payload, { prisma, config }) => {
  const job = await prisma.printJob.findUnique({
    where: { id: payload.jobId },
    include: { request: true, farm: { select: { displayName: true } } },
  });
  if (!job) return 'skipped';
  return prisma.$transaction(async (tx) => {
    if (payload.kind === 'printing-started') {
      const customer = await requestCustomerContact(tx, job.request.userId);
      if (!customer) return 'skipped';
      return recordOnce(
        tx,
        await deferredEmail(
          'printingStartedEmail',
          config.PUBLIC_URL,
          customer,
          mailRequest(job.request),
          mailJob(job),
          job.farm.displayName,
        ),
      );
    }
    const item = await tx.queueItem.findUnique({ where: { id: payload.itemId }, select: { fileId: true } });
    const file = item
      ? await tx.projectFile.findUnique({ where: { id: item.fileId }, select: { originalFileName: true } })
      : null;
    const printer = payload.printerId
      ? await tx.printer.findUnique({ where: { id: payload.printerId }, select: { name: true } })
      : null;
    const operator = await farmOperatorContact(tx, job.farmId);
    return recordOnce(
      tx,
      await deferredEmail('printFailedEmail', config.PUBLIC_URL, operator, mailJobFacts(job, job.request), {
        itemId: payload.itemId,
        fileName: file?.originalFileName ?? 'a part',
        printerName: printer?.name ?? null,
        reason: payload.reason,
        attempt: payload.attempt,
      }),
    );
  });
};
