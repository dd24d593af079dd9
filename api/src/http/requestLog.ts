// Gives every request an id (echoed as X-Request-Id) and one log line when it finishes.
import { randomUUID } from 'node:crypto';
import type { Logger } from '@printfarm/db/logger';
import type { Context, Next } from 'koa';

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;

export function requestLogMiddleware(log: Logger) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const incoming = ctx.get('X-Request-Id');
    const requestId = SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const started = process.hrtime.bigint();
    ctx.state.requestId = requestId;
    ctx.state.log = log.child({ requestId });
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } finally {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      const level = ctx.status >= 500 ? 'error' : 'info';
      if (ctx.path !== '/api/health' || ctx.status !== 200) {
        ctx.state.log[level](
          { method: ctx.method, path: ctx.path, status: ctx.status, ms: Math.round(ms) },
          'request',
        );
      }
    }
  };
}
