// The one way api and workers open the database: Prisma 7 over node-postgres (no query-engine binary).
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaClient } from './generated/client.ts';

export * from './generated/client.ts';

export interface DatabaseOptions {
  /** Pool size per process; the API and workers each hold one pool. */
  maxConnections?: number;
}

export function createPrisma(databaseUrl: string, options: DatabaseOptions = {}): PrismaClient {
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
    // A burst of requests queues for a pooled connection instead of failing after a few seconds;
    // the pool hands them out in order, so waiting is fair.
    connectionTimeoutMillis: 30_000,
    idleTimeoutMillis: 30_000,
  });
  // A connection PostgreSQL terminates (a restart, a failover) raises 'error' on its client; the adapter
  // listens only while a transaction holds it, so one dropped between its commit and its release would
  // end the process. The query that used it fails on its own; this listener keeps the process alive.
  pool.on('connect', (client) => client.on('error', () => {}));
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  return new PrismaClient({
    adapter,
    // The same patience for interactive transactions (Prisma's own default gives up after 2 s).
    transactionOptions: { maxWait: 30_000, timeout: 30_000 },
  });
}
