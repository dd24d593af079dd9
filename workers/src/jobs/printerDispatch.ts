// Gives each idle connected printer of a farm its next item: the first waiting one in the farm's order
// that the printer may take (pinned to it, or to none). The attempt is recorded (and committed) before
// anything is sent, and so is the moment its start goes out (sentAt), after the connector has read the
// printer free. An attempt whose start went out is never sent again, here or by a concurrent run: if the
// answer was lost, printer.poll settles it from what the printer says once it can be reached (printing
// it, or idle without it), so a part is never started twice nor handed to a second printer unseen.
import type { Printer, QueueItem } from '@printfarm/db';
import { partOf, printerOf } from '@printfarm/db/printQueue/fit';
import {
  claimItem,
  confirmStarted,
  lockItem,
  markSent,
  OF_LIVE_JOB,
  printerIsBusy,
  releaseClaim,
} from '@printfarm/db/printQueue/items';
import { lockFarmQueue } from '@printfarm/db/printQueue/positions';
import { isLiveJob } from '@printfarm/domain/printJob';
import { eligibility } from '@printfarm/domain/printQueue';
import { connectorConfigOf } from '../printers/connectorConfig.ts';
import { printerGcode } from '../printers/gcode.ts';
import type { JobContext, JobHandler } from './types.ts';

/** How long one send (upload and start) may take; printer.poll waits longer before it judges a start. */
export const SEND_TIMEOUT_MS = 60_000;

/** Claims, under the farm's lock, one waiting item per idle connected printer. */
async function claimNextItems({ prisma }: JobContext, farmId: string): Promise<QueueItem[]> {
  return prisma.$transaction(async (tx) => {
    await lockFarmQueue(tx, farmId);
    const printers = await tx.printer.findMany({
      where: { farmId, state: 'idle', connector: { not: 'none' } },
      orderBy: { name: 'asc' },
    });
    const waiting = await tx.queueItem.findMany({
      where: { farmId, state: 'queued', ...OF_LIVE_JOB },
      orderBy: [{ position: 'asc' }, { createdAt: 'asc' }],
    });
    const claimed: QueueItem[] = [];
    const taken = new Set<string>();
    for (const printer of printers) {
      if (await printerIsBusy(tx, printer.id)) continue;
      for (const next of waiting) {
        if (taken.has(next.id)) continue;
        if (next.pinnedPrinterId !== null && next.pinnedPrinterId !== printer.id) continue;
        if (!eligibility(partOf(next), printerOf(printer)).ok) continue;
        taken.add(next.id);
        const locked = await lockItem(tx, next.id);
        // Read again under the request's lock: a job cancelled since the list was read is not printed.
        if (locked?.state !== 'queued' || !isLiveJob(locked.job.state)) continue;
        claimed.push(await claimItem(tx, locked, printer.id, { started: false }));
        break;
      }
    }
    return claimed;
  });
}

/** Sends one claimed attempt to its printer; throws when the printer cannot be reached. */
async function send(context: JobContext, item: QueueItem, printer: Printer): Promise<void> {
  const { prisma, config, connectors, log } = context;
  const connectorConfig = connectorConfigOf(printer, config);
  const gcode = await printerGcode(context, item, printer);
  if (!connectorConfig || !gcode.ok || !item.dispatchFileName) {
    if (!gcode.ok)
      log.warn({ itemId: item.id, reason: gcode.reason }, 'queue item not sliced for its printer');
    await prisma.$transaction(async (tx) => {
      const locked = await lockItem(tx, item.id);
      if (locked) await releaseClaim(tx, locked);
      await tx.printer.update({
        where: { id: printer.id },
        data: gcode.ok
          ? { state: 'idle' }
          : { state: 'needs_attention', stateMessage: `Could not slice: ${gcode.reason}` },
      });
    });
    return;
  }
  const connector = connectors(connectorConfig);
  try {
    const fileName = item.dispatchFileName;
    // Throws when the printer cannot be reached: the job is retried, and sends again only if the start
    // never went out (sentAt is still empty).
    const outcome = await connector.dispatch(fileName, gcode.gcode, {
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      beforeStart: () => prisma.$transaction((tx) => markSent(tx, item.id, fileName)),
    });
    if (outcome.outcome === 'withdrawn') return;
    await prisma.$transaction(async (tx) => {
      const locked = await lockItem(tx, item.id);
      if (!locked || locked.dispatchFileName !== item.dispatchFileName) return;
      if (outcome.outcome === 'busy') {
        // Nothing was sent: the item waits again, and the printer's state says why.
        await releaseClaim(tx, locked);
        const state =
          outcome.status.activity === 'offline'
            ? 'offline'
            : outcome.status.activity === 'paused'
              ? 'paused'
              : 'needs_attention';
        await tx.printer.update({
          where: { id: printer.id },
          data: { state, stateMessage: outcome.status.message ?? 'The printer is busy with something else' },
        });
        return;
      }
      await confirmStarted(tx, locked);
      await tx.printer.update({ where: { id: printer.id }, data: { lastSeenAt: new Date() } });
    });
  } finally {
    await connector.close();
  }
}

export const printerDispatch: JobHandler<'printer.dispatch'> = async ({ farmId }, context) => {
  const { prisma } = context;
  await claimNextItems(context, farmId);
  // This run's claims and any a crashed or failed run left unsent (claimed, start never sent).
  const unsent = await prisma.queueItem.findMany({
    where: {
      farmId,
      state: 'printing',
      sentAt: null,
      startedAt: null,
      dispatchFileName: { not: null },
      printer: { connector: { not: 'none' } },
    },
    include: { printer: true },
  });
  const unreachable: unknown[] = [];
  for (const { printer, ...item } of unsent) {
    // One printer out of reach does not hold the others back; the retry resends its attempt.
    if (printer) await send(context, item, printer).catch((error: unknown) => unreachable.push(error));
  }
  if (unreachable.length > 0)
    throw new AggregateError(unreachable, `${unreachable.length} printer(s) could not be reached`);
  return unsent.length > 0 ? 'done' : 'skipped';
};
