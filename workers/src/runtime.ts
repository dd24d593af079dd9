// Starts one BullMQ worker per queue in the job catalogue and routes each job to its handler.

import { hostname } from 'node:os';
import type { PrismaClient } from '@printfarm/db';
import type { Logger } from '@printfarm/db/logger';
import type { Metrics } from '@printfarm/db/metrics';
import { paymentProvider } from '@printfarm/db/payments';
import { cappedBackoffMs, JOB_NAMES, type JobName, parseJobPayload } from '@printfarm/domain/queues';
import { type Job, type MinimalJob, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import * as v from 'valibot';
import type { WorkerConfig } from './config.ts';
import { jobHandlers } from './jobs/index.ts';
import type { JobContext, JobHandler, JobHandlers } from './jobs/types.ts';
import type { Mailer } from './mail/transport.ts';
import type { ConnectorFactory } from './printers/connectorFactory.ts';
import { createConnector } from './printers/connectors/index.ts';
import { createLocalCopies } from './storage/localCopy.ts';

export interface WorkerRuntime {
  workers: Map<JobName, Worker>;
  /** Stops taking jobs, waits up to `graceMs` for running ones, then forces the rest. */
  close(graceMs?: number): Promise<void>;
}

export interface RuntimeOptions {
  config: WorkerConfig;
  prisma: PrismaClient;
  mailer: Mailer;
  log: Logger;
  metrics: Metrics;
  handlers?: JobHandlers;
  /** The printers' connectors: OctoPrint, Moonraker and Bambu Lab (connectors/index.ts), or a test's own. */
  connectors?: ConnectorFactory;
}

export function startWorkerRuntime(options: RuntimeOptions): WorkerRuntime {
  const { config, prisma, mailer, log, metrics } = options;
  const handlers = options.handlers ?? jobHandlers;
  // Workers need a connection that waits through Redis outages instead of failing commands.
  const connection = new Redis(config.REDIS_URL, { maxRetriesPerRequest: null });
  connection.on('error', () => {});
  const workers = new Map<JobName, Worker>();
  const files = createLocalCopies(config);
  const payments = paymentProvider(config);

  for (const name of JOB_NAMES) {
    const handler = handlers[name] as JobHandler<typeof name>;
    const worker = new Worker(
      name,
      async (job: Job) => {
        const context: JobContext = {
          prisma,
          mailer,
          config,
          files,
          log: log.child({ job: name, jobId: job.id }),
          metrics,
          payments,
          connectors: options.connectors ?? createConnector,
          jobId: String(job.id),
          attempt: job.attemptsMade + 1,
        };
        let payload: ReturnType<typeof parseJobPayload<typeof name>>;
        try {
          payload = parseJobPayload(name, job.data);
        } catch (error) {
          // A payload that does not match its schema will never succeed: fail without retrying.
          const detail = error instanceof v.ValiError ? error.message : String(error);
          throw new UnrecoverableError(`invalid payload for ${name}: ${detail}`);
        }
        const timer = metrics.jobDuration.startTimer({ job: name });
        try {
          const outcome = await handler(payload, context);
          timer({ outcome });
          context.log.debug({ outcome }, 'job finished');
          return outcome;
        } catch (error) {
          timer({ outcome: 'failed' });
          metrics.jobFailures.inc({ job: name });
          throw error;
        }
      },
      {
        connection,
        prefix: config.QUEUE_PREFIX,
        // Slicing is CPU-heavy and runs a process per job: fewer at once than light jobs.
        concurrency:
          name === 'request.firm' || name === 'queue.slice' || name === 'queue.project'
            ? config.SLICER_CONCURRENCY
            : config.WORKER_CONCURRENCY,
        // Names the process on each job it takes (job.processedBy), for the queue screen and audits.
        name: `${hostname()}:${process.pid}`,
        lockDuration: config.JOB_LOCK_MS,
        // The 'capped' backoff of retryPolicyOf (e-mail): BullMQ knows only fixed and exponential.
        settings: {
          backoffStrategy: (attemptsMade: number, type?: string, _error?: Error, job?: MinimalJob) => {
            if (type !== 'capped') throw new Error(`unknown backoff ${type}`);
            const backoff = job?.opts.backoff;
            return cappedBackoffMs(
              attemptsMade,
              typeof backoff === 'object' ? (backoff.delay ?? 2_000) : 2_000,
            );
          },
        },
        stalledInterval: config.JOB_LOCK_MS,
        autorun: true,
      },
    );
    worker.on('failed', (job, error) => {
      log.warn({ job: name, jobId: job?.id, attempt: job?.attemptsMade, err: error }, 'job failed');
    });
    worker.on('error', (error) => log.error({ job: name, err: error }, 'worker error'));
    workers.set(name, worker);
  }

  return {
    workers,
    async close(graceMs = 15_000) {
      // close() waits for running jobs to finish, so nothing is cut off mid-way; a worker still not
      // closed after the grace period (e.g. a blocking connection stuck after a Redis restart) is forced:
      // BullMQ hands its unfinished job to another worker once the lock expires.
      const all = [...workers.values()];
      let timer: NodeJS.Timeout | undefined;
      const graceful = Promise.all(all.map((worker) => worker.close())).then(() => true);
      const expired = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), graceMs);
      });
      const closed = await Promise.race([graceful, expired]);
      clearTimeout(timer);
      if (!closed) {
        log.warn({ graceMs }, 'workers did not stop in time; forcing them');
        await Promise.all(all.map((worker) => worker.close(true)));
      }
      connection.disconnect();
    },
  };
}
