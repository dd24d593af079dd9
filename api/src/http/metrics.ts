// Counts and times every request by its route pattern (never the raw path, which would make a series
// per farm or file), and serves GET /metrics on the public origin only to holders of METRICS_TOKEN.
import { type Metrics, metricsAuthorized } from '@printfarm/db/metrics';
import type { Context, Next } from 'koa';
import { UPLOADS_PATH } from '../uploads/server.ts';

function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: unknown })._matchedRoute;
  if (typeof matched === 'string') return matched;
  if (ctx.path === UPLOADS_PATH || ctx.path.startsWith(`${UPLOADS_PATH}/`)) return UPLOADS_PATH;
  if (ctx.path === '/metrics') return '/metrics';
  return ctx.path.startsWith('/api/') ? 'unmatched' : 'app';
}

export function httpMetricsMiddleware(metrics: Metrics) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const stop = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const labels = {
        method: ctx.method,
        route: routeOf(ctx),
        status_class: `${Math.floor(ctx.status / 100)}xx`,
      };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, Number(process.hrtime.bigint() - stop) / 1e9);
    }
  };
}

/** GET /metrics on the public origin: only with a token; without one configured it does not exist. */
export function metricsEndpointMiddleware(metrics: Metrics, token: string | undefined) {
  return async (ctx: Context, next: Next): Promise<void> => {
    if (ctx.path !== '/metrics' || ctx.method !== 'GET' || !token) return next();
    if (!metricsAuthorized(ctx.get('authorization'), token)) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer');
      ctx.body = { message: 'A metrics token is required', fields: {} };
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = metrics.registry.contentType;
    ctx.body = await metrics.registry.metrics();
  };
}
