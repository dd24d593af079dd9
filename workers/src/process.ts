// The worker process's parts wired together: one database pool, the mailer, a BullMQ worker per queue,
// the outbox relay (so a follow-up a job records is published with no API running) and the job
// schedules. main.ts runs it; tests start the same thing in-process.
import { createPrisma, type PrismaClient } from '@printfarm/db';
import type { Logger } from '@printfarm/db/logger';
import { createMetrics, type Metrics, serveMetrics, watchOutbox, watchQueues } from '@printfarm/db/metrics';
import { type OutboxRelay, startOutboxRelay } from '@printfarm/db/outboxRelay';
import { createQueueRegistry } from '@printfarm/db/queues';
import { createRedis } from '@printfarm/db/redis';
import type { WorkerConfig } from './config.ts';
import type { JobHandlers } from './jobs/types.ts';
import { createSmtpMailer, type Mailer } from './mail/transport.ts';
import { startWorkerRuntime, type WorkerRuntime } from './runtime.ts';
import { type Schedules, startSchedules } from './schedules.ts';

export interface RunningWorkers {
  runtime: WorkerRuntime;
  prisma: PrismaClient;
  mailer: Mailer;
  relay: OutboxRelay;
  metrics: Metrics;
  /** GET /metrics on METRICS_PORT, once listening (null without a port). */
  metricsUrl: Promise<string | null>;
  /** Stops taking jobs, lets running ones finish (up to `graceMs`), then stops the relay and closes. */
  close(graceMs?: number): Promise<void>;
}

export interface StartWorkersOptions {
  /** Tests replace handlers, or wrap the mailer to count or break sends. */
  handlers?: JobHandlers;
  mailer?: (real: Mailer) => Mailer;
  /** Longest wait between relay retries while Redis is away. */
  relayMaxBackoffMs?: number;
}

export function startWorkerProcess(
  config: WorkerConfig,
  log: Logger,
  options: StartWorkersOptions = {},
): RunningWorkers {
  const prisma = createPrisma(config.DATABASE_URL, { maxConnections: config.DATABASE_POOL_SIZE });
  const smtp = createSmtpMailer(config);
  const mailer = options.mailer ? options.mailer(smtp) : smtp;
  const metrics = createMetrics('workers');
  const runtime = startWorkerRuntime({
    config,
    prisma,
    mailer,
    log,
    metrics,
    ...(options.handlers ? { handlers: options.handlers } : {}),
  });
  const redis = createRedis(config.REDIS_URL);
  redis.on('error', () => {}); // the relay reports it and retries; ioredis reconnects by itself
  const queues = createQueueRegistry(redis, config.QUEUE_PREFIX);
  const relay = startOutboxRelay({
    prisma,
    queues,
    log: log.child({ part: 'outbox' }),
    pollMs: config.OUTBOX_POLL_MS,
    listenUrl: config.DATABASE_URL,
    ...(options.relayMaxBackoffMs !== undefined ? { maxBackoffMs: options.relayMaxBackoffMs } : {}),
  });
  watchQueues(metrics, queues, log);
  watchOutbox(metrics, prisma, log);
  const metricsServer =
    config.METRICS_PORT === undefined
      ? null
      : serveMetrics(metrics, {
          port: config.METRICS_PORT,
          host: config.METRICS_HOST,
          token: config.METRICS_TOKEN,
        });
  let schedules: Schedules | undefined;
  startSchedules({ config, log })
    .then((started) => {
      schedules = started;
    })
    .catch((error) => log.error({ err: error }, 'job schedules not registered'));

  return {
    runtime,
    prisma,
    mailer,
    relay,
    metrics,
    metricsUrl: metricsServer ? metricsServer.then((server) => server.url) : Promise.resolve(null),
    async close(graceMs) {
      await runtime.close(graceMs);
      await relay.stop();
      await schedules?.close();
      await (await metricsServer)?.close();
      await queues.close();
      smtp.close();
      await Promise.allSettled([prisma.$disconnect(), redis.quit()]);
    },
  };
}
