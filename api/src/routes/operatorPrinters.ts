// The farm's printers (issue 27): list, add, edit (what is loaded, its state, its connector), remove.
// Operators see only their own farm's printers (another farm's answers 404); staff name the farm.
import { printerSchema, printerUpdateSchema } from '@printfarm/domain/printers';
import { requireOperator, userOf } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppContext, AppRouter } from '../http/context.ts';
import { noStore } from '../http/noStore.ts';
import { farmQuerySchema, idParam } from '../http/params.ts';
import { validate, validateInputs } from '../http/validate.ts';
import { presentPrinter } from '../presenters/printer.ts';
import { findManagedFarm } from '../services/operatorFarm.ts';
import {
  addPrinter,
  findFarmPrinter,
  listPrinters,
  removePrinter,
  updatePrinter,
} from '../services/printers.ts';

const PRINTER_NOT_FOUND = 'Printer not found';

export function registerOperatorPrinterRoutes(router: AppRouter, { prisma, config }: ApiDeps): void {
  const farmOf = (ctx: AppContext) =>
    findManagedFarm(prisma, userOf(ctx), (ctx.state as { query?: { farmId?: string } }).query?.farmId);

  router.get(
    '/api/operator/printers',
    requireOperator,
    validate(farmQuerySchema, 'query'),
    noStore,
    async (ctx) => {
      const farmId = await farmOf(ctx);
      ctx.body = (await listPrinters(prisma, farmId)).map(presentPrinter);
    },
  );

  router.post(
    '/api/operator/printers',
    requireOperator,
    validateInputs({ body: printerSchema, query: farmQuerySchema }),
    async (ctx) => {
      const printer = await addPrinter(prisma, config, await farmOf(ctx), ctx.state.input);
      ctx.status = 201;
      ctx.body = presentPrinter(printer);
    },
  );

  router.patch(
    '/api/operator/printers/:printerId',
    requireOperator,
    validateInputs({ body: printerUpdateSchema, query: farmQuerySchema }),
    async (ctx) => {
      const id = idParam(ctx, 'printerId', PRINTER_NOT_FOUND);
      const farmId = await farmOf(ctx);
      await findFarmPrinter(prisma, farmId, id);
      ctx.body = presentPrinter(await updatePrinter(prisma, config, farmId, id, ctx.state.input));
    },
  );

  router.delete(
    '/api/operator/printers/:printerId',
    requireOperator,
    validate(farmQuerySchema, 'query'),
    async (ctx) => {
      const id = idParam(ctx, 'printerId', PRINTER_NOT_FOUND);
      await removePrinter(prisma, await farmOf(ctx), id);
      ctx.status = 204;
    },
  );
}
