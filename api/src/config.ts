// The API's whole environment, validated once at start; every problem is listed before exiting.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceEnv } from '@printfarm/db/env';
import { envField, loadConfig } from '@printfarm/domain/config';
import * as v from 'valibot';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DEV_SESSION_SECRET = 'development-only-session-secret-change-me!';

const schema = v.pipe(
  v.object({
    ...serviceEnv,
    HOST: v.optional(v.string(), '0.0.0.0'),
    PORT: envField.port(8080),
    SESSION_SECRET: v.optional(
      v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters')),
      DEV_SESSION_SECRET,
    ),
    JSON_BODY_LIMIT: v.optional(
      v.pipe(v.string(), v.regex(/^\d+(kb|mb)$/, 'must look like 100kb or 1mb')),
      '1mb',
    ),
    PWA_DIST: v.optional(v.string(), path.join(repoRoot, 'pwa/dist')),
    // How many proxies (load balancer, CDN) stand in front of the API: their X-Forwarded-* headers are
    // believed, and the client's address is the one the outermost of them saw (X-Forwarded-For's entry
    // that many from the right). 0 ignores the headers. Default: 1 in production, 0 otherwise.
    TRUSTED_PROXIES: envField.optionalInt(),
    SHUTDOWN_GRACE_MS: envField.int(10_000, 0),
    // On SIGTERM, /api/health/ready answers 503 this long before the API stops accepting, so a load
    // balancer takes it out of rotation first.
    SHUTDOWN_DRAIN_MS: envField.int(0, 0),
    // Files' printability findings are judged by the network's printers, read at most this often.
    NETWORK_PRINTERS_CACHE_MS: envField.int(30_000, 0),
    // Uploads (UPLOAD_DIR or S3, in serviceEnv) go through tus; with S3_BUCKET, @tus/s3-store.
    // Unfinished uploads expire this long after creation and are deleted by the periodic clean-up.
    UPLOAD_EXPIRATION_MS: envField.int(86_400_000, 1_000),
    UPLOAD_CLEANUP_INTERVAL_MS: envField.int(3_600_000, 1_000),
    // Per user: uploads in progress at once (the dialog's five), bytes stored in designs (2 GiB), and
    // uploads started per 10 minutes.
    UPLOAD_MAX_OPEN: envField.int(5, 1),
    UPLOAD_QUOTA_BYTES: envField.int(2 * 1024 ** 3, 1),
    UPLOAD_STARTS_PER_10_MIN: envField.int(60, 1),
    // Operator applications: the follow-up e-mail goes out system.applicationFollowUpHours (a platform
    // setting, 48 h) after submission; this overrides it in milliseconds, for tests only.
    APPLICATION_FOLLOWUP_DELAY_MS: envField.optionalInt(),
    SESSION_IDLE_DAYS: envField.int(7, 1),
    SESSION_ABSOLUTE_DAYS: envField.int(30, 1),
    // OpenID Connect sign-in is offered only when all three are set.
    OIDC_ISSUER: v.optional(v.pipe(v.string(), v.url('must be a URL'))),
    OIDC_CLIENT_ID: v.optional(v.string()),
    OIDC_CLIENT_SECRET: v.optional(v.string()),
    // Rate limits (per window). Load tests set RATE_LIMIT_DISABLED=true or raise RATE_LIMIT_SCALE,
    // which multiplies every limit's points (sign-in, sign-up and the limits other areas declare).
    RATE_LIMIT_DISABLED: envField.bool(false),
    RATE_LIMIT_SCALE: envField.int(1, 1),
    RATE_LIMIT_SIGNIN_IP_POINTS: envField.int(30, 1),
    RATE_LIMIT_SIGNIN_ACCOUNT_POINTS: envField.int(10, 1),
    RATE_LIMIT_SIGNUP_IP_POINTS: envField.int(10, 1),
    RATE_LIMIT_PASSWORD_RESET_IP_POINTS: envField.int(10, 1),
    // The PWA's Google map; without it the offline SVG map is drawn.
    VITE_GOOGLE_MAPS_API_KEY: v.optional(v.string()),
  }),
  v.forward(
    v.check(
      (config) => config.NODE_ENV !== 'production' || config.SESSION_SECRET !== DEV_SESSION_SECRET,
      'must be set in production',
    ),
    ['SESSION_SECRET'],
  ),
  v.forward(
    v.check(
      (config) => config.NODE_ENV !== 'production' || config.PRINTER_SECRETS_KEY !== undefined,
      'must be set in production',
    ),
    ['PRINTER_SECRETS_KEY'],
  ),
  v.transform((config) => ({
    ...config,
    TRUSTED_PROXIES: config.TRUSTED_PROXIES ?? (config.NODE_ENV === 'production' ? 1 : 0),
  })),
);

export type ApiConfig = v.InferOutput<typeof schema>;

export function loadApiConfig(env: Record<string, string | undefined> = process.env): ApiConfig {
  return loadConfig(schema, env);
}
