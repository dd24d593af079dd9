// GET /api/health: 200 when PostgreSQL and Redis both answer, 503 naming the part that does not.
import { withTimeout } from '@printfarm/domain/async';
import type { ApiDeps, AppRouter } from '../http/context.ts';

type PartStatus = 'ok' | 'error';

async function probe(check: () => Promise<unknown>, timeoutMs: number): Promise<PartStatus> {
  try {
    await withTimeout(check(), timeoutMs);
    return 'ok';
  } catch {
    return 'error';
  }
}

/** Waits for a connection that is still being (re)established instead of failing at once. */
async function pingRedis(redis: ApiDeps['redis']): Promise<void> {
  if (redis.status === 'connecting' || redis.status === 'connect' || redis.status === 'reconnecting') {
    await new Promise<void>((resolve, reject) => {
      redis.once('ready', resolve);
      redis.once('end', () => reject(new Error('redis connection ended')));
    });
  }
  await redis.ping();
}

export function registerHealthRoutes(router: AppRouter, { prisma, redis }: ApiDeps): void {
  router.get('/api/health', async (ctx) => {
    const [db, cache] = await Promise.all([
      probe(() => prisma.$queryRaw`SELECT 1`, 2_000),
      probe(() => pingRedis(redis), 1_500),
    ]);
    ctx.set('Cache-Control', 'no-store');
    if (db === 'ok' && cache === 'ok') {
      ctx.body = { status: 'ok', db, redis: cache };
      return;
    }
    const failing = [db === 'error' ? 'database' : null, cache === 'error' ? 'redis' : null].filter(Boolean);
    ctx.status = 503;
    ctx.body = { status: 'error', db, redis: cache, message: `Unavailable: ${failing.join(', ')}` };
  });
}
