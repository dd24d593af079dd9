// What every API and worker process runs to publish: the producers, the relay (woken by commits) and
// the queue and backlog gauges of its metrics.
import type { Redis } from 'ioredis';
import type { PrismaClient } from '../index.ts';
import type { Logger } from '../logger.ts';
import { type Metrics, watchOutbox, watchQueues } from '../metrics.ts';
import { createRedis } from '../redis.ts';
import { createQueueRegistry, type QueueRegistry } from './queues.ts';
import { type OutboxRelay, startOutboxRelay } from './relay.ts';

export interface OutboxSettings {
  DATABASE_URL: string;
  REDIS_URL: string;
  QUEUE_PREFIX: string;
  OUTBOX_POLL_MS: number;
}

export interface Outbox {
  /** The producers' Redis connection (fails fast while Redis is away). */
  redis: Redis;
  queues: QueueRegistry;
  /** Null when started without a relay (a benchmark that measures only the request path). */
  relay: OutboxRelay | null;
  /** Stops the relay, then closes the queues and the connection. */
  close(): Promise<void>;
}

export function startOutbox(options: {
  config: OutboxSettings;
  prisma: PrismaClient;
  log: Logger;
  metrics: Metrics;
  relay?: boolean;
  relayMaxBackoffMs?: number | undefined;
}): Outbox {
  const { config, prisma, log, metrics } = options;
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
  watchQueues(metrics, queues, log);
  watchOutbox(metrics, prisma, log);
  return {
    redis,
    queues,
    relay,
    async close() {
      await relay?.stop();
      await queues.close();
      await redis.quit().catch(() => {});
    },
  };
}
