import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../ops/lib/ports.ts';
import { killLaunched, launchApi, processEnv } from '../support/processes.ts';
import { type PrivateRedis, startPrivateRedis } from '../support/redis.ts';
import { eventually, startApi, type TestApi } from '../support/server.ts';

describe('GET /api/health', () => {
  let redis: PrivateRedis;
  let api: TestApi;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    api = await startApi({ redisUrl: redis.url });
  });
  afterAll(async () => {
    await api.close();
    await redis.stop();
  });

  it('answers 200 when the database and Redis answer', async () => {
    const response = await fetch(`${api.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', db: 'ok', redis: 'ok' });
  });

  it('answers 503 naming Redis while Redis is stopped, and recovers when it returns', async () => {
    await redis.stop();
    const response = await eventually(async () => {
      const r = await fetch(`${api.url}/api/health`);
      return r.status === 503 ? r : undefined;
    });
    const body = (await response.json()) as { message: string };
    expect(body).toMatchObject({ status: 'error', db: 'ok', redis: 'error' });
    expect(body.message).toContain('redis');

    await redis.start();
    await eventually(async () => (await fetch(`${api.url}/api/health`)).status === 200);
  });

  it('answers 503 naming the database when PostgreSQL cannot be reached', async () => {
    const broken = await startApi({
      env: { DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/nowhere' },
    });
    try {
      const response = await fetch(`${broken.url}/api/health`);
      expect(response.status).toBe(503);
      expect(await response.json()).toMatchObject({ db: 'error', redis: 'ok' });
    } finally {
      await broken.close();
    }
  });
});

describe('GET /api/health/ready', () => {
  afterAll(killLaunched);

  it('is ready when the database has every migration this code ships, and says which one is missing', async () => {
    const api = await startApi();
    try {
      const ready = await fetch(`${api.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', db: 'ok', redis: 'ok' });

      // As if this code were deployed before its migration ran.
      const [latest] = await api.prisma.$queryRaw<{ version: string }[]>`
        SELECT version FROM schema_migrations ORDER BY version DESC LIMIT 1`;
      if (!latest) throw new Error('no migrations applied');
      await api.prisma.$executeRaw`DELETE FROM schema_migrations WHERE version = ${latest.version}`;
      try {
        const behind = await fetch(`${api.url}/api/health/ready`);
        expect(behind.status).toBe(503);
        expect(((await behind.json()) as { message: string }).message).toBe(
          `Not ready: migrations ${latest.version} not applied`,
        );
        // Liveness is not readiness: the process itself is fine.
        expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
      } finally {
        await api.prisma.$executeRaw`INSERT INTO schema_migrations (version) VALUES (${latest.version})`;
      }
    } finally {
      await api.close();
    }
  });

  it('stops being ready as soon as SIGTERM arrives, while it still answers during the drain', {
    timeout: 90_000,
  }, async () => {
    const port = await freePort();
    const api = await launchApi(await processEnv({ SHUTDOWN_DRAIN_MS: '4000' }), port);
    const url = `http://127.0.0.1:${port}`;
    expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);
    api.child.kill('SIGTERM');
    const draining = await eventually(async () => {
      const response = await fetch(`${url}/api/health/ready`);
      return response.status === 503 ? response : undefined;
    });
    expect(await draining.json()).toEqual({ status: 'draining', message: 'Shutting down' });
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    expect(await api.exited).toBe(0);
  });
});

describe('GET /metrics on the public origin without a token', () => {
  it('is not served', async () => {
    const api = await startApi();
    try {
      const response = await fetch(`${api.url}/metrics`);
      expect(response.status).not.toBe(200);
      expect(await response.text()).not.toContain('printfarm_');
    } finally {
      await api.close();
    }
  });
});
