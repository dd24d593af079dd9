// The one way api and workers open the database: Prisma 7 over node-postgres (no query-engine binary).
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client.ts';

export * from './generated/client.ts';

export interface DatabaseOptions {
  /** Pool size per process; the API and workers each hold one pool. */
  maxConnections?: number;
}

export function createPrisma(databaseUrl: string, options: DatabaseOptions = {}): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    max: options.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  return new PrismaClient({ adapter });
}
