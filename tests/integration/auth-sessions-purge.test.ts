// Expired sessions are purged by the repeatable sessions.purge job (a BullMQ job scheduler).
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../db/src/logger.ts';
import { type Schedules, startSchedules } from '../../workers/src/schedules.ts';
import { testEnv } from '../support/env.ts';
import { eventually, startWorkers, type TestWorkers } from '../support/server.ts';

describe('sessions.purge', () => {
  let workers: TestWorkers;
  let schedules: Schedules | undefined;

  beforeAll(async () => {
    workers = await startWorkers();
  });
  afterAll(async () => {
    await schedules?.close();
    await workers?.close();
  });

  it('deletes expired session rows on a schedule and keeps live ones', async () => {
    const { prisma } = workers;
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 86_400_000);
    await prisma.session.createMany({
      data: [
        { sid: 'expired-1', sess: { userId: 'x' }, expire: past },
        { sid: 'expired-2', sess: {}, expire: past },
        { sid: 'live-1', sess: { userId: 'y' }, expire: future },
      ],
    });
    const env = await testEnv();
    schedules = await startSchedules(
      {
        config: { REDIS_URL: env.redisUrl, QUEUE_PREFIX: env.queuePrefix },
        log: createLogger({ name: 'test', level: 'silent', pretty: false }),
      },
      [{ id: 'sessions.purge:test', job: 'sessions.purge', everyMs: 300 }],
    );
    await eventually(
      async () => (await prisma.session.count({ where: { sid: { startsWith: 'expired' } } })) === 0,
    );
    expect((await prisma.session.findMany({ select: { sid: true } })).map((row) => row.sid)).toEqual([
      'live-1',
    ]);

    // Registering the same schedule again does not add a second one.
    const again = await startSchedules(
      {
        config: { REDIS_URL: env.redisUrl, QUEUE_PREFIX: env.queuePrefix },
        log: createLogger({ name: 'test', level: 'silent', pretty: false }),
      },
      [{ id: 'sessions.purge:test', job: 'sessions.purge', everyMs: 300 }],
    );
    const queue = new Queue('sessions.purge', { connection: { url: env.redisUrl }, prefix: env.queuePrefix });
    try {
      // Other tests' worker processes share this run's prefix and may hold the hourly schedule too.
      const keys = (await queue.getJobSchedulers()).map((scheduler) => scheduler.key);
      expect(keys.filter((key) => key === 'sessions.purge:test')).toHaveLength(1);
    } finally {
      await queue.close();
      await again.close();
    }
  });
});
