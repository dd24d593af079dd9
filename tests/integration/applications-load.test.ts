// 500 applications submitted at once: every one recorded, every applicant confirmed exactly once.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listEmails } from '../support/maildev.ts';
import { outboxMailsTo } from '../support/outboxMail.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const SUBMISSIONS = 500;

describe('500 concurrent applications', () => {
  const server = useServerSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true', DATABASE_POOL_SIZE: '10' },
    workers: { env: { WORKER_CONCURRENCY: '16' } },
  });

  it('records all of them and confirms each applicant exactly once', { timeout: 180_000 }, async () => {
    const run = randomUUID().slice(0, 8);
    const addresses = Array.from({ length: SUBMISSIONS }, (_, i) => `load-${run}-${i}@example.test`);
    const statuses = await Promise.all(
      addresses.map(async (email, i) => {
        const response = await fetch(`${server.api.url}/api/applications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            firstName: 'Load',
            lastName: `Tester ${i}`,
            email,
            phone: `512555${String(i).padStart(4, '0')}`,
            city: 'Austin',
            state: 'TX',
            investment: 'immediate',
          }),
        });
        await response.arrayBuffer();
        return response.status;
      }),
    );
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
    expect(
      await server.api.prisma.application.count({ where: { email: { startsWith: `load-${run}-` } } }),
    ).toBe(SUBMISSIONS);

    // One confirmation each, recorded with its application; once every one is logged as sent, no job
    // is left that could send another, so what MailDev holds is final.
    const confirmationsSent = () =>
      server.api.prisma.emailLog.count({
        where: {
          messageKey: { startsWith: 'application-confirmation:' },
          status: 'sent',
          to: { startsWith: `load-${run}-` },
        },
      });
    expect(await outboxMailsTo(server.api.prisma, { startsWith: `load-${run}-` })).toBe(SUBMISSIONS);
    await eventually(async () => (await confirmationsSent()) === SUBMISSIONS, 150_000);
    const wanted = new Set(addresses);
    const confirmations = await eventually(async () => {
      const received = (await listEmails()).filter(
        (mail) =>
          mail.subject === 'We received your print farm application' &&
          mail.to.some((to) => wanted.has(to.address.toLowerCase())),
      );
      return received.length >= SUBMISSIONS ? received : undefined;
    });
    const perAddress = new Map<string, number>();
    for (const mail of await listEmails()) {
      if (mail.subject !== 'We received your print farm application') continue;
      for (const to of mail.to) {
        const address = to.address.toLowerCase();
        if (wanted.has(address)) perAddress.set(address, (perAddress.get(address) ?? 0) + 1);
      }
    }
    expect(confirmations).toHaveLength(SUBMISSIONS);
    expect(perAddress.size).toBe(SUBMISSIONS);
    expect([...perAddress.values()].every((count) => count === 1)).toBe(true);
  });
});
