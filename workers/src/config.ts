// The worker process's environment, validated once at start.
import { serviceEnv } from '@printfarm/db/env';
import { envField, loadConfig } from '@printfarm/domain/config';
import * as v from 'valibot';

const schema = v.object({
  ...serviceEnv,
  WORKER_CONCURRENCY: envField.int(8, 1),
  // A running job holds its lock this long and renews it; a worker that dies loses its jobs to another
  // worker once the lock expires.
  JOB_LOCK_MS: envField.int(30_000, 1_000),
  // An e-mail claimed by an attempt that never handed it to the SMTP server may be sent by another
  // attempt after this long (longer than connecting and greeting can take).
  EMAIL_CLAIM_LEASE_MS: envField.int(30_000, 100),
  SMTP_HOST: v.optional(v.string(), '127.0.0.1'),
  SMTP_PORT: envField.port(1025),
  SMTP_SECURE: envField.bool(false),
  SMTP_USER: v.optional(v.string()),
  SMTP_PASSWORD: v.optional(v.string()),
  MAIL_FROM: v.optional(v.string(), 'PrintFarm Network <no-reply@printfarm.local>'),
  // The reminder to a farm that has not answered goes out this long before its deadline.
  ROUTE_REMINDER_BEFORE_MS: envField.int(4 * 3_600_000, 0),
  // Each analysis runs in a worker thread with this heap limit, and gives up after this long.
  ANALYSIS_MAX_HEAP_MB: envField.int(1024, 64),
  ANALYSIS_TIMEOUT_MS: envField.int(120_000, 1_000),
  ANALYSIS_THREADS: envField.int(2, 1),
  // Firm offers: PrusaSlicer's command line, run in a child process with a deadline and an
  // address-space cap; at most SLICER_CONCURRENCY slices at once per worker process.
  SLICER_PATH: v.optional(v.string(), 'prusa-slicer'),
  SLICER_TIMEOUT_MS: envField.int(60_000, 1_000),
  SLICER_MEMORY_MB: envField.int(2_048, 256),
  SLICER_CONCURRENCY: envField.int(2, 1),
  // 'Your quotes are ready' waits for the firm prices at most this long, then goes with the estimates.
  QUOTES_MAIL_WAIT_MS: envField.int(60_000, 0),
});

export type WorkerConfig = v.InferOutput<typeof schema>;

export function loadWorkerConfig(env: Record<string, string | undefined> = process.env): WorkerConfig {
  return loadConfig(schema, env);
}
