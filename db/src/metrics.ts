// What a monitoring system scrapes from each process (Prometheus text format, prom-client): requests,
// jobs, e-mail, the outbox, the queues, model analysis and offers, beside Node's own process metrics.
// One registry per process instance, passed to whoever records (tests run several in one process).
import { timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { withTimeout } from '@printfarm/domain/async';
import { JOB_NAMES } from '@printfarm/domain/queues';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { PrismaClient } from './index.ts';
import type { Logger } from './logger.ts';
import type { QueueRegistry } from './outbox/queues.ts';

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
export const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

export function createMetrics(processName: 'api' | 'workers') {
  const registry = new Registry();
  registry.setDefaultLabels({ process: processName });
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const counter = <L extends string>(name: string, help: string, labelNames: readonly L[] = []) =>
    new Counter({ name, help, labelNames, registers });
  const histogram = <L extends string>(
    name: string,
    help: string,
    buckets: number[],
    labelNames: readonly L[] = [],
  ) => new Histogram({ name, help, labelNames, buckets, registers });
  const byRoute = ['method', 'route', 'status_class'] as const;
  return {
    registry,
    httpRequests: counter(
      'printfarm_http_requests_total',
      'HTTP requests answered, by route pattern and status class',
      byRoute,
    ),
    httpDuration: histogram(
      'printfarm_http_request_duration_seconds',
      'Time to answer an HTTP request, by route pattern and status class',
      SECONDS_BUCKETS,
      byRoute,
    ),
    checkoutBatchOrders: histogram(
      'printfarm_checkout_batch_orders',
      'Orders written by one call of a store checkout batch (more than one while a store is busy)',
      [1, 2, 4, 8, 16, 32],
    ),
    jobDuration: histogram(
      'printfarm_job_duration_seconds',
      'Time a job took, by job name and outcome (done, skipped, failed…)',
      SECONDS_BUCKETS,
      ['job', 'outcome'],
    ),
    jobFailures: counter(
      'printfarm_job_failures_total',
      'Job attempts that failed (each is retried until its attempts run out)',
      ['job'],
    ),
    emailsSent: counter('printfarm_emails_sent_total', 'E-mails handed to the SMTP server and accepted'),
    emailsSkipped: counter(
      'printfarm_emails_skipped_total',
      'E-mail jobs that sent nothing because the message was already sent or in flight',
      ['reason'],
    ),
    analysisDuration: histogram(
      'printfarm_model_analysis_duration_seconds',
      'Time to analyse an uploaded model, by format',
      SECONDS_BUCKETS,
      ['format'],
    ),
    analysisBytes: counter(
      'printfarm_model_analysis_bytes_total',
      'Bytes of uploaded models analysed, by format',
      ['format'],
    ),
    offersComputed: counter(
      'printfarm_offers_computed_total',
      'Offers written for print requests: instant (from rates) or firm (sliced)',
      ['kind'],
    ),
    firstOfferSeconds: histogram(
      'printfarm_request_first_offer_seconds',
      'Time from a print request being submitted to its first offer',
      [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    ),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** Queue depth by state, read from Redis at each scrape; a scrape while Redis is away leaves it out. */
export function watchQueues(metrics: Metrics, queues: QueueRegistry, log: Logger): void {
  new Gauge({
    name: 'printfarm_queue_jobs',
    help: 'Jobs in each BullMQ queue by state (read from Redis at scrape time)',
    labelNames: ['queue', 'state'] as const,
    registers: [metrics.registry],
    async collect() {
      this.reset();
      try {
        await withTimeout(
          Promise.all(
            JOB_NAMES.map(async (name) => {
              const counts = await queues.get(name).getJobCounts(...QUEUE_STATES);
              for (const state of QUEUE_STATES) this.set({ queue: name, state }, counts[state] ?? 0);
            }),
          ),
          2_000,
          'queue depth did not arrive within 2 s',
        );
      } catch (error) {
        log.warn({ err: error }, 'queue depth not read for metrics');
      }
    },
  });
}

/** The outbox's backlog: events not yet published and the age of the oldest, read at each scrape. */
export function watchOutbox(metrics: Metrics, prisma: PrismaClient, log: Logger): void {
  const backlog = async () => {
    const [row] = await prisma.$queryRaw<{ count: bigint; oldest: number | null }[]>`
      SELECT count(*) AS count, extract(epoch FROM now() - min(created_at))::float8 AS oldest
      FROM outbox_events WHERE published_at IS NULL`;
    return { count: Number(row?.count ?? 0), oldestSeconds: row?.oldest ?? 0 };
  };
  const gauge = (name: string, help: string, pick: (read: Awaited<ReturnType<typeof backlog>>) => number) =>
    new Gauge({
      name,
      help,
      registers: [metrics.registry],
      async collect() {
        try {
          this.set(pick(await backlog()));
        } catch (error) {
          log.warn({ err: error }, 'outbox backlog not read for metrics');
        }
      },
    });
  gauge(
    'printfarm_outbox_unpublished_events',
    'Outbox events recorded and not yet published',
    (b) => b.count,
  );
  gauge(
    'printfarm_outbox_oldest_unpublished_age_seconds',
    'Age of the oldest outbox event not yet published (0 when none waits)',
    (b) => b.oldestSeconds,
  );
}

/** True when the request carries `Authorization: Bearer <token>` with the configured token. */
export function metricsAuthorized(authorization: string | undefined, token: string): boolean {
  const given = Buffer.from(authorization?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/** A metrics port that cannot be listened on, said in one line that names the variable to change. */
export class MetricsPortError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MetricsPortError';
  }
}

/** The metrics listener a process's config asks for (METRICS_PORT), or null without a port. */
export async function serveConfiguredMetrics(
  metrics: Metrics,
  config: { METRICS_PORT?: number | undefined; METRICS_HOST: string; METRICS_TOKEN?: string | undefined },
): Promise<MetricsServer | null> {
  if (config.METRICS_PORT === undefined) return null;
  try {
    return await serveMetrics(metrics, {
      port: config.METRICS_PORT,
      host: config.METRICS_HOST,
      token: config.METRICS_TOKEN,
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new MetricsPortError(
        `METRICS_PORT ${config.METRICS_PORT} is already in use (set METRICS_PORT to a free port)`,
      );
    }
    throw new MetricsPortError(
      `METRICS_PORT ${config.METRICS_PORT} cannot be listened on at METRICS_HOST ${config.METRICS_HOST} (${code ?? String(error)})`,
    );
  }
}

/** `GET /metrics` on a port of its own (not the public origin); with a token, only for its holder. */
export async function serveMetrics(
  metrics: Metrics,
  options: { port: number; host: string; token?: string | undefined },
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    if (request.url !== '/metrics' || request.method !== 'GET') {
      response.writeHead(404).end();
      return;
    }
    if (options.token && !metricsAuthorized(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    metrics.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address.includes(':') ? `[${address}]` : address}:${port}/metrics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
