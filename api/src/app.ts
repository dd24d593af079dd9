// Builds the Koa application from its services; main.ts and the tests both use this factory.

import Router from '@koa/router';
import { createMetrics } from '@printfarm/db/metrics';
import { paymentProvider } from '@printfarm/db/payments';
import { rememberedNetworkPrinters } from '@printfarm/db/printability';
import { CLAIM_BODY_MAX_BYTES } from '@printfarm/domain/claims';
import Koa from 'koa';
import { sessionMiddleware } from './auth/session.ts';
import type { ApiDeps } from './deps.ts';
import { addressMiddleware, knownMethodsMiddleware } from './http/address.ts';
import type { AppState } from './http/context.ts';
import { errorMiddleware } from './http/errors.ts';
import { jsonBodyMiddleware } from './http/jsonBody.ts';
import { mapPagesMiddleware } from './http/mapPages.ts';
import { httpMetricsMiddleware, metricsEndpointMiddleware } from './http/metrics.ts';
import { createRateLimits } from './http/rateLimit.ts';
import { requestLogMiddleware } from './http/requestLog.ts';
import { createScreens } from './http/screens.ts';
import { crossSiteRequestMiddleware, securityHeadersMiddleware } from './http/security.ts';
import { rendersScreen, spaMiddleware } from './http/spa.ts';
import { publicFarmPresenters } from './presenters/printFarm.ts';
import { registerRoutes } from './routes/index.ts';
import { createCheckouts } from './services/checkout.ts';
import { createPublicFarmCache } from './services/publicFarmCache.ts';
import { createUploadServer } from './uploads/server.ts';

/** What createApp needs; the process's long-lived parts may be left out, and are then made here. */
type MadeHere =
  | 'metrics'
  | 'lifecycle'
  | 'rateLimits'
  | 'publicFarms'
  | 'checkouts'
  | 'networkPrinters'
  | 'payments';
export type AppDeps = Omit<ApiDeps, MadeHere> & Partial<Pick<ApiDeps, MadeHere>>;

/** The given dependencies with the ones left out made here. */
export function apiDeps(given: AppDeps): ApiDeps {
  const metrics = given.metrics ?? createMetrics('api');
  return {
    ...given,
    metrics,
    lifecycle: given.lifecycle ?? { draining: false },
    payments: given.payments ?? paymentProvider(given.config),
    rateLimits: given.rateLimits ?? createRateLimits(given),
    publicFarms: given.publicFarms ?? createPublicFarmCache(given.prisma, publicFarmPresenters),
    networkPrinters:
      given.networkPrinters ??
      rememberedNetworkPrinters(given.prisma, given.config.NETWORK_PRINTERS_CACHE_MS),
    checkouts:
      given.checkouts ??
      createCheckouts(given.prisma, {
        onBatch: (orders) => metrics.checkoutBatchOrders.observe(orders),
      }),
  };
}

/** Every API route on one router (the authorization matrix and the fuzz read its layers). */
export function createRouter(deps: ApiDeps): Router<AppState> {
  const router = new Router<AppState>();
  registerRoutes(router, deps);
  return router;
}

export function createApp(given: AppDeps): Koa<AppState> {
  const deps = apiDeps(given);
  // Only the configured proxy hops are believed: a client cannot pick its address by sending its own
  // X-Forwarded-For (Koa takes the leftmost of the last TRUSTED_PROXIES entries).
  const app = new Koa<AppState>({
    proxy: deps.config.TRUSTED_PROXIES > 0,
    maxIpsCount: deps.config.TRUSTED_PROXIES,
  });
  app.silent = true; // errors are logged by the error middleware with the request id

  const router = createRouter(deps);

  app.use(requestLogMiddleware(deps.log));
  app.use(httpMetricsMiddleware(deps.metrics));
  app.use(errorMiddleware);
  app.use(metricsEndpointMiddleware(deps.metrics, deps.config.METRICS_TOKEN));
  app.use(addressMiddleware);
  app.use(knownMethodsMiddleware);
  app.use(securityHeadersMiddleware(deps.config));
  app.use(crossSiteRequestMiddleware(deps.config));
  const screens = createScreens(deps.config.PWA_DIST, deps);
  app.use(
    spaMiddleware(
      deps.config.PWA_DIST,
      {
        // A store's page answers 404 unless an open store has that name (as its API call does).
        '/store/:storeName': async (storeName) =>
          (await deps.prisma.store.count({ where: { storeName, isActive: true } })) > 0,
      },
      screens,
    ),
  );
  // Inside the SPA's middleware, so that a page with the farm map is answered before spa.ts sends it.
  app.use(mapPagesMiddleware(deps.config.PWA_DIST, deps.publicFarms));
  app.use(
    jsonBodyMiddleware(deps.config.JSON_BODY_LIMIT, [
      { path: /^\/api\/print-requests\/[^/]+\/claim$/, limit: CLAIM_BODY_MAX_BYTES },
    ]),
  );
  app.use(sessionMiddleware(app, deps, (pagePath) => rendersScreen(screens, pagePath)));
  // tus reads the raw request body itself; the JSON body parser above leaves its content types alone.
  app.use(createUploadServer(deps).middleware);
  app.use(router.routes());
  app.use(router.allowedMethods());
  return app;
}
