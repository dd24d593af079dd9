// The API's whole environment, validated once at start; every problem is listed before exiting.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envField, loadConfig } from '@printfarm/domain/config';
import * as v from 'valibot';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEV_SESSION_SECRET = 'development-only-session-secret-change-me!';

const schema = v.pipe(
  v.object({
    NODE_ENV: envField.nodeEnv(),
    HOST: v.optional(v.string(), '0.0.0.0'),
    PORT: envField.port(8080),
    PUBLIC_URL: envField.url('http://localhost:8080', ['http', 'https']),
    DATABASE_URL: envField.url('postgresql://postgres@127.0.0.1:5432/printfarm', ['postgres', 'postgresql']),
    DATABASE_POOL_SIZE: envField.int(10, 1),
    REDIS_URL: envField.url('redis://127.0.0.1:6379/0', ['redis', 'rediss']),
    QUEUE_PREFIX: v.optional(
      v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+$/, 'may hold only letters, digits, - and _')),
      'printfarm',
    ),
    LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
    SESSION_SECRET: v.optional(
      v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters')),
      DEV_SESSION_SECRET,
    ),
    JSON_BODY_LIMIT: v.optional(
      v.pipe(v.string(), v.regex(/^\d+(kb|mb)$/, 'must look like 100kb or 1mb')),
      '1mb',
    ),
    PWA_DIST: v.optional(v.string(), path.join(repoRoot, 'pwa/dist')),
    OUTBOX_POLL_MS: envField.int(250, 10),
    SHUTDOWN_GRACE_MS: envField.int(10_000, 0),
  }),
  v.forward(
    v.check(
      (config) => config.NODE_ENV !== 'production' || config.SESSION_SECRET !== DEV_SESSION_SECRET,
      'must be set in production',
    ),
    ['SESSION_SECRET'],
  ),
);

export type ApiConfig = v.InferOutput<typeof schema>;

export function loadApiConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  return loadConfig(schema, env);
}
