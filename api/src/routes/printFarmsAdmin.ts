// Staff view of every print farm (with where geocoding left it) and the staff edit.
import { farmAdminUpdateSchema } from '@printfarm/domain/farmAdmin';
import { requireStaff } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppRouter } from '../http/context.ts';
import { noStore } from '../http/noStore.ts';
import { idParam } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { presentFullFarm } from '../presenters/printFarm.ts';
import { listAllFarms, updateFarmAsStaff } from '../services/printFarms.ts';

export function registerPrintFarmAdminRoutes(
  router: AppRouter,
  { prisma, publicFarms, config }: ApiDeps,
): void {
  router.get('/api/admin/print-farms', requireStaff, noStore, async (ctx) => {
    ctx.body = (await listAllFarms(prisma)).map(presentFullFarm);
  });

  router.put('/api/admin/print-farms/:farmId', requireStaff, validate(farmAdminUpdateSchema), async (ctx) => {
    const farmId = idParam(ctx, 'farmId', 'Print farm not found');
    const farm = await updateFarmAsStaff(prisma, publicFarms, farmId, ctx.state.input, config.PUBLIC_URL);
    ctx.body = presentFullFarm(farm);
  });
}
