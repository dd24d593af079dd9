// The farm's print queue as the operator works it: the list, the order (drag or move), pins and holds,
// and the hand-worked flow for printers without a connector (mark started, done, failed). Every command
// finds the item among the farm's own (another farm's answers 404) and checks its state, and that its job
// is still being made, under its lock.
import type { Prisma, PrismaClient, QueueItem } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { partOf, printerOf } from '@printfarm/db/printQueue/fit';
import {
  claimItem,
  failItem,
  finishItem,
  lockItem,
  OF_LIVE_JOB,
  printerIsBusy,
} from '@printfarm/db/printQueue/items';
import { lockFarmQueue, renumberWaiting } from '@printfarm/db/printQueue/positions';
import { isLiveJob, JOB_STATE_LABELS, type JobState } from '@printfarm/domain/printJob';
import { eligibility, QUEUE_ITEM_STATE_LABELS, type QueueItemState } from '@printfarm/domain/printQueue';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { findFarmPrinter } from './printers.ts';

const ITEM_NOT_FOUND = 'Queue item not found';

export const queueItemInclude = {
  job: { select: { id: true, readyBy: true, request: { select: { title: true } } } },
} satisfies Prisma.QueueItemInclude;
export type QueueItemRow = Prisma.QueueItemGetPayload<{ include: typeof queueItemInclude }>;

/** The queue top first: printing, then waiting in the farm's order, then the last printed. */
export async function listQueue(prisma: PrismaClient, farmId: string): Promise<QueueItemRow[]> {
  const [active, done] = await Promise.all([
    prisma.queueItem.findMany({
      where: { farmId, state: { in: ['printing', 'queued', 'held'] }, ...OF_LIVE_JOB },
      orderBy: [{ position: 'asc' }, { createdAt: 'asc' }],
      include: queueItemInclude,
      take: 2000,
    }),
    prisma.queueItem.findMany({
      where: { farmId, state: 'done', ...OF_LIVE_JOB },
      orderBy: { finishedAt: 'desc' },
      include: queueItemInclude,
      take: 50,
    }),
  ]);
  const printing = active.filter((item) => item.state === 'printing');
  return [...printing, ...active.filter((item) => item.state !== 'printing'), ...done];
}

/** The operator's new order: exactly the farm's waiting items, each once. */
export async function reorderQueue(prisma: PrismaClient, farmId: string, itemIds: readonly string[]) {
  await prisma.$transaction(async (tx) => {
    await lockFarmQueue(tx, farmId);
    const waiting = await tx.queueItem.findMany({
      where: { farmId, state: { in: ['queued', 'held'] }, ...OF_LIVE_JOB },
      select: { id: true },
    });
    const known = new Set(waiting.map((item) => item.id));
    if (itemIds.length !== known.size || itemIds.some((id) => !known.has(id))) {
      throw conflict('The queue changed meanwhile: reload it and move the item again', {
        itemIds: 'Send every waiting item of the queue, each once',
      });
    }
    await renumberWaiting(tx, farmId, itemIds);
  });
}

async function actOnItem<T>(
  prisma: PrismaClient,
  farmId: string,
  itemId: string,
  from: readonly QueueItemState[],
  verb: string,
  action: (tx: Prisma.TransactionClient, item: QueueItem) => Promise<T>,
  { lockQueue = false }: { lockQueue?: boolean } = {},
): Promise<T> {
  return prisma.$transaction(async (tx) => {
    const owned = await tx.queueItem.findFirst({ where: { id: itemId, farmId }, select: { id: true } });
    if (!owned) throw notFound(ITEM_NOT_FOUND);
    // Before the item's locks, in the order printer.dispatch takes them (farm, request, item).
    if (lockQueue) await lockFarmQueue(tx, farmId);
    const item = await lockItem(tx, itemId);
    if (!item) throw notFound(ITEM_NOT_FOUND);
    // Checked under the request's lock: a customer's cancel that committed meanwhile is seen here.
    if (!isLiveJob(item.job.state)) {
      const job = JOB_STATE_LABELS[item.job.state as JobState] ?? item.job.state;
      throw conflict(`You cannot ${verb} this item: its job is ${job.toLowerCase()}`);
    }
    if (!(from as readonly string[]).includes(item.state)) {
      const now = QUEUE_ITEM_STATE_LABELS[item.state as QueueItemState] ?? item.state;
      throw conflict(`You cannot ${verb} this item: it is ${now.toLowerCase()}`);
    }
    return action(tx, item);
  });
}

