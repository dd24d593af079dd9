// What every route module receives: the process's long-lived services, made once by createApp (app.ts).
import type { PrismaClient } from '@printfarm/db';
import type { Logger } from '@printfarm/db/logger';
import type { Metrics } from '@printfarm/db/metrics';
import type { QueueRegistry } from '@printfarm/db/outbox';
import type { PaymentProvider } from '@printfarm/db/payments';
import type { NetworkPrinter } from '@printfarm/domain/printability';
import type { Redis } from 'ioredis';
import type { ApiConfig } from './config.ts';
import type { RateLimits } from './http/rateLimit.ts';
import type { Checkouts } from './services/checkout.ts';
import type { PublicFarmCache } from './services/publicFarmCache.ts';

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
