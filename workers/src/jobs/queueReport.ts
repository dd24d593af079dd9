// Applies what a printer said about one attempt at a queue item (recorded by printer.poll): progress,
// printed, or failed. A report for an attempt that is no longer the item's current one (a retry, a late
// duplicate) changes nothing, so each finish and failure is applied, and mailed, once.
import { recordJob } from '@printfarm/db/outbox';
import { failItem, finishItem, lockItem, reportItemProgress } from '@printfarm/db/printQueue/items';
import type { JobHandler } from './types.ts';

export const queueReport: JobHandler<'queue.report'> = async (report, { prisma }) => {
  const applied = await prisma.$transaction(async (tx) => {
    const item = await lockItem(tx, report.itemId);
    if (item?.state !== 'printing' || item.dispatchFileName !== report.fileName) return false;
    if (report.outcome === 'progress') {
      await reportItemProgress(tx, item, report.progress);
      return true;
    }
    const done =
      report.outcome === 'finished'
        ? await finishItem(tx, item)
        : await failItem(tx, item, report.reason ?? 'The print failed');
    // The printer is free, or waits for the operator; either way another printer may take what waits.
    if (done) await recordJob(tx, 'printer.dispatch', { farmId: item.farmId });
    return done;
  });
  return applied ? 'done' : 'skipped';
};
