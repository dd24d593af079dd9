// The worker process's environment, validated once at start.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envField, loadConfig } from '@printfarm/domain/config';
import * as v from 'valibot';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const schema = v.object({
  NODE_ENV: envField.nodeEnv(),
  PUBLIC_URL: envField.url('http://localhost:8080', ['http', 'https']),
  DATABASE_URL: envField.url('postgresql://postgres@127.0.0.1:5432/printfarm', ['postgres', 'postgresql']),
  DATABASE_POOL_SIZE: envField.int(10, 1),
  REDIS_URL: envField.url('redis://127.0.0.1:6379/0', ['redis', 'rediss']),
  QUEUE_PREFIX: v.optional(
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, - and _')),
    'printfarm',
  ),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  // Unset: readable lines when stdout is a terminal, JSON lines otherwise (db/src/logger.ts).
  LOG_PRETTY: envField.optionalBool(),
  WORKER_CONCURRENCY: envField.int(8, 1),
  // A running job holds its lock this long and renews it; a worker that dies loses its jobs to another
  // worker once the lock expires.
  JOB_LOCK_MS: envField.int(30_000, 1_000),
  // An e-mail claimed by an attempt that never handed it to the SMTP server may be sent by another
  // attempt after this long (longer than connecting and greeting can take).
  EMAIL_CLAIM_LEASE_MS: envField.int(30_000, 100),
  // GET /metrics (Prometheus) on a small listener of its own; with METRICS_TOKEN only for its holders.
  METRICS_PORT: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'must be a port number'), v.transform(Number)),
  ),
  METRICS_HOST: v.optional(v.string(), '127.0.0.1'),
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  // The relay's safety-net poll; commits that record events wake it at once (LISTEN/NOTIFY).
  OUTBOX_POLL_MS: envField.int(250, 10),
  SMTP_HOST: v.optional(v.string(), '127.0.0.1'),
  SMTP_PORT: envField.port(1025),
  SMTP_SECURE: envField.bool(false),
  SMTP_USER: v.optional(v.string()),
  SMTP_PASSWORD: v.optional(v.string()),
  MAIL_FROM: v.optional(v.string(), 'PrintFarm Network <no-reply@printfarm.local>'),
  // With every staff account, these addresses get the application follow-up alerts (db/src/staff.ts).
  STAFF_EMAILS: envField.list(),
  /** Google Geocoding for farm addresses; without it the offline US ZIP table is used. */
  GOOGLE_MAPS_API_KEY: v.optional(v.string()),
  // Print jobs: how long a farm has to answer; the platform setting system.routeResponseHours
  // (24 h) decides, this overrides it for tests only. The reminder goes out this long before the deadline.
  ROUTE_RESPONSE_MS: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'must be a whole number'), v.transform(Number), v.minValue(100)),
  ),
  ROUTE_REMINDER_BEFORE_MS: envField.int(4 * 3_600_000, 0),
  // Model analysis: stored uploads are read from here; project_files.file_path is relative to it.
  UPLOAD_DIR: v.optional(v.string(), path.join(repoRoot, 'var/uploads')),
  // With S3_BUCKET set, uploads live in S3 (as the API's tus store wrote them) and are fetched to analyse.
  S3_BUCKET: v.optional(v.string()),
  S3_REGION: v.optional(v.string(), 'us-east-1'),
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  S3_ACCESS_KEY_ID: v.optional(v.string()),
  S3_SECRET_ACCESS_KEY: v.optional(v.string()),
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
});

export type WorkerConfig = v.InferOutput<typeof schema>;

export function loadWorkerConfig(env: Record<string, string | undefined> = process.env): WorkerConfig {
  return loadConfig(schema, env);
}
