// The worker process's parts wired together: one database pool, the mailer, a BullMQ worker per queue,
// the outbox relay (so a follow-up a job records is published with no API running) and the job
// schedules. main.ts runs it; tests start the same thing in-process.
import { createPrisma, type PrismaClient } from '@printfarm/db';
import type { Logger } from '@printfarm/db/logger';
import { createMetrics, type Metrics, serveConfiguredMetrics } from '@printfarm/db/metrics';
import { type OutboxRelay, startOutbox } from '@printfarm/db/outbox';
import type { WorkerConfig } from './config.ts';
import type { JobHandlers } from './jobs/types.ts';
import { createSmtpMailer, type Mailer } from './mail/transport.ts';
import type { ConnectorFactory } from './printers/connectorFactory.ts';
import { startWorkerRuntime, type WorkerRuntime } from './runtime.ts';
import { type Schedules, startSchedules } from './schedules.ts';

export interface RunningWorkers {
  runtime: WorkerRuntime;
  prisma: PrismaClient;
  mailer: Mailer;
  relay: OutboxRelay | null;
  metrics: Metrics;
  /** GET /metrics on METRICS_PORT, once listening (null without a port); rejects when the port is taken. */
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
  /** The printers' connectors; tests pass their own (simulated printers, or a fake of the interface). */
  connectors?: ConnectorFactory;
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
    ...(options.connectors ? { connectors: options.connectors } : {}),
  });
  const outbox = startOutbox({ config, prisma, log, metrics, relayMaxBackoffMs: options.relayMaxBackoffMs });
  const metricsServer = serveConfiguredMetrics(metrics, config);
  // A port already taken is reported through metricsUrl; close() still closes everything else.
  const metricsListening = metricsServer.catch(() => null);
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
    relay: outbox.relay,
    metrics,
    metricsUrl: metricsServer.then((server) => server?.url ?? null),
    async close(graceMs) {
      await runtime.close(graceMs);
      await outbox.close();
      await schedules?.close();
      await (await metricsListening)?.close();
      smtp.close();
      await prisma.$disconnect();
    },
  };
}
