// Staff only: manufacturing nodes, platform settings and user roles.
import {
  nodeUpdateSchema,
  SETTING_KEYS,
  settingSchemas,
  userRoleUpdateSchema,
} from '@printfarm/domain/network';
import * as v from 'valibot';
import { requireStaff, userOf } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppRouter } from '../http/context.ts';
import { noStore } from '../http/noStore.ts';
import { pathId } from '../http/params.ts';
import { chosenBy, validate, validateInputs } from '../http/validate.ts';
import { presentPlatformUser } from '../presenters/network.ts';
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
const NODE_NOT_FOUND = 'Node not found';
const USER_NOT_FOUND = 'User not found';
const NODE_ID = pathId('farmId', NODE_NOT_FOUND);
const USER_ID = pathId('userId', USER_NOT_FOUND);

export function registerAdminNetworkRoutes(router: AppRouter, { prisma }: ApiDeps): void {
  router.get('/api/admin/nodes', requireStaff, async (ctx) => {
    ctx.body = (await listNodes(prisma)).map(presentNode);
  });

  router.get('/api/admin/estimator', requireStaff, noStore, async (ctx) => {
    ctx.body = await estimatorAccuracy(prisma);
  });

  router.patch(
    '/api/admin/nodes/:farmId',
    requireStaff,
    NODE_ID.required,
    validate(nodeUpdateSchema),
    async (ctx) => {
      const id = NODE_ID.of(ctx);
      ctx.body = presentNode(await updateNode(prisma, id, ctx.state.input));
    },
  );

  router.get('/api/admin/settings', requireStaff, async (ctx) => {
    ctx.body = await readSettings(prisma);
  });

  router.put(
    '/api/admin/settings/:key',
    requireStaff,
    validateInputs({ params: settingParams, body: chosenBy('key', settingSchemas) }),
    async (ctx) => {
      ctx.body = await writeSetting(prisma, ctx.state.params.key, ctx.state.input, userOf(ctx).id);
    },
  );

  router.get('/api/admin/users', requireStaff, validate(userSearch, 'query'), async (ctx) => {
    ctx.body = (await listUsers(prisma, ctx.state.query.search)).map(presentPlatformUser);
  });

  router.patch(
    '/api/admin/users/:userId',
    requireStaff,
    USER_ID.required,
    validate(userRoleUpdateSchema),
    async (ctx) => {
      const id = USER_ID.of(ctx);
      ctx.body = await changeRole(prisma, userOf(ctx).id, id, ctx.state.input.role);
    },
  );
}
