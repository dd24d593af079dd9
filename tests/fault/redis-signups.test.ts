// Redis goes away while 200 farms sign up: every signup is answered and recorded, and once Redis is back
// every farm is geocoded and every welcome e-mail goes out exactly once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEmails } from '../support/maildev.ts';
import { validSignup } from '../support/printFarmsFixtures.ts';
import { type PrivateRedis, startPrivateRedis } from '../support/redis.ts';
import { eventually, startApi, startWorkers, type TestApi, type TestWorkers } from '../support/server.ts';

const SIGNUPS = 200;

describe('Redis down during farm signups', () => {
  let redis: PrivateRedis;
  let api: TestApi;
  let workers: TestWorkers;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    api = await startApi({ redisUrl: redis.url, env: { RATE_LIMIT_DISABLED: 'true' } });
    workers = await startWorkers({ redisUrl: redis.url, env: { WORKER_CONCURRENCY: '16' } });
  });
  afterAll(async () => {
    await redis.start().catch(() => {});
    await workers?.close();
    await api?.close();
    await redis?.stop();
  });

  it('records all 200, then geocodes each and mails each once when Redis returns', {
    timeout: 180_000,
  }, async () => {
    await redis.stop();
    await eventually(async () => (await fetch(`${api.url}/api/health`)).status === 503);

    const bodies = Array.from({ length: SIGNUPS }, () => validSignup());
    const statuses: number[] = [];
    for (let start = 0; start < SIGNUPS; start += 20) {
      const batch = bodies.slice(start, start + 20).map(async (body) => {
        const response = await fetch(`${api.url}/api/print-farms/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        statuses.push(response.status);
      });
      await Promise.all(batch);
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(SIGNUPS);
    const emails = bodies.map((body) => body.contactEmail);
    const farms = await api.prisma.printFarm.findMany({
      where: { contactEmail: { in: emails } },
      select: { id: true },
    });
    expect(farms).toHaveLength(SIGNUPS);
    const farmIds = farms.map((farm) => farm.id);
    // Nothing could be published yet: the events wait in the outbox.
    expect(
      await api.prisma.outboxEvent.count({ where: { publishedAt: { not: null }, job: 'farm.geocode' } }),
    ).toBe(0);

    await redis.start();
    await eventually(
      async () =>
        (await api.prisma.printFarm.count({ where: { id: { in: farmIds }, geocodeStatus: 'located' } })) ===
        SIGNUPS,
      120_000,
    );
    const messageKeys = farmIds.map((id) => `farm-signup:${id}`);
    await eventually(
      async () =>
        (await api.prisma.emailLog.count({ where: { messageKey: { in: messageKeys }, status: 'sent' } })) ===
        SIGNUPS,
      120_000,
    );
    // Every e-mail job has finished, so MailDev now holds all there will ever be for these addresses.
    const received = (await listEmails()).flatMap((mail) => mail.to.map((to) => to.address.toLowerCase()));
    const perAddress = emails.map(
      (email) => received.filter((address) => address === email.toLowerCase()).length,
    );
    expect(perAddress.every((count) => count === 1)).toBe(true);
    const geocodes = await api.prisma.outboxEvent.count({
      where: { job: 'farm.geocode', publishedAt: { not: null } },
    });
    expect(geocodes).toBe(SIGNUPS);
    console.log(
      `redis outage: ${SIGNUPS} signups answered 201, ${SIGNUPS} farms located, ${SIGNUPS} e-mails, each once`,
    );
  });
});
