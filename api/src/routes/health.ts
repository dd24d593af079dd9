// GET /api/health: 200 when PostgreSQL and Redis both answer, 503 naming the part that does not.
// GET /api/health/ready (for load balancers): also 503 while the process is shutting down or while the
// database lacks a migration this code expects.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { withTimeout } from '@printfarm/domain/async';
import type { ApiDeps } from '../deps.ts';
import type { AppRouter } from '../http/context.ts';
import { noStore } from '../http/noStore.ts';

const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../prisma/migrations',
);

/** The versions (timestamps) of the migrations shipped with this code. */
function expectedMigrations(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .map((file) => /^(\d+)_.*\.sql$/.exec(file)?.[1])
    .filter((version): version is string => Boolean(version));
}

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

export function registerHealthRoutes(router: AppRouter, { prisma, redis, lifecycle }: ApiDeps): void {
  const expected = expectedMigrations();

  /** Migrations this code expects that the database has not applied (dbmate's schema_migrations). */
  async function missingMigrations(): Promise<string[]> {
    const applied = await prisma.$queryRaw<{ version: string }[]>`SELECT version FROM schema_migrations`;
    const have = new Set(applied.map((row) => row.version));
    return expected.filter((version) => !have.has(version));
  }

  router.get('/api/health/ready', noStore, async (ctx) => {
    if (lifecycle.draining) {
      ctx.status = 503;
      ctx.body = { status: 'draining', message: 'Shutting down' };
      return;
    }
    let missing: string[] | null = null;
    const [db, cache] = await Promise.all([
      probe(async () => {
        missing = await missingMigrations();
      }, 2_000),
      probe(() => pingRedis(redis), 1_500),
    ]);
    const behind = (missing ?? []).length > 0;
    if (db === 'ok' && cache === 'ok' && !behind) {
      ctx.body = { status: 'ready', db, redis: cache };
      return;
    }
    const failing = [
      db === 'error' ? 'database' : null,
      cache === 'error' ? 'redis' : null,
      behind ? `migrations ${(missing ?? []).join(', ')} not applied` : null,
    ].filter(Boolean);
    ctx.status = 503;
    ctx.body = { status: 'not ready', db, redis: cache, message: `Not ready: ${failing.join('; ')}` };
  });

  router.get('/api/health', noStore, async (ctx) => {
    const [db, cache] = await Promise.all([
      probe(() => prisma.$queryRaw`SELECT 1`, 2_000),
      probe(() => pingRedis(redis), 1_500),
    ]);
    if (db === 'ok' && cache === 'ok') {
      ctx.body = { status: 'ok', db, redis: cache };
      return;
    }
    const failing = [db === 'error' ? 'database' : null, cache === 'error' ? 'redis' : null].filter(Boolean);
    ctx.status = 503;
    ctx.body = { status: 'error', db, redis: cache, message: `Unavailable: ${failing.join(', ')}` };
  });
}
