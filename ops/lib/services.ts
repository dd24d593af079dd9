// Checks that PostgreSQL and Redis answer, and creates or drops databases on the server.
import { Redis } from 'ioredis';
import pg from 'pg';

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/printfarm';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379/0';

function serverUrl(databaseUrl: string): { admin: string; name: string } {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  url.pathname = '/postgres';
  return { admin: url.toString(), name };
}

/** The services the scripts need, and how to start each when it does not answer. */
const SERVICES = {
  postgres: {
    name: 'PostgreSQL',
    defaultPort: 5432,
    start: "e.g. 'pg_ctlcluster 15 main start' or 'docker compose up -d postgres'",
    variable: 'DATABASE_URL',
  },
  redis: {
    name: 'Redis',
    defaultPort: 6379,
    start: "e.g. 'redis-server --daemonize yes' or 'docker compose up -d redis'",
    variable: 'REDIS_URL',
  },
};

/** Null when `probe` gets an answer; else why the service does not answer and how to start it. */
async function answerOf(
  service: (typeof SERVICES)[keyof typeof SERVICES],
  serviceUrl: string,
  probe: () => Promise<unknown>,
  close: () => Promise<void>,
): Promise<string | null> {
  try {
    await probe();
    return null;
  } catch (error) {
    const url = new URL(serviceUrl);
    return `${service.name} does not answer at ${url.hostname}:${url.port || service.defaultPort} (${(error as Error).message}).
  Start it (${service.start}), or set ${service.variable}.`;
  } finally {
    await close();
  }
}

export function checkPostgres(databaseUrl: string): Promise<string | null> {
  const client = new pg.Client({
    connectionString: serverUrl(databaseUrl).admin,
    connectionTimeoutMillis: 3_000,
  });
  return answerOf(
    SERVICES.postgres,
    databaseUrl,
    async () => {
      await client.connect();
      await client.query('SELECT 1');
    },
    () => client.end().catch(() => {}),
  );
}

export function checkRedis(redisUrl: string): Promise<string | null> {
  const redis = new Redis(redisUrl, {
    lazyConnect: true,
    connectTimeout: 3_000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  redis.on('error', () => {});
  return answerOf(
    SERVICES.redis,
    redisUrl,
    async () => {
      await redis.connect();
      await redis.ping();
    },
    async () => redis.disconnect(),
  );
}

async function withAdmin<T>(
  databaseUrl: string,
  run: (client: pg.Client, name: string) => Promise<T>,
): Promise<T> {
  const { admin, name } = serverUrl(databaseUrl);
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return await run(client, name);
  } finally {
    await client.end();
  }
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Creates the database named in the URL when it does not exist yet; true when it was created. */
export function ensureDatabase(databaseUrl: string): Promise<boolean> {
  return withAdmin(databaseUrl, async (client, name) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount) return false;
    await client.query(`CREATE DATABASE ${quoteIdent(name)}`);
    return true;
  });
}

/** A copy of a migrated database, in the time it takes to copy files rather than to migrate. */
export function cloneDatabase(templateUrl: string, name: string): Promise<string> {
  return withAdmin(templateUrl, async (client, template) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${quoteIdent(name)} TEMPLATE ${quoteIdent(template)}`);
        break;
      } catch (error) {
        // Two clones of one template at the same moment: PostgreSQL refuses one; try again.
        if (attempt >= 20 || !String(error).includes('being accessed by other users')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      }
    }
    const url = new URL(templateUrl);
    url.pathname = `/${name}`;
    return url.toString();
  });
}

/** Drops every database whose name starts with the prefix (a test run's template and clones). */
export function dropDatabasesWithPrefix(serverUrl: string, prefix: string): Promise<void> {
  return withAdmin(serverUrl, async (client) => {
    const found = await client.query<{ datname: string }>(
      'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
      [prefix],
    );
    for (const { datname } of found.rows) {
      await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(datname)} WITH (FORCE)`);
    }
  });
}

export function dropDatabase(databaseUrl: string): Promise<void> {
  return withAdmin(databaseUrl, async (client, name) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`);
  });
}

/** Deletes every Redis key whose name starts with the prefix (a test run's queues). */
export async function deleteRedisPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length > 0) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
