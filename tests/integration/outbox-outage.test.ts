// Redis down: the API keeps answering and recording; the relay publishes when Redis returns.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordJob } from '../../db/src/outbox/index.ts';
import { emailsTo } from '../support/maildev.ts';
import { type PrivateRedis, startPrivateRedis } from '../support/redis.ts';
import { eventually, startApi, startWorkers, type TestApi, type TestWorkers } from '../support/server.ts';

describe('while Redis is down', () => {
  let redis: PrivateRedis;
  let api: TestApi;
  let workers: TestWorkers;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    api = await startApi({ redisUrl: redis.url });
    workers = await startWorkers({ redisUrl: redis.url });
  });
  afterAll(async () => {
    await redis.start().catch(() => {});
    await workers?.close();
    await api?.close();
    await redis.stop();
  });

  it('records writes, reports 503, and publishes everything once Redis returns', async () => {
    await redis.stop();
    await eventually(async () => (await fetch(`${api.url}/api/health`)).status === 503);

    const to = `outage-${randomUUID().slice(0, 8)}@example.test`;
    const eventIds = await api.prisma.$transaction(async (tx) => [
      await recordJob(tx, 'email.send', { messageKey: `outage:${to}:1`, to, subject: 'First', text: 'one' }),
      await recordJob(tx, 'email.send', { messageKey: `outage:${to}:2`, to, subject: 'Second', text: 'two' }),
    ]);

    // The relay tries, fails, and keeps the rows with the reason.
    const pending = await eventually(async () => {
      const rows = await api.prisma.outboxEvent.findMany({ where: { id: { in: eventIds } } });
      return rows.some((row) => row.attempts > 0) ? rows : undefined;
    });
    expect(pending.every((row) => row.publishedAt === null)).toBe(true);
    expect(pending.find((row) => row.attempts > 0)?.lastError).toBeTruthy();

    await redis.start();
    await eventually(async () => {
      const rows = await api.prisma.outboxEvent.findMany({ where: { id: { in: eventIds } } });
      return rows.every((row) => row.publishedAt !== null);
    }, 20_000);
    const mails = await eventually(async () => {
      const found = await emailsTo(to);
      return found.length === 2 ? found : undefined;
    }, 20_000);
    expect(mails.map((mail) => mail.subject).sort()).toEqual(['First', 'Second']);
    expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
  });
});
