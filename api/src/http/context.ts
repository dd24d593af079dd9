import type Router from '@koa/router';
import type { PrismaClient } from '@printfarm/db';
import type { Logger } from '@printfarm/db/logger';
import type { Metrics } from '@printfarm/db/metrics';
import type { QueueRegistry } from '@printfarm/db/outbox';
import type { PaymentProvider } from '@printfarm/db/payments';
import type { NetworkPrinter } from '@printfarm/domain/printability';
import type { Redis } from 'ioredis';
import type { DefaultContext, ParameterizedContext } from 'koa';
import type { SessionUser } from '../auth/guards.ts';
import type { ApiConfig } from '../config.ts';
import type { Checkouts } from '../services/checkout.ts';
import type { PublicFarmCache } from '../services/publicFarmCache.ts';
import type { RateLimits } from './rateLimit.ts';

export interface AppState {
  log: Logger;
  requestId: string;
  /** The signed-in user, set by the session middleware; absent for anonymous requests. */
  user?: SessionUser;
}

/**
 * A route's context as handlers and helpers take it: Koa's, with the path parameters. It leaves out
 * ctx.router, whose type would pin the state to exactly AppState & S, so a handler whose state
 * validate() extended can still hand its ctx to any helper that takes AppContext.
 */
export type AppContext<S = unknown> = ParameterizedContext<
  AppState & S,
  DefaultContext & { params: Record<string, string> }
>;
/**
 * Middleware that adds S to the state (validate(), a store lookup). A route with two of them names its
 * whole state: `router.patch<{ store: Store; input: Changes }>(path, findStore, validate(schema), ...)`.
 */
export type AppMiddleware<S = unknown> = (ctx: AppContext<S>, next: () => Promise<unknown>) => Promise<void>;
export type AppRouter = Router<AppState>;

/**
 * Middleware that needs only what every request has (guards, rate limits). Its context is typed as a
 * plain object, so it fits any route's list next to validate() (`requireStaff, validate(schema),
 * handler`) without pinning the route's state; the handler still sees what validate() adds.
 */
export type AnyStateMiddleware = (ctx: object, next: () => Promise<unknown>) => Promise<void>;

/** What every route module receives: the process's long-lived services. */
export interface ApiDeps {
  config: ApiConfig;
  prisma: PrismaClient;
  redis: Redis;
  queues: QueueRegistry;
  log: Logger;
  /** This process's metrics registry (GET /metrics). */
  metrics: Metrics;
  /** The app's rate limits on its Redis (createApp makes them). */
  rateLimits: RateLimits;
  /** The public farm list and marker feed kept in memory (createApp makes it unless given one). */
  publicFarms: PublicFarmCache;
  /** Reads and writes checkouts a store's batch at a time (createApp makes it unless given one). */
  checkouts: Checkouts;
  /** The printers the network's farms have, remembered for a while (files' findings are judged by them). */
  networkPrinters: () => Promise<NetworkPrinter[]>;
  /** The payment processor: bank transfer / payment app (invoice) or Stripe (createApp picks it). */
  payments: PaymentProvider;
  /** Set once the process is shutting down: /api/health/ready answers 503 from then on. */
  lifecycle: { draining: boolean };
}
