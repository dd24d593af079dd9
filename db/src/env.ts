// The environment every server process reads alike (the API and the workers): where PostgreSQL, Redis
// and the uploads are, logging, metrics, staff addresses and the test-only answer deadline. Each process
// spreads these into its own schema beside the settings only it has (api/src/config.ts,
// workers/src/config.ts), so a shared setting is defined, defaulted and documented once.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envField } from '@printfarm/domain/config';
import * as v from 'valibot';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const serviceEnv = {
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
  // The outbox relay's safety-net poll; commits that record events wake it at once (LISTEN/NOTIFY).
  OUTBOX_POLL_MS: envField.int(250, 10),
  // GET /metrics (Prometheus): on a port of its own (METRICS_PORT, bound to METRICS_HOST), and/or, on the
  // API, on the public origin for holders of METRICS_TOKEN (Authorization: Bearer); with both, the port
  // asks for the token too. Neither: not served.
  METRICS_PORT: v.optional(
    v.pipe(v.string(), v.regex(/^\d+$/, 'must be a port number'), v.transform(Number)),
  ),
  METRICS_HOST: v.optional(v.string(), '127.0.0.1'),
  METRICS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(16, 'must be at least 16 characters'))),
  // Uploads live in UPLOAD_DIR (project_files.file_path is relative to it) unless S3_BUCKET is set.
  UPLOAD_DIR: v.optional(v.string(), path.join(repoRoot, 'var/uploads')),
  S3_BUCKET: v.optional(v.string()),
  S3_REGION: v.optional(v.string(), 'us-east-1'),
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  S3_ACCESS_KEY_ID: v.optional(v.string()),
  S3_SECRET_ACCESS_KEY: v.optional(v.string()),
  // Comma-separated: those addresses may be staff once they prove they own them (api/src/auth/
  // staffConfirmation.ts), and with every staff account they get the support messages and the
  // application follow-up alerts (db/src/staff.ts).
  STAFF_EMAILS: envField.list(),
  // Print jobs: how long a farm (and a customer, on a counter-offer) has to answer. The platform setting
  // system.routeResponseHours (24 h) decides; this overrides it, for tests only.
  ROUTE_RESPONSE_MS: envField.optionalInt(100),
  // Google Geocoding for farm addresses, and Google's hosts in the CSP; without it the offline US ZIP
  // table is used.
  GOOGLE_MAPS_API_KEY: v.optional(v.string()),
  // Payments: bank transfer / payment app with staff recording what arrived, unless both Stripe keys are
  // set (db/src/payments). STRIPE_API_URL points the SDK at another host (the tests' recorder).
  STRIPE_SECRET_KEY: v.optional(v.string()),
  STRIPE_WEBHOOK_SECRET: v.optional(v.string()),
  STRIPE_API_URL: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
  // How long after delivery a claim may be opened is the platform setting payments.claimWindowDays;
  // this overrides it in milliseconds, for tests only.
  CLAIM_WINDOW_MS: envField.optionalInt(100),
  // The key printers' connector secrets are sealed with (AES-256-GCM): 32 bytes as 64 hex characters.
  // Required in production; elsewhere a fixed development key is derived (db/src/printerSecrets.ts).
  PRINTER_SECRETS_KEY: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9a-fA-F]{64}$/, 'must be 64 hex characters (32 bytes)')),
  ),
};
