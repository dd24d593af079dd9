import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
