import { expect, it } from 'vitest';
import { createLogger } from '../../db/src/logger.ts';
import { startOutboxRelay } from '../../db/src/outbox/index.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const server = useServerSuite();

it('deletes published events past retention and keeps unpublished ones', async () => {
  const day = 24 * 60 * 60 * 1000;
  const payload = { messageKey: 'x', to: 'x@example.test', subject: 'x', text: 'x' };
  const old = await server.api.prisma.outboxEvent.create({
    data: { job: 'email.send', payload, publishedAt: new Date(Date.now() - 8 * day) },
  });
  const recent = await server.api.prisma.outboxEvent.create({
    data: { job: 'email.send', payload, publishedAt: new Date(Date.now() - day) },
  });
  const relay = startOutboxRelay({
    prisma: server.api.prisma,
    queues: server.api.queues,
    log: createLogger({ name: 'test', level: 'silent', pretty: false }),
    pollMs: 50,
  });
  try {
    await eventually(
      async () => (await server.api.prisma.outboxEvent.count({ where: { id: old.id } })) === 0,
    );
    expect(await server.api.prisma.outboxEvent.count({ where: { id: recent.id } })).toBe(1);
  } finally {
    await relay.stop();
  }
});
