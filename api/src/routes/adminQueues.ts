// The BullMQ queue dashboard (@bull-board/koa), staff only, at /api/admin/queues.
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { KoaAdapter } from '@bull-board/koa';
import { JOB_NAMES } from '@printfarm/domain/queues';
import type { Middleware } from 'koa';
import { requireStaff } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppMiddleware, AppRouter } from '../http/context.ts';

export const QUEUE_DASHBOARD_PATH = '/api/admin/queues';

// The dashboard's page loads its fonts from Google and uses inline styles.
const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline' https://fonts.googleapis.com",
  "font-src 'self' data: https://fonts.gstatic.com",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function registerAdminQueueRoutes(router: AppRouter, deps: ApiDeps): void {
  const adapter = new KoaAdapter();
  adapter.setBasePath(QUEUE_DASHBOARD_PATH);
  createBullBoard({
    queues: JOB_NAMES.map((name) => new BullMQAdapter(deps.queues.get(name))),
    // @bull-board/koa carries its own copy of @bull-board/api's types (same shape, other declaration).
    serverAdapter: adapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'],
  });
  const plugin = adapter.registerPlugin() as unknown as Middleware;
  const dashboard: AppMiddleware = async (ctx, next) => {
    ctx.set('Content-Security-Policy', DASHBOARD_CSP);
    ctx.set('Cache-Control', 'no-store');
    await plugin(ctx as unknown as Parameters<Middleware>[0], next);
  };
  const rest = `${QUEUE_DASHBOARD_PATH}/{*rest}`;
  router.get(QUEUE_DASHBOARD_PATH, requireStaff, dashboard);
  router.get(rest, requireStaff, dashboard);
  router.put(rest, requireStaff, dashboard);
  router.patch(rest, requireStaff, dashboard);
  router.post(rest, requireStaff, dashboard);
}
