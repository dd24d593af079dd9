// The public side of the print-farm network: signup, the farm list, the map's marker feed and a marker's
// farm, network figures, claiming an anonymously registered farm, and an operator's own farms.
import { mailSecretsKey } from '@printfarm/db/mailSecrets';
import { markerIdSchema } from '@printfarm/domain/farmMarkers';
import { farmSignupSchema } from '@printfarm/domain/farmSignup';
import * as v from 'valibot';
import { currentUser, requireUser, userOf } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AnyStateMiddleware, AppContext, AppRouter } from '../http/context.ts';
import { sendEncoded } from '../http/encodedBody.ts';
import { forbidden, notFound } from '../http/errors.ts';
import { noStore } from '../http/noStore.ts';
import { ipKey } from '../http/rateLimit.ts';
import { validate } from '../http/validate.ts';
import { presentNetworkStats, presentOffering } from '../presenters/network.ts';
import {
  presentFullFarm,
  presentPublicFarm,
  presentSignupStatus,
  publicFarmSelect,
} from '../presenters/printFarm.ts';
import { claimFarm } from '../services/farmClaims.ts';
import { readSettings } from '../services/network.ts';
import {
  FARM_NOT_FOUND,
  farmBehindMarker,
  listFarmsOwnedBy,
  networkOfferings,
  signupFarm,
} from '../services/printFarms.ts';
import type { EncodedJson } from '../services/publicFarmCache.ts';

export const SIGNUPS_CLOSED =
  'The network is not accepting new print farms right now. Please check back soon, or apply to run a farm at /opportunity.';

const claimQuerySchema = v.object({
  token: v.pipe(
    v.string('The claim link is missing its token'),
    v.regex(/^[A-Za-z0-9_-]{20,100}$/, 'The claim link is not valid'),
  ),
});

/** Answers from the cached body: 304 when the browser's copy is current, else brotli or gzip when accepted. */
function sendCachedJson(ctx: AppContext, snapshot: EncodedJson): void {
  ctx.set('Cache-Control', 'public, no-cache');
  ctx.set('ETag', snapshot.etag);
  ctx.vary('Accept-Encoding');
  const ifNoneMatch = ctx.get('If-None-Match');
  if (ifNoneMatch?.split(/\s*,\s*/).some((tag) => tag.replace(/^W\//, '') === snapshot.etag)) {
    ctx.status = 304;
    return;
  }
  ctx.type = 'application/json';
  sendEncoded(ctx, { plain: snapshot.json, gzip: snapshot.gzip, brotli: snapshot.brotli });
}

/** Someone signed out is sent to sign in first, and comes back to the same address. */
const signInFirst: AnyStateMiddleware = async (ctx, next) => {
  const context = ctx as AppContext;
  if (!currentUser(context)) {
    context.redirect(`/api/login?next=${encodeURIComponent(context.originalUrl)}`);
    return;
  }
  await next();
};

export function registerPrintFarmRoutes(
  router: AppRouter,
  { prisma, config, rateLimits, publicFarms }: ApiDeps,
): void {
  /** While staff have closed signups, a signup is refused before its form is read. */
  const signupsOpen: AnyStateMiddleware = async (_ctx, next) => {
    if (!(await readSettings(prisma)).system.acceptingFarmSignups) throw forbidden(SIGNUPS_CLOSED);
    await next();
  };

  router.post(
    '/api/print-farms/signup',
    rateLimits.limit({ name: 'farm-signup', points: 20, durationSeconds: 3600, key: ipKey }),
    signupsOpen,
    validate(farmSignupSchema),
    async (ctx) => {
      const user = currentUser(ctx);
      const farm = await signupFarm(prisma, ctx.state.input, {
        userId: user?.id ?? null,
        publicUrl: config.PUBLIC_URL,
        mailSecrets: mailSecretsKey(config),
        publicFarms,
      });
      ctx.status = 201;
      ctx.body = presentPublicFarm(farm);
    },
  );

  router.get('/api/print-farms/signup', async (ctx) => {
    const accepting = (await readSettings(prisma)).system.acceptingFarmSignups;
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = presentSignupStatus(accepting, SIGNUPS_CLOSED);
  });

  router.get('/api/print-farms/offerings', async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = (await networkOfferings(prisma)).map(presentOffering);
  });

  router.get('/api/print-farms', async (ctx) => {
    sendCachedJson(ctx, await publicFarms.list());
  });

  router.get('/api/print-farms/markers', async (ctx) => {
    sendCachedJson(ctx, await publicFarms.markers());
  });

  router.get('/api/print-farms/markers/:markerId', async (ctx) => {
    // A path that is not a marker number names no farm, like a number no farm has.
    const markerId = v.safeParse(markerIdSchema, ctx.params.markerId);
    if (!markerId.success) throw notFound(FARM_NOT_FOUND);
    ctx.set('Cache-Control', 'public, max-age=60');
    ctx.body = presentPublicFarm(await farmBehindMarker(prisma, markerId.output, publicFarmSelect));
  });

  router.get('/api/stats', async (ctx) => {
    const { stats } = await publicFarms.list();
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = presentNetworkStats(stats);
  });

  router.get('/api/print-farms/claim', signInFirst, validate(claimQuerySchema, 'query'), async (ctx) => {
    const { farmId } = await claimFarm(prisma, ctx.state.query.token, userOf(ctx));
    // The new operator lands in their area, on the farm they just claimed, with a message saying so.
    ctx.redirect(`/operator?farmId=${encodeURIComponent(farmId)}&claimed=1`);
  });

  router.get('/api/my/print-farms', requireUser, noStore, async (ctx) => {
    ctx.body = (await listFarmsOwnedBy(prisma, userOf(ctx).id)).map(presentFullFarm);
  });
}
