// How the queue screen names a part and what it needs, and which printer takes what.
import type { Printer, QueueItem } from '../../api/printQueue.ts';

/** 'bracket.stl', or 'bracket.stl (copy 2)' for the second copy of a file. */
export const partName = (item: QueueItem) =>
  item.copy > 1 ? `${item.fileName} (copy ${item.copy})` : item.fileName;

/** 'PLA, Black' or 'PLA, any colour'. */
export const materialOf = (item: QueueItem) => `${item.material}, ${item.color ?? 'any colour'}`;

/** The item the printer prints now. */
export const printingOn = (printer: Printer, queue: readonly QueueItem[]) =>
  queue.find((item) => item.state === 'printing' && item.printerId === printer.id);

/** The first waiting item (not held) that the printer may take: pinned to it, or to none and a fit. */
export const nextFor = (printer: Printer, queue: readonly QueueItem[]) =>
  queue.find(
    (item) =>
      item.state === 'queued' &&
      (item.pinnedPrinterId
        ? item.pinnedPrinterId === printer.id
        : item.eligiblePrinterIds.includes(printer.id)),
  );

/** Why a printer may not take the item, or null when it may. */
export const whyNot = (item: QueueItem, printerId: string) =>
  item.ineligible.find((entry) => entry.printerId === printerId)?.reason ?? null;
