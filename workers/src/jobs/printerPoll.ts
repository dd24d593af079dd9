// Reads every connected printer's status and records what changed: the printer's state on its row, and
// for the item it prints a queue.report event (progress, printed, failed) that queue.report applies. A
// printer out of reach is offline: what it was printing stays printing (it may come back mid-print), as
// does an attempt whose start went out unanswered; an attempt never sent goes back to the queue.
import type { Printer, Prisma, QueueItem } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { lockItem, releaseClaim } from '@printfarm/db/printQueue/items';
import { connectorConfigOf } from '../printers/connectorConfig.ts';
import type { PrinterStatus } from '../printers/connectors/types.ts';
import { SEND_TIMEOUT_MS } from './printerDispatch.ts';
import type { JobContext, JobHandler } from './types.ts';

const POLL_TIMEOUT_MS = 4_000;
/**
 * A claim the printer never confirmed is printer.dispatch's own while it may still be sending (its call
 * times out after SEND_TIMEOUT_MS): only after this long is it judged. Never sent and the printer
 * offline: it goes back to the queue. Sent, and the printer reachable, idle and not on it: the start was
 * lost (or the print with it), and the attempt fails with that reason.
 */
const SEND_GRACE_MS = 2 * SEND_TIMEOUT_MS;
/**
 * A printer may report its new print a moment late; a started print it has not named for this long,
 * while it stands idle, is gone (a power cycle without recovery, or a card swapped by hand).
 */
const LOST_AFTER_MS = 10_000;
/** Progress is reported in steps of at least this much, so a long print records a few dozen events. */
const PROGRESS_STEP = 0.02;

async function readStatus(context: JobContext, printer: Printer): Promise<PrinterStatus> {
  const config = connectorConfigOf(printer, context.config);
  if (!config) return { activity: 'offline', fileName: null, progress: 0, message: 'No connector settings' };
  let connector: ReturnType<JobContext['connectors']> | null = null;
  try {
    connector = context.connectors(config);
    return await connector.status(AbortSignal.timeout(POLL_TIMEOUT_MS));
  } catch (error) {
    return {
      activity: 'offline',
      fileName: null,
      progress: 0,
      message: error instanceof Error ? error.message : String(error),
    };
  } finally {
    await connector?.close().catch(() => {});
  }
}

function printerStateOf(
  status: PrinterStatus,
  current: string,
): { state: string; stateMessage: string | null } | null {
  switch (status.activity) {
    case 'printing':
      return { state: 'printing', stateMessage: null };
    case 'paused':
      return { state: 'paused', stateMessage: status.message };
    case 'offline':
      return { state: 'offline', stateMessage: status.message };
    case 'idle':
      // An operator's 'needs attention' (a bed to clear) stands until they mark the printer ready.
      return current === 'needs_attention' ? null : { state: 'idle', stateMessage: null };
    default:
      // finished, failed, cancelled: queue.report decides what the printer waits for.
      return current === 'offline' ? { state: 'needs_attention', stateMessage: status.message } : null;
  }
}

/** Why an attempt the printer, idle, does not name is over; null while it may still be on its way. */
function lostAttempt(item: QueueItem, now: number): string | null {
  if (item.startedAt && now - item.startedAt.valueOf() > LOST_AFTER_MS)
    return 'The printer restarted and lost the print';
  if (!item.startedAt && item.sentAt && now - item.sentAt.valueOf() > SEND_GRACE_MS)
    return 'The printer never confirmed the start and is not printing it';
  return null;
}

/**
 * The item the printer is on and then the printer, locked in the order every queue change takes them
 * (request, item, printer), so a failure or a finish applied meanwhile is read, not overwritten.
 */
async function lockPrinterAndItem(tx: Prisma.TransactionClient, printerId: string) {
  const found = await tx.queueItem.findFirst({
    where: { printerId, state: 'printing' },
    select: { id: true },
  });
  const locked = found ? await lockItem(tx, found.id) : null;
  const item = locked?.state === 'printing' && locked.printerId === printerId ? locked : null;
  await tx.$queryRaw`SELECT id FROM printers WHERE id = ${printerId}::uuid FOR UPDATE`;
  const printer = await tx.printer.findUnique({ where: { id: printerId } });
  return { printer, item };
}

async function recordChanges(
  tx: Prisma.TransactionClient,
  printerId: string,
  status: PrinterStatus,
): Promise<boolean> {
  const { printer, item } = await lockPrinterAndItem(tx, printerId);
  if (!printer) return false;
  // Started by hand (no dispatch file): the operator marks it printed or failed; until then the printer
  // is on it, whatever it reports (an idle printer is not free, nor has it lost a print of ours).
  const startedByHand = item !== null && !item.dispatchFileName;
  const state = startedByHand && status.activity === 'idle' ? null : printerStateOf(status, printer.state);
  const reachable = status.activity !== 'offline';
  await tx.printer.update({
    where: { id: printer.id },
    data: { ...(state ?? {}), ...(reachable ? { lastSeenAt: new Date() } : {}) },
  });
  if (!item?.dispatchFileName) return state?.state === 'idle' && printer.state !== 'idle';
  const now = Date.now();
  if (!reachable) {
    // Never sent (releaseClaim keeps one whose start went out): the part may go to another printer.
    const claimedAt = item.dispatchedAt?.valueOf() ?? 0;
    if (now - claimedAt > SEND_GRACE_MS) await releaseClaim(tx, item);
    return false;
  }
  if (status.fileName !== item.dispatchFileName) {
    const reason = status.activity === 'idle' ? lostAttempt(item, now) : null;
    if (reason) {
      await recordJob(tx, 'queue.report', {
        itemId: item.id,
        fileName: item.dispatchFileName,
        progress: item.progress,
        outcome: 'failed',
        reason,
      });
    }
    return false;
  }
  const report = {
    itemId: item.id,
    fileName: item.dispatchFileName,
    progress: Math.max(0, Math.min(1, status.progress)),
  };
  if (status.activity === 'finished') await recordJob(tx, 'queue.report', { ...report, outcome: 'finished' });
  else if (status.activity === 'failed' || status.activity === 'cancelled') {
    const why =
      status.activity === 'cancelled' ? 'Cancelled on the printer' : 'The printer reported a failed print';
    await recordJob(tx, 'queue.report', {
      ...report,
      outcome: 'failed',
      reason: status.message ? `${why}: ${status.message}` : why,
    });
  } else if (
    status.activity === 'printing' &&
    (report.progress - item.progress >= PROGRESS_STEP || !item.startedAt)
  ) {
    await recordJob(tx, 'queue.report', { ...report, outcome: 'progress' });
  }
  return false;
}

export const printerPoll: JobHandler<'printer.poll'> = async (_payload, context) => {
  const { prisma } = context;
  const printers = await prisma.printer.findMany({ where: { connector: { not: 'none' } } });
  const freed = new Set<string>();
  await Promise.all(
    printers.map(async (printer) => {
      const status = await readStatus(context, printer);
      if (await prisma.$transaction((tx) => recordChanges(tx, printer.id, status))) freed.add(printer.farmId);
    }),
  );
  // A printer back to idle (online again, or made ready on the printer itself) may take the next item.
  for (const farmId of freed)
    await prisma.$transaction((tx) => recordJob(tx, 'printer.dispatch', { farmId }));
  return printers.length > 0 ? 'done' : 'skipped';
};
