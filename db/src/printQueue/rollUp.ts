// A job's progress is its queue items' progress: the first item started moves the job (and its request)
// to printing, each report moves the bar the customer sees, and the last item printed makes the job
// ready to ship. Called under the request's lock, after any change to one of the job's items.
import { isLiveJob } from '@printfarm/domain/printJob';
import type { Prisma } from '../generated/client.ts';
import { recordJob } from '../outbox/index.ts';
import { lockPrintRequest, transitionPrintRequest } from '../requests/transition.ts';

export async function rollUpJob(tx: Prisma.TransactionClient, jobId: string): Promise<void> {
  const job = await tx.printJob.findUniqueOrThrow({
    where: { id: jobId },
    include: { farm: { select: { displayName: true } } },
  });
  const items = await tx.queueItem.findMany({ where: { jobId }, select: { state: true, progress: true } });
  if (items.length === 0 || !isLiveJob(job.state)) return;
  const done = items.filter((item) => item.state === 'done').length;
  const share = items.reduce(
    (sum, item) => sum + (item.state === 'done' ? 1 : item.state === 'printing' ? item.progress : 0),
    0,
  );
  const percent = done === items.length ? 100 : Math.min(99, Math.floor((100 * share) / items.length));
  const started = items.some((item) => item.state === 'printing' || item.state === 'done');
  const request = await lockPrintRequest(tx, job.requestId);
  if (!request) return;
  if (job.state === 'accepted' && started) {
    await tx.printJob.update({ where: { id: jobId }, data: { state: 'printing', startedAt: new Date() } });
    await transitionPrintRequest(tx, request, 'printing', {
      byUserId: null,
      note: `${job.farm.displayName} started printing`,
      data: { progressPercent: percent },
    });
    await recordJob(tx, 'queue.mail', { kind: 'printing-started', jobId });
  }
  const printedAt = done === items.length ? (job.printedAt ?? new Date()) : null;
  if (percent !== job.progressPercent || printedAt?.getTime() !== job.printedAt?.getTime()) {
    await tx.printJob.update({ where: { id: jobId }, data: { progressPercent: percent, printedAt } });
    await tx.customPrintRequest.update({ where: { id: request.id }, data: { progressPercent: percent } });
  }
}
