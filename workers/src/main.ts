// The worker process: every queue's worker in one process, graceful shutdown on SIGTERM.
import { createPrisma } from '@printfarm/db';
import { createLogger } from '@printfarm/db/logger';
import { ConfigError } from '@printfarm/domain/config';
import { loadWorkerConfig, type WorkerConfig } from './config.ts';
import { createSmtpMailer } from './mail/transport.ts';
import { startWorkerRuntime } from './runtime.ts';
import { startSchedules } from './schedules.ts';

function readConfig(): WorkerConfig {
  try {
    return loadWorkerConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`workers: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const log = createLogger({
  name: 'workers',
  level: config.LOG_LEVEL,
  pretty: config.NODE_ENV === 'development' && process.stdout.isTTY === true,
});
const prisma = createPrisma(config.DATABASE_URL, { maxConnections: config.DATABASE_POOL_SIZE });
const mailer = createSmtpMailer(config);
const runtime = startWorkerRuntime({ config, prisma, mailer, log });
log.info({ queues: [...runtime.workers.keys()] }, 'workers running');
startSchedules({ config, log }).catch((error) => log.error({ err: error }, 'job schedules not registered'));

let shuttingDown = false;
async function shutdown(signal: string): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  log.info({ signal }, 'workers shutting down');
  const force = setTimeout(() => process.exit(1), 30_000);
  force.unref();
  await runtime.close();
  mailer.close();
  await prisma.$disconnect();
  log.info('workers stopped');
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
