// GET/PATCH /api/profile: the signed-in user's name and default shipping address.
import { profileSettingsSchema } from '@printfarm/domain/profile';
import { requireUser, userOf } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppRouter } from '../http/context.ts';
import { noStore } from '../http/noStore.ts';
import { validate } from '../http/validate.ts';
import { presentMembership } from '../presenters/membership.ts';
import { presentProfile } from '../presenters/profile.ts';
import { farmMemberships } from '../services/membership.ts';
import { readSettings } from '../services/network.ts';
import { getProfile, updateProfile } from '../services/profile.ts';

export function registerProfileRoutes(router: AppRouter, { prisma }: ApiDeps): void {
  router.get('/api/profile', requireUser, noStore, async (ctx) => {
    ctx.body = presentProfile(await getProfile(prisma, userOf(ctx)));
  });

  router.get('/api/membership', requireUser, noStore, async (ctx) => {
    const user = userOf(ctx);
    const [settings, farms] = await Promise.all([readSettings(prisma), farmMemberships(prisma, user.id)]);
    ctx.body = presentMembership(settings.payments, farms);
  });

  router.patch('/api/profile', requireUser, validate(profileSettingsSchema), async (ctx) => {
    ctx.body = presentProfile(await updateProfile(prisma, userOf(ctx), ctx.state.input));
  });
}
