// The public side of the print-farm network: signup, the map list, network figures, claiming an
// anonymously registered farm, and an operator's own farms.
import { farmSignupSchema } from '@printfarm/domain/farmSignup';
import * as v from 'valibot';
import { currentUser, requireUser, userOf } from '../auth/guards.ts';
import type { ApiDeps, AppContext, AppRouter } from '../http/context.ts';
import { forbidden } from '../http/errors.ts';
import { ipKey, rateLimit } from '../http/rateLimit.ts';
import { parseInput } from '../http/validate.ts';
import { presentFullFarm, presentPublicFarm } from '../presenters/printFarm.ts';
import { claimFarm } from '../services/farmClaims.ts';
import { readSettings } from '../services/network.ts';
import { listFarmsOwnedBy, networkOfferings, publicFarms, signupFarm } from '../services/printFarms.ts';

export const SIGNUPS_CLOSED =
  'The network is not accepting new print farms right now. Please check back soon, or apply to run a farm at /opportunity.';

const claimQuerySchema = v.object({
  token: v.pipe(
    v.string('The claim link is missing its token'),
    v.regex(/^[A-Za-z0-9_-]{20,100}$/, 'The claim link is not valid'),
  ),
});

/** Answers from the cached body: 304 when the browser's copy is current, gzip when it is accepted. */
function sendCachedJson(ctx: AppContext, snapshot: { etag: string; json: Buffer; gzip: Buffer }): void {
  ctx.set('Cache-Control', 'public, no-cache');
  ctx.set('ETag', snapshot.etag);
  ctx.vary('Accept-Encoding');
  const ifNoneMatch = ctx.get('If-None-Match');
  if (ifNoneMatch?.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, '') === snapshot.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json';
  if (ctx.acceptsEncodings('gzip', 'identity') === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = snapshot.gzip;
  } else {
    ctx.body = snapshot.json;
  }
}

export function registerPrintFarmRoutes(router: AppRouter, { prisma, config }: ApiDeps): void {
  router.post(
    '/api/print-farms/signup',
    rateLimit({ name: 'farm-signup', points: 20, durationSeconds: 3600, key: ipKey }),
    async (ctx) => {
      if (!(await readSettings(prisma)).system.acceptingFarmSignups) throw forbidden(SIGNUPS_CLOSED);
      const input = parseInput(ctx, farmSignupSchema);
      const user = currentUser(ctx);
      const farm = await signupFarm(prisma, input, {
        userId: user?.id ?? null,
        publicUrl: config.PUBLIC_URL,
      });
      ctx.status = 201;
      ctx.body = presentPublicFarm(farm);
    },
  );

  router.get('/api/print-farms/signup', async (ctx) => {
    const accepting = (await readSettings(prisma)).system.acceptingFarmSignups;
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = { accepting, message: accepting ? null : SIGNUPS_CLOSED };
  });

  router.get('/api/print-farms/offerings', async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = await networkOfferings(prisma);
  });

  router.get('/api/print-farms', async (ctx) => {
    sendCachedJson(ctx, await publicFarms(prisma));
  });

  router.get('/api/stats', async (ctx) => {
    const { stats } = await publicFarms(prisma);
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = stats;
  });

  router.get('/api/print-farms/claim', async (ctx) => {
    const user = currentUser(ctx);
    if (!user) {
      ctx.redirect(`/api/login?next=${encodeURIComponent(ctx.originalUrl)}`);
      return;
    }
    const { token } = parseInput(ctx, claimQuerySchema, 'query');
    const { farmId } = await claimFarm(prisma, token, user);
    // The new operator lands in their area, on the farm they just claimed, with a message saying so.
    ctx.redirect(`/operator?farmId=${encodeURIComponent(farmId)}&claimed=1`);
  });

  router.get('/api/my/print-farms', requireUser, async (ctx) => {
    const farms = await listFarmsOwnedBy(prisma, userOf(ctx).id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = farms.map(presentFullFarm);
  });
}
