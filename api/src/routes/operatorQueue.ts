// The farm's print queue (issue 27): the list, the operator's order, pins and holds, the hand-worked
// flow (start, done, failed) and each item's G-code or 3MF project for a printer. Another farm's item answers 404.
import {
  queueFailSchema,
  queueOrderSchema,
  queuePinSchema,
  queueStartSchema,
} from '@printfarm/domain/printQueue';
import * as v from 'valibot';
import { requireOperator, userOf } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppContext, AppRouter } from '../http/context.ts';
import { noStore } from '../http/noStore.ts';
import { farmQuerySchema, pathId } from '../http/params.ts';
import { validate, validateInputs } from '../http/validate.ts';
import { presentQueueItem } from '../presenters/queueItem.ts';
import { findManagedFarm } from '../services/operatorFarm.ts';
import { listPrinters } from '../services/printers.ts';
import {
  holdItem,
  listQueue,
  markItemDone,
  markItemFailed,
  pinItem,
  releaseItem,
  reorderQueue,
  startItemByHand,
} from '../services/printQueue.ts';
import { itemGcode, itemProject } from '../services/printQueueGcode.ts';

const ITEM_NOT_FOUND = 'Queue item not found';
const ITEM_ID = pathId('itemId', ITEM_NOT_FOUND);
const printerFileQuerySchema = v.object({
  ...farmQuerySchema.entries,
  printerId: v.pipe(v.string('Choose a printer'), v.uuid('Choose a printer')),
});

export function registerOperatorQueueRoutes(router: AppRouter, { prisma }: ApiDeps): void {
  const farmOf = (ctx: AppContext) =>
    findManagedFarm(prisma, userOf(ctx), (ctx.state as { query?: { farmId?: string } }).query?.farmId);

  async function answerWithQueue(ctx: AppContext, farmId: string) {
    const [items, printers] = await Promise.all([listQueue(prisma, farmId), listPrinters(prisma, farmId)]);
    const files = await prisma.projectFile.findMany({
      where: { id: { in: [...new Set(items.map((item) => item.fileId))] } },
      select: { id: true, originalFileName: true },
    });
    const names = new Map(files.map((file) => [file.id, file.originalFileName]));
    ctx.body = items.map((item) => presentQueueItem(item, printers, names));
  }

  router.get(
    '/api/operator/queue',
    requireOperator,
    validate(farmQuerySchema, 'query'),
    noStore,
    async (ctx) => {
      await answerWithQueue(ctx, await farmOf(ctx));
    },
  );

  router.put(
    '/api/operator/queue/order',
    requireOperator,
    validateInputs({ body: queueOrderSchema, query: farmQuerySchema }),
    noStore,
    async (ctx) => {
      const farmId = await farmOf(ctx);
      await reorderQueue(prisma, farmId, ctx.state.input.itemIds);
      await answerWithQueue(ctx, farmId);
    },
  );

  /** One route per command on an item: parse its body, act, answer with the queue as it is now. */
  function itemCommand<S extends v.GenericSchema>(
    command: string,
    schema: S | null,
    run: (farmId: string, itemId: string, input: v.InferOutput<S>) => Promise<unknown>,
  ) {
    const path = `/api/operator/queue/:itemId/${command}`;
    const inputs = validateInputs({ body: schema, query: farmQuerySchema });
    router.post(path, requireOperator, inputs, noStore, async (ctx) => {
      const itemId = ITEM_ID.of(ctx);
      const farmId = await farmOf(ctx);
      await run(farmId, itemId, ctx.state.input);
      await answerWithQueue(ctx, farmId);
    });
  }

  itemCommand('pin', queuePinSchema, (farmId, id, input) => pinItem(prisma, farmId, id, input.printerId));
  itemCommand('hold', null, (farmId, id) => holdItem(prisma, farmId, id));
  itemCommand('release', null, (farmId, id) => releaseItem(prisma, farmId, id));
  itemCommand('start', queueStartSchema, (farmId, id, input) =>
    startItemByHand(prisma, farmId, id, input.printerId),
  );
  itemCommand('done', null, (farmId, id) => markItemDone(prisma, farmId, id));
  itemCommand('fail', queueFailSchema, (farmId, id, input) =>
    markItemFailed(prisma, farmId, id, input.reason),
  );

  /** The item's file for one printer, or 202 with why to come back while a worker makes it. */
  function printerFileRoute(file: string, contentType: string, answerOf: typeof itemGcode) {
    router.get(
      `/api/operator/queue/:itemId/${file}`,
      requireOperator,
      validate(printerFileQuerySchema, 'query'),
      noStore,
      async (ctx) => {
        const itemId = ITEM_ID.of(ctx);
        const answer = await answerOf(prisma, await farmOf(ctx), itemId, ctx.state.query.printerId);
        if (answer.kind === 'pending') {
          ctx.status = 202;
          ctx.body = { message: answer.message };
          return;
        }
        ctx.set('Content-Type', contentType);
        ctx.set('Content-Disposition', `attachment; filename="${answer.fileName}"`);
        ctx.body = Buffer.from(answer.bytes);
      },
    );
  }

  printerFileRoute('gcode', 'text/x-gcode', itemGcode);
  printerFileRoute('project.3mf', 'model/3mf', itemProject);
}
