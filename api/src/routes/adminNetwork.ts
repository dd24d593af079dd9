// Staff only: manufacturing nodes, platform settings and user roles.
import {
  nodeUpdateSchema,
  SETTING_KEYS,
  settingSchemas,
  userRoleUpdateSchema,
} from '@printfarm/domain/network';
import * as v from 'valibot';
import { requireStaff, userOf } from '../auth/guards.ts';
import type { ApiDeps, AppRouter } from '../http/context.ts';
import { idParam } from '../http/params.ts';
import { parseInput } from '../http/validate.ts';
import { presentNode } from '../presenters/node.ts';
import { estimatorAccuracy } from '../services/estimator.ts';
import {
  changeRole,
  listNodes,
  listUsers,
  readSettings,
  updateNode,
  writeSetting,
} from '../services/network.ts';

const settingParams = v.object({ key: v.picklist(SETTING_KEYS, 'Unknown setting') });
const userSearch = v.object({ search: v.optional(v.pipe(v.string(), v.maxLength(100))) });

export function registerAdminNetworkRoutes(router: AppRouter, { prisma }: ApiDeps): void {
  router.get('/api/admin/nodes', requireStaff, async (ctx) => {
    ctx.body = (await listNodes(prisma)).map(presentNode);
  });

  router.get('/api/admin/estimator', requireStaff, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await estimatorAccuracy(prisma);
  });

  router.patch('/api/admin/nodes/:farmId', requireStaff, async (ctx) => {
    const id = idParam(ctx, 'farmId', 'Node not found');
    const update = parseInput(ctx, nodeUpdateSchema);
    ctx.body = presentNode(await updateNode(prisma, id, update));
  });

  router.get('/api/admin/settings', requireStaff, async (ctx) => {
    ctx.body = await readSettings(prisma);
  });

  router.put('/api/admin/settings/:key', requireStaff, async (ctx) => {
    const { key } = parseInput(ctx, settingParams, 'params');
    const value = parseInput(ctx, settingSchemas[key]);
    ctx.body = await writeSetting(prisma, key, value, userOf(ctx).id);
  });

  router.get('/api/admin/users', requireStaff, async (ctx) => {
    const { search } = parseInput(ctx, userSearch, 'query');
    ctx.body = await listUsers(prisma, search);
  });

  router.patch('/api/admin/users/:userId', requireStaff, async (ctx) => {
    const id = idParam(ctx, 'userId', 'User not found');
    const { role } = parseInput(ctx, userRoleUpdateSchema);
    ctx.body = await changeRole(prisma, userOf(ctx).id, id, role);
  });
}
