// One queue item as the operator's screen shows it: the part, where it stands, and which printers may
// take it (domain/printQueue.ts eligibility) with the reason the others may not.
import type { Printer } from '@printfarm/db';
import { partOf, printerOf } from '@printfarm/db/printQueue/fit';
import { eligibility, QUEUE_ITEM_STATE_LABELS, type QueueItemState } from '@printfarm/domain/printQueue';
import type { QueueItemRow } from '../services/printQueue.ts';

export function presentQueueItem(
  item: QueueItemRow,
  printers: readonly Printer[],
  fileNames: Map<string, string>,
) {
  const part = partOf(item);
  const fits = printers.map((printer) => ({
    printerId: printer.id,
    ...eligibility(part, printerOf(printer)),
  }));
  return {
    id: item.id,
    jobId: item.jobId,
    printerId: item.printerId ?? item.pinnedPrinterId,
    pinnedPrinterId: item.pinnedPrinterId,
    state: item.state as QueueItemState,
    stateLabel: QUEUE_ITEM_STATE_LABELS[item.state as QueueItemState] ?? item.state,
    position: item.position,
    title: item.job.request.title,
    fileName: fileNames.get(item.fileId) ?? 'part',
    copy: item.copy,
    readyBy: item.readyBy.toISOString().slice(0, 10),
    ...part,
    orientation: item.orientation,
    progressPercent: Math.round(item.progress * 100),
    attempts: item.attempts,
    /** Its start went out to the printer, which has not yet said it is printing it. */
    awaitingConfirmation: item.state === 'printing' && item.sentAt !== null && item.startedAt === null,
    lastFailure: item.lastFailure,
    eligiblePrinterIds: fits.filter((fit) => fit.ok).map((fit) => fit.printerId),
    ineligible: fits.flatMap((fit) => (fit.ok ? [] : [{ printerId: fit.printerId, reason: fit.reason }])),
  };
}

export type QueueItemView = ReturnType<typeof presentQueueItem>;
