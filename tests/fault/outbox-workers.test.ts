// The workers publish outbox events themselves: a follow-up recorded while no API process runs is
// still published and done.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordJob } from '../../db/src/outbox/index.ts';
import { emailsTo } from '../support/maildev.ts';
import { eventually, startWorkers, type TestWorkers } from '../support/server.ts';

describe('outbox relay in the worker process', () => {
  let workers: TestWorkers;
  beforeAll(async () => {
    workers = await startWorkers();
  });
  afterAll(async () => {
    await workers?.close();
  });

  it('publishes and runs events with no API running', async () => {
    const to = `relay-${randomUUID().slice(0, 8)}@example.test`;
    const eventId = await workers.prisma.$transaction((tx) =>
      recordJob(tx, 'email.send', {
        messageKey: `relay:${to}`,
        to,
        subject: 'Published by a worker',
        text: 'hi',
      }),
    );
    const mails = await eventually(async () => {
      const found = await emailsTo(to);
      return found.length > 0 ? found : undefined;
    });
    expect(mails.map((mail) => mail.subject)).toEqual(['Published by a worker']);
    const event = await workers.prisma.outboxEvent.findUniqueOrThrow({ where: { id: eventId } });
    expect(event.publishedAt).not.toBeNull();
    expect(await workers.prisma.emailLog.count({ where: { messageKey: `relay:${to}` } })).toBe(1);
  });
});
