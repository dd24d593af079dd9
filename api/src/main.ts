// The API process: validated config, one database pool, Redis, the outbox relay, graceful shutdown.
import { createPrisma } from '@printfarm/db';
import { createLogger } from '@printfarm/db/logger';
import { ConfigError } from '@printfarm/domain/config';
import { createApp } from './app.ts';
import { type ApiConfig, loadApiConfig } from './config.ts';
import { startOutboxRelay } from './outbox/relay.ts';
import { createQueueRegistry } from './queues.ts';
import { createRedis } from './redis.ts';

function readConfig(): ApiConfig {
  try {
    return loadApiConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`api: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const log = createLogger({
  name: 'api',
  level: config.LOG_LEVEL,
  pretty: config.NODE_ENV === 'development' && process.stdout.isTTY === true,
});
const prisma = createPrisma(config.DATABASE_URL, { maxConnections: config.DATABASE_POOL_SIZE });
const redis = createRedis(config.REDIS_URL);
redis.on('error', () => {}); // reported by /api/health and the relay; ioredis reconnects by itself
const queues = createQueueRegistry(redis, config.QUEUE_PREFIX);
const relay = startOutboxRelay({
  prisma,
  queues,
  log: log.child({ part: 'outbox' }),
  pollMs: config.OUTBOX_POLL_MS,
});

const app = createApp({ config, prisma, redis, queues, log });
const server = app.listen(config.PORT, config.HOST, () => {
  log.info({ port: config.PORT, url: config.PUBLIC_URL }, 'api listening');
});
server.keepAliveTimeout = 65_000;

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  log.info({ signal }, 'api shutting down');
  const force = setTimeout(() => {
    log.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.SHUTDOWN_GRACE_MS);
  force.unref();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  await relay.stop();
  await queues.close();
  await Promise.allSettled([prisma.$disconnect(), redis.quit()]);
  log.info('api stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
