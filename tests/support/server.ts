import { paymentProvider } from '@printfarm/db/payments';
import { afterAll, beforeAll } from 'vitest';
import { loadApiConfig } from '../../api/src/config.ts';
import { startApiServer } from '../../api/src/server.ts';
import type { PublicFarmCache } from '../../api/src/services/publicFarmCache.ts';
import type { PrismaClient } from '../../db/src/index.ts';
import { createLogger } from '../../db/src/logger.ts';
import type { OutboxRelay, QueueRegistry } from '../../db/src/outbox/index.ts';
import { loadWorkerConfig, type WorkerConfig } from '../../workers/src/config.ts';
import type { JobContext, JobHandlers } from '../../workers/src/jobs/types.ts';
import type { Mailer } from '../../workers/src/mail/transport.ts';
import { type ConnectorFactory, noConnectors } from '../../workers/src/printers/connectorFactory.ts';
import { startWorkerProcess } from '../../workers/src/process.ts';
import type { WorkerRuntime } from '../../workers/src/runtime.ts';
import { createLocalCopies } from '../../workers/src/storage/localCopy.ts';
import { testEnv } from './env.ts';

const quietLog = () =>
  createLogger({ name: 'test', level: process.env.TEST_LOG_LEVEL ?? 'silent', pretty: false });

async function baseEnv(redisUrl?: string): Promise<Record<string, string>> {
  const env = await testEnv();
  return {
    NODE_ENV: 'test',
    DATABASE_URL: env.databaseUrl,
    DATABASE_POOL_SIZE: '5',
    REDIS_URL: redisUrl ?? env.redisUrl,
    QUEUE_PREFIX: env.queuePrefix,
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(env.smtpPort),
    OUTBOX_POLL_MS: '50',
    LOG_LEVEL: 'silent',
  };
}

export interface TestApi {
  url: string;
  prisma: PrismaClient;
  queues: QueueRegistry;
  relay: OutboxRelay;
  /** The API's in-memory public farm list and marker feed; a test that writes farms directly drops it. */
  publicFarms: PublicFarmCache;
  /** Where the API reads stored uploads from (project_files.file_path is relative to it). */
  uploadDir: string;
  close(): Promise<void>;
}

export async function startApi(
  options: { redisUrl?: string; env?: Record<string, string> } = {},
): Promise<TestApi> {
  const config = loadApiConfig({
    ...(await baseEnv(options.redisUrl)),
    PORT: '0',
    HOST: '127.0.0.1',
    // Tests write farms straight into the database and look at the findings at once.
    NETWORK_PRINTERS_CACHE_MS: '0',
    ...options.env,
  });
  const api = await startApiServer(config, quietLog(), { relayMaxBackoffMs: 500 });
  if (!api.relay) throw new Error('the test API runs a relay');
  return {
    url: api.url,
    prisma: api.prisma,
    queues: api.queues,
    relay: api.relay,
    publicFarms: api.publicFarms,
    uploadDir: config.UPLOAD_DIR,
    close: () => api.close(),
  };
}

export interface TestWorkers {
  runtime: WorkerRuntime;
  prisma: PrismaClient;
  config: WorkerConfig;
  /** The context a job handler gets, for running a handler by hand (e.g. a second time). */
  jobContext(jobId?: string): JobContext;
  close(): Promise<void>;
}

export async function startWorkers(
  options: {
    redisUrl?: string;
    handlers?: JobHandlers;
    mailer?: (real: Mailer) => Mailer;
    env?: Record<string, string>;
    connectors?: ConnectorFactory;
  } = {},
): Promise<TestWorkers> {
  const config = loadWorkerConfig({ ...(await baseEnv(options.redisUrl)), ...options.env });
  const running = startWorkerProcess(config, quietLog(), {
    relayMaxBackoffMs: 500,
    ...(options.handlers ? { handlers: options.handlers } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.connectors ? { connectors: options.connectors } : {}),
  });
  await Promise.all([...running.runtime.workers.values()].map((worker) => worker.waitUntilReady()));
  return {
    runtime: running.runtime,
    prisma: running.prisma,
    config,
    jobContext: (jobId = 'manual') => ({
      prisma: running.prisma,
      mailer: running.mailer,
      config,
      files: createLocalCopies(config),
      log: quietLog(),
      metrics: running.metrics,
      payments: paymentProvider(config),
      connectors: options.connectors ?? noConnectors,
      jobId,
      attempt: 1,
    }),
    close: () => running.close(),
  };
}

export interface ServerSuiteOptions {
  /** Extra environment for the API (e.g. RATE_LIMIT_DISABLED). */
  apiEnv?: Record<string, string>;
  /** Start the workers too; `{ env }` gives them extra environment. */
  workers?: boolean | { env?: Record<string, string> };
}

export interface ServerSuite {
  readonly api: TestApi;
  /** Only with `workers` set. */
  readonly workers: TestWorkers;
}

/** Hook timeouts; left out, the config's hookTimeout applies. */
export interface ServerSuiteHooks {
  startTimeout?: number;
  stopTimeout?: number;
  /** Names the caller in the error thrown when a getter is used too early. */
  label?: string;
}

/**
 * Registers a beforeAll that starts the API (and, if asked, the workers) and an afterAll that stops
 * them, in the describe block (or file) it is called in; use the result's getters in tests.
 */
export function useServerSuite(options: ServerSuiteOptions = {}, hooks: ServerSuiteHooks = {}): ServerSuite {
  const label = hooks.label ?? 'useServerSuite';
  let api: TestApi | undefined;
  let workers: TestWorkers | undefined;

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) {
      throw new Error(`${label}: ${name} is not available (used before beforeAll ran, or not started)`);
    }
    return value;
  };

  beforeAll(async () => {
    api = await startApi(options.apiEnv ? { env: options.apiEnv } : {});
    if (options.workers) {
      workers = await startWorkers(typeof options.workers === 'object' ? options.workers : {});
    }
  }, hooks.startTimeout);

  afterAll(async () => {
    await workers?.close();
    await api?.close();
  }, hooks.stopTimeout);

  return {
    get api() {
      return ready(api, 'the API');
    },
    get workers() {
      return ready(workers, 'the workers');
    },
  };
}

export { eventually } from '../../ops/fixtures/apiClient.ts';
