// The API process's parts wired together and listening: one database pool, Redis, the queues, the
// outbox relay and the Koa app. main.ts runs it; tests and benchmarks start the same thing in-process.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPrisma, type PrismaClient } from '@printfarm/db';
import type { Logger } from '@printfarm/db/logger';
import { createMetrics, type Metrics, serveMetrics, watchOutbox, watchQueues } from '@printfarm/db/metrics';
import { type OutboxRelay, startOutboxRelay } from '@printfarm/db/outboxRelay';
import { createQueueRegistry, type QueueRegistry } from '@printfarm/db/queues';
import { createRedis } from '@printfarm/db/redis';
import { createApp } from './app.ts';
import type { ApiConfig } from './config.ts';

export interface RunningApi {
  /** http://host:port it listens on (the real port when PORT is 0). */
  url: string;
  server: Server;
  prisma: PrismaClient;
  queues: QueueRegistry;
  /** Null when started without a relay (a benchmark that measures only the request path). */
  relay: OutboxRelay | null;
  metrics: Metrics;
  /** GET /metrics on its own port, when METRICS_PORT is set. */
  metricsUrl: string | null;
  /**
   * Stops accepting, then stops the relay and closes queues, Redis and the pool. `graceful` first
   * reports not ready for SHUTDOWN_DRAIN_MS, then lets requests in flight finish (SIGTERM); otherwise
   * open connections are cut (tests).
   */
  close(options?: { graceful?: boolean }): Promise<void>;
}

export interface StartApiOptions {
  relay?: boolean;
  /** Longest wait between relay retries while Redis is away. */
  relayMaxBackoffMs?: number;
}

export async function startApiServer(
  config: ApiConfig,
  log: Logger,
  options: StartApiOptions = {},
): Promise<RunningApi> {
  const prisma = createPrisma(config.DATABASE_URL, { maxConnections: config.DATABASE_POOL_SIZE });
  const redis = createRedis(config.REDIS_URL);
  redis.on('error', () => {}); // reported by /api/health and the relay; ioredis reconnects by itself
  const queues = createQueueRegistry(redis, config.QUEUE_PREFIX);
  const relay =
    options.relay === false
      ? null
      : startOutboxRelay({
          prisma,
          queues,
          log: log.child({ part: 'outbox' }),
          pollMs: config.OUTBOX_POLL_MS,
          listenUrl: config.DATABASE_URL,
          ...(options.relayMaxBackoffMs !== undefined ? { maxBackoffMs: options.relayMaxBackoffMs } : {}),
        });
  const metrics = createMetrics('api');
  watchQueues(metrics, queues, log);
  watchOutbox(metrics, prisma, log);
  const lifecycle = { draining: false };
  const server = createApp({ config, prisma, redis, queues, log, metrics, lifecycle }).listen(
    config.PORT,
    config.HOST,
  );
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;
  const metricsServer =
    config.METRICS_PORT === undefined
      ? null
      : await serveMetrics(metrics, {
          port: config.METRICS_PORT,
          host: config.METRICS_HOST,
          token: config.METRICS_TOKEN,
        });
  return {
    url: `http://${host === '0.0.0.0' || host === '[::]' ? 'localhost' : host}:${port}`,
    server,
    prisma,
    queues,
    relay,
    metrics,
    metricsUrl: metricsServer?.url ?? null,
    async close({ graceful = false } = {}) {
      lifecycle.draining = true;
      if (graceful && config.SHUTDOWN_DRAIN_MS > 0) {
        await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_MS));
      }
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      if (graceful) server.closeIdleConnections();
      else server.closeAllConnections();
      await closed;
      await relay?.stop();
      await queues.close();
      await metricsServer?.close();
      await Promise.allSettled([prisma.$disconnect(), redis.quit()]);
    },
  };
}
