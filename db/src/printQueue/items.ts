// What happens to one queue item as it prints, by hand (the operator's buttons) or through a connector
// (printer.dispatch, queue.report): started on a printer, progress, printed, or failed and back in the
// queue. Each locks the job's request, then the item, and checks the item's state under those locks, so
// a report that arrives twice changes nothing the second time.
import { LIVE_JOB_STATES } from '@printfarm/domain/printJob';
import type { Prisma, QueueItem } from '../generated/client.ts';
import { recordJob } from '../outbox/index.ts';
import { lockPrintRequest } from '../requests/transition.ts';
import { rollUpJob } from './rollUp.ts';

/** Items of jobs still being made: a cancelled or shipped job's leftovers are not the queue. */
export const OF_LIVE_JOB = {
  job: { state: { in: [...LIVE_JOB_STATES] } },
} satisfies Prisma.QueueItemWhereInput;

/** Whether the printer is on an item of a job still being made (a leftover of a closed job holds nothing). */
export async function printerIsBusy(tx: Prisma.TransactionClient, printerId: string): Promise<boolean> {
  const printing = await tx.queueItem.count({ where: { printerId, state: 'printing', ...OF_LIVE_JOB } });
  return printing > 0;
}

/** A locked item with its job's state, read under the request's lock (a cancel commits under it too). */
export type LockedItem = QueueItem & { job: { state: string } };

/** Locks the item's request and then the item (the order every queue change takes); null when gone. */
export async function lockItem(tx: Prisma.TransactionClient, itemId: string): Promise<LockedItem | null> {
  const found = await tx.queueItem.findUnique({
    where: { id: itemId },
    select: { job: { select: { requestId: true } } },
  });
  if (!found) return null;
  await lockPrintRequest(tx, found.job.requestId);
  await tx.$queryRaw`SELECT id FROM queue_items WHERE id = ${itemId}::uuid FOR UPDATE`;
  return tx.queueItem.findUnique({ where: { id: itemId }, include: { job: { select: { state: true } } } });
}

/** The name a printer knows an attempt by: the item and its attempt, so a retry finds its own print. */
export const dispatchFileName = (itemId: string, attempt: number) => `q_${itemId}_${attempt}.gcode`;

/**
 * Claims a waiting item for a printer: the attempt is recorded before anything is sent to the printer.
 * A start by hand has no dispatch file: nothing was sent, so printer.poll has no print of ours to look for
 * (the operator started one of their own choosing) and leaves the item to the operator's buttons.
 */
export async function claimItem(
  tx: Prisma.TransactionClient,
  item: QueueItem,
  printerId: string,
  { started }: { started: boolean },
): Promise<QueueItem> {
  const attempt = item.attempts + 1;
  const now = new Date();
  const claimed = await tx.queueItem.update({
    where: { id: item.id },
    data: {
      state: 'printing',
      printerId,
      attempts: attempt,
      progress: 0,
      dispatchFileName: started ? null : dispatchFileName(item.id, attempt),
      dispatchedAt: now,
      sentAt: null,
      startedAt: started ? now : null,
      finishedAt: null,
    },
  });
  await tx.printer.update({ where: { id: printerId }, data: { state: 'printing', stateMessage: null } });
  await rollUpJob(tx, item.jobId);
  return claimed;
}

/**
 * The attempt's start is about to go out to its printer: recorded (and committed) first, because from
 * then on the printer may be printing it even if its answer is lost. False when the claim is no longer
 * this attempt, or another sender got there first: then nothing may be sent.
 */
export async function markSent(tx: Prisma.TransactionClient, itemId: string, fileName: string) {
  const item = await lockItem(tx, itemId);
  if (item?.state !== 'printing' || item.dispatchFileName !== fileName || item.sentAt || item.startedAt)
    return false;
  await tx.queueItem.update({ where: { id: itemId }, data: { sentAt: new Date() } });
  return true;
}

/** The printer confirmed the print is running (a connector's 'started' or 'already-running'). */
export async function confirmStarted(tx: Prisma.TransactionClient, item: QueueItem): Promise<void> {
  if (item.state !== 'printing' || item.startedAt) return;
  await tx.queueItem.update({ where: { id: item.id }, data: { startedAt: new Date() } });
}

export async function reportItemProgress(tx: Prisma.TransactionClient, item: QueueItem, progress: number) {
  if (item.state !== 'printing') return;
  const value = Math.max(0, Math.min(1, progress));
  if (Math.abs(value - item.progress) < 0.005) return;
  await tx.queueItem.update({
    where: { id: item.id },
    data: { progress: value, startedAt: item.startedAt ?? new Date() },
  });
  await rollUpJob(tx, item.jobId);
}

/**
 * The item printed. A printer worked by hand is idle again (the operator is at it); one with a connector
 * waits for the bed to be cleared, so nothing is printed onto the finished part.
 */
export async function finishItem(tx: Prisma.TransactionClient, item: QueueItem): Promise<boolean> {
  if (item.state !== 'printing') return false;
  await tx.queueItem.update({
    where: { id: item.id },
    data: { state: 'done', progress: 1, finishedAt: new Date(), startedAt: item.startedAt ?? new Date() },
  });
  if (item.printerId) {
    const printer = await tx.printer.findUnique({
      where: { id: item.printerId },
      select: { connector: true },
    });
    await tx.printer.update({
      where: { id: item.printerId },
      data:
        printer?.connector === 'none'
          ? { state: 'idle', stateMessage: null }
          : {
              state: 'needs_attention',
              stateMessage: 'Print finished: clear the bed, then mark the printer ready',
            },
    });
  }
  await rollUpJob(tx, item.jobId);
  return true;
}

/**
 * A print that failed or was cancelled: the item goes back to the queue where it was, with the reason,
 * the printer waits for the operator to look at it, and the operator hears of it once (the e-mail's key
 * names the item and the attempt).
 */
export async function failItem(
  tx: Prisma.TransactionClient,
  item: QueueItem,
  reason: string,
): Promise<boolean> {
  if (item.state !== 'printing') return false;
  const printerId = item.printerId;
  await tx.queueItem.update({
    where: { id: item.id },
    data: {
      state: 'queued',
      printerId: null,
      progress: 0,
      dispatchFileName: null,
      dispatchedAt: null,
      sentAt: null,
      startedAt: null,
      lastFailure: reason,
      failedAt: new Date(),
    },
  });
  if (printerId) {
    await tx.printer.update({
      where: { id: printerId },
      data: { state: 'needs_attention', stateMessage: reason },
    });
  }
  await recordJob(tx, 'queue.mail', {
    kind: 'print-failed',
    jobId: item.jobId,
    itemId: item.id,
    attempt: item.attempts,
    reason,
    ...(printerId ? { printerId } : {}),
  });
  await rollUpJob(tx, item.jobId);
  return true;
}

/**
 * A claim that never reached the printer (it was busy or offline): the item waits again, unchanged. One
 * whose start went out is never given back this way: the printer may be printing it.
 */
export async function releaseClaim(tx: Prisma.TransactionClient, item: QueueItem): Promise<void> {
  if (item.state !== 'printing' || item.startedAt || item.sentAt) return;
  await tx.queueItem.update({
    where: { id: item.id },
    data: { state: 'queued', printerId: null, dispatchFileName: null, dispatchedAt: null, progress: 0 },
  });
  await rollUpJob(tx, item.jobId);
}
