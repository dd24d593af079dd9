// Once per `vitest run`: a freshly migrated template database, a private Redis key prefix and MailDev
// on free ports, so a run never touches the dev stack or another run. Each test file then works in
// its own clone of the template (tests/support/env.ts). PostgreSQL and Redis come from
// testcontainers when a Docker engine answers, else from DATABASE_URL / REDIS_URL (this machine's own).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../ops/lib/ports.ts';
import { buildPwa, generatePrismaClient, migrate, startMaildev } from '../../ops/lib/prepare.ts';
import {
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  deleteRedisPrefix,
  dropDatabasesWithPrefix,
  ensureDatabase,
} from '../../ops/lib/services.ts';
import type { TestEnv } from './env.ts';

interface Services {
  postgresServerUrl: string;
  redisUrl: string;
  stop(): Promise<void>;
}

function dockerMayAnswer(): boolean {
  return Boolean(process.env.DOCKER_HOST) || existsSync('/var/run/docker.sock');
}

async function containerServices(): Promise<Services | null> {
  if (!dockerMayAnswer() || process.env.TEST_USE_LOCAL_SERVICES === '1') return null;
  try {
    const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
    await getContainerRuntimeClient();
    const postgres = await new GenericContainer('postgres:15-alpine')
      .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
      .withExposedPorts(5432)
      .withWaitStrategy(Wait.forLogMessage(/database system is ready to accept connections/, 2))
      .start();
    const redis = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
    return {
      postgresServerUrl: `postgresql://postgres@${postgres.getHost()}:${postgres.getMappedPort(5432)}/postgres`,
      redisUrl: `redis://${redis.getHost()}:${redis.getMappedPort(6379)}/0`,
      async stop() {
        await Promise.all([postgres.stop(), redis.stop()]);
      },
    };
  } catch {
    return null;
  }
}

function localServices(): Services {
  return {
    postgresServerUrl: process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL,
    redisUrl: process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
    stop: async () => {},
  };
}

export default async function setup(project: TestProject) {
  generatePrismaClient();
  buildPwa();
  const services = (await containerServices()) ?? localServices();
  const runId = randomBytes(4).toString('hex');
  const database = new URL(services.postgresServerUrl);
  database.pathname = `/test_${runId}`;
  const databaseUrl = database.toString();
  await ensureDatabase(databaseUrl);
  migrate(databaseUrl);
  const maildev = await startMaildev(await freePort(), await freePort());
  const env: TestEnv = {
    databaseUrl,
    redisUrl: services.redisUrl,
    queuePrefix: `test-${runId}`,
    smtpPort: maildev.smtpPort,
    maildevUrl: `http://127.0.0.1:${maildev.webPort}`,
  };
  project.provide('testEnv', env);

  return async () => {
    await maildev.stop();
    if (process.env.TEST_KEEP_DATABASE !== '1') await dropDatabasesWithPrefix(databaseUrl, `test_${runId}`);
    await deleteRedisPrefix(services.redisUrl, env.queuePrefix);
    await services.stop();
  };
}
