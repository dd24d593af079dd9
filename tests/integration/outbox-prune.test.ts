import { afterAll, beforeAll, expect, it } from 'vitest';
import { startOutboxRelay } from '../../api/src/outbox/relay.ts';
import { createLogger } from '../../db/src/logger.ts';
import { eventually, startApi, type TestApi } from '../support/server.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

it('deletes published events past retention and keeps unpublished ones', async () => {
  const day = 24 * 60 * 60 * 1000;
  const payload = { messageKey: 'x', to: 'x@example.test', subject: 'x', text: 'x' };
  const old = await api.prisma.outboxEvent.create({
    data: { job: 'email.send', payload, publishedAt: new Date(Date.now() - 8 * day) },
  });
  const recent = await api.prisma.outboxEvent.create({
    data: { job: 'email.send', payload, publishedAt: new Date(Date.now() - day) },
  });
  const relay = startOutboxRelay({
    prisma: api.prisma,
    queues: api.queues,
    log: createLogger({ name: 'test', level: 'silent', pretty: false }),
    pollMs: 50,
  });
  try {
    await eventually(async () => (await api.prisma.outboxEvent.count({ where: { id: old.id } })) === 0);
    expect(await api.prisma.outboxEvent.count({ where: { id: recent.id } })).toBe(1);
  } finally {
    await relay.stop();
  }
});