/** One of the farm's printers that can print the item (material, colour, bed, nozzle); else a 400 saying why. */
async function printerThatFits(
  tx: Prisma.TransactionClient,
  farmId: string,
  printerId: string,
  item: QueueItem,
) {
  const printer = await findFarmPrinter(tx, farmId, printerId).catch(() => {
    throw badRequest('Choose one of your printers', { printerId: 'Choose one of your printers' });
  });
  const fit = eligibility(partOf(item), printerOf(printer));
  if (!fit.ok) {
    const message = `${printer.name} cannot print this part: ${fit.reason}`;
    throw badRequest(message, { printerId: message });
  }
  return printer;
}

export function pinItem(prisma: PrismaClient, farmId: string, itemId: string, printerId: string | null) {
  return actOnItem(prisma, farmId, itemId, ['queued', 'held'], 'pin', async (tx, item) => {
    if (printerId) {
      await printerThatFits(tx, farmId, printerId, item);
    }
    await tx.queueItem.update({ where: { id: item.id }, data: { pinnedPrinterId: printerId } });
    await recordJob(tx, 'printer.dispatch', { farmId });
  });
}

export function holdItem(prisma: PrismaClient, farmId: string, itemId: string) {
  return actOnItem(prisma, farmId, itemId, ['queued'], 'hold', async (tx, item) => {
    await tx.queueItem.update({ where: { id: item.id }, data: { state: 'held' } });
  });
}

export function releaseItem(prisma: PrismaClient, farmId: string, itemId: string) {
  return actOnItem(prisma, farmId, itemId, ['held'], 'release', async (tx, item) => {
    await tx.queueItem.update({ where: { id: item.id }, data: { state: 'queued' } });
    await recordJob(tx, 'printer.dispatch', { farmId });
  });
}

/**
 * Started by hand on a printer: it must be able to print the part, and be free. Under the farm's queue
 * lock, as printer.dispatch claims printers, so two starts (items of different jobs take different
 * request locks) or a start and a dispatch never both find the printer free.
 */
export function startItemByHand(prisma: PrismaClient, farmId: string, itemId: string, printerId: string) {
  return actOnItem(
    prisma,
    farmId,
    itemId,
    ['queued', 'held'],
    'start',
    async (tx, item) => {
      const printer = await printerThatFits(tx, farmId, printerId, item);
      if (item.pinnedPrinterId && item.pinnedPrinterId !== printer.id) {
        throw badRequest('This item is pinned to another printer', {
          printerId: 'This item is pinned to another printer',
        });
      }
      if (await printerIsBusy(tx, printer.id)) throw conflict(`${printer.name} is already printing an item`);
      await claimItem(tx, item, printer.id, { started: true });
    },
    { lockQueue: true },
  );
}

export function markItemDone(prisma: PrismaClient, farmId: string, itemId: string) {
  return actOnItem(prisma, farmId, itemId, ['printing'], 'mark done', async (tx, item) => {
    await finishItem(tx, item);
  });
}

export function markItemFailed(prisma: PrismaClient, farmId: string, itemId: string, reason: string) {
  return actOnItem(prisma, farmId, itemId, ['printing'], 'mark failed', async (tx, item) => {
    await failItem(tx, item, reason);
  });
}
