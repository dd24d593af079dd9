// The one flow everything follows, end to end: a transaction records an outbox event, the relay
// publishes it (jobId = event id), the worker sends the e-mail over SMTP, MailDev receives it once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordJob } from '../../db/src/outbox/index.ts';
import { cappedBackoffMs, EMAIL_RETRY } from '../../domain/src/queues.ts';
import { jobHandlers } from '../../workers/src/jobs/index.ts';
import { emailsTo } from '../support/maildev.ts';
import { eventually, startApi, startWorkers, type TestApi, type TestWorkers } from '../support/server.ts';

function uniqueAddress(label: string) {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

async function recordEmail(api: TestApi, to: string, messageKey = `test:${randomUUID()}`) {
  return api.prisma.$transaction((tx) =>
    recordJob(tx, 'email.send', {
      messageKey,
      to,
      subject: `Hello ${to}`,
      text: 'Your print is on its way.',
    }),
  );
}

describe('outbox → queue → worker → SMTP', () => {
  let api: TestApi;
  let workers: TestWorkers;
  let failFirstSendFor: string | undefined;
  /** Refused with a 451 after the handover at first; what the e-mail log said when the retry sent. */
  const refusedAfterHandover = new Map<string, Array<Date | null>>();
  /** Addresses whose mail relay refuses this many more sends (an outage). */
  const outage = new Map<string, number>();
  const crashAfterSendFor = new Set<string>();
  const crashed = new Set<string>();

  beforeAll(async () => {
    api = await startApi();
    workers = await startWorkers({
      // Fault injection around the real SMTP transport: refuse the first attempt for one address.
      mailer: (real) => ({
        async send(mail, hooks) {
          const refusalsLeft = outage.get(mail.to) ?? 0;
          if (refusalsLeft > 0) {
            outage.set(mail.to, refusalsLeft - 1);
            throw Object.assign(new Error('421 4.3.2 service not available (injected)'), {
              responseCode: 421,
            });
          }
          const attempts = refusedAfterHandover.get(mail.to);
          if (attempts) {
            if (attempts.length === 0) {
              attempts.push(null);
              await hooks?.beforeTransfer?.();
              throw Object.assign(new Error('451 4.3.0 try again later (injected)'), { responseCode: 451 });
            }
            const row = await api.prisma.emailLog.findFirstOrThrow({ where: { to: mail.to } });
            attempts.push(row.handedOverAt);
          }
          if (mail.to === failFirstSendFor) {
            failFirstSendFor = undefined;
            throw new Error('SMTP connection refused (injected)');
          }
          return real.send(mail, hooks);
        },
        close: () => real.close(),
      }),
      handlers: {
        ...jobHandlers,
        // Simulates a worker that dies after delivering but before BullMQ records the job as done.
        'email.send': async (payload, context) => {
          const outcome = await jobHandlers['email.send'](payload, context);
          if (crashAfterSendFor.has(payload.to) && !crashed.has(payload.to)) {
            crashed.add(payload.to);
            throw new Error('worker crashed after sending (injected)');
          }
          return outcome;
        },
      },
      env: { WORKER_CONCURRENCY: '4' },
    });
  });
  afterAll(async () => {
    await workers?.close();
    await api?.close();
  });

  it('delivers a recorded e-mail exactly once and logs it', async () => {
    const to = uniqueAddress('plain');
    const eventId = await recordEmail(api, to);
    const [mail] = await eventually(async () => {
      const found = await emailsTo(to);
      return found.length > 0 ? found : undefined;
    });
    expect(mail?.subject).toBe(`Hello ${to}`);
    expect(mail?.text?.trim()).toBe('Your print is on its way.');
    const event = await api.prisma.outboxEvent.findUniqueOrThrow({ where: { id: eventId } });
    expect(event.publishedAt).not.toBeNull();
    const job = await api.queues.get('email.send').getJob(eventId);
    expect(job?.id).toBe(eventId);
    await eventually(async () => (await emailsTo(to)).length === 1 && (await job?.isCompleted()));
    const log = await api.prisma.emailLog.findFirstOrThrow({ where: { to } });
    expect(log.status).toBe('sent');
    expect(log.sentAt).not.toBeNull();
  });

  it('retries after an SMTP failure and still delivers once', async () => {
    const to = uniqueAddress('retry');
    failFirstSendFor = to;
    const eventId = await recordEmail(api, to);
    await eventually(async () => (await emailsTo(to)).length === 1, 20_000);
    const job = await api.queues.get('email.send').getJob(eventId);
    await eventually(async () => job && (await api.queues.get('email.send').getJob(eventId))?.finishedOn);
    const finished = await api.queues.get('email.send').getJob(eventId);
    expect(finished?.attemptsMade).toBe(2);
    // The job has finished, so no attempt is left to send again: one log row, sent, and one message.
    const logs = await api.prisma.emailLog.findMany({ where: { to } });
    expect(logs.map((log) => log.status)).toEqual(['sent']);
    expect(await emailsTo(to)).toHaveLength(1);
  });

  // A crash of the retry between its claim and its own handover must leave the message to the next
  // attempt: a handover time left from the refused attempt would make every later attempt skip it.
  it('forgets the handover of an attempt the server refused when the next attempt claims the e-mail', async () => {
    const to = uniqueAddress('refused');
    refusedAfterHandover.set(to, []);
    await recordEmail(api, to);
    await eventually(async () => (await emailsTo(to)).length === 1, 20_000);
    expect(refusedAfterHandover.get(to)).toEqual([null, null]);
    const log = await api.prisma.emailLog.findFirstOrThrow({ where: { to } });
    expect(log.status).toBe('sent');
  });

  it('records e-mail to be retried for about a day, each wait at most 15 minutes', () => {
    const { attempts, backoff } = api.queues.get('email.send').defaultJobOptions as typeof EMAIL_RETRY;
    expect({ attempts, backoff }).toEqual(EMAIL_RETRY);
    const waits = Array.from({ length: attempts - 1 }, (_, made) => cappedBackoffMs(made + 1, backoff.delay));
    expect(Math.max(...waits)).toBe(15 * 60 * 1000);
    expect(waits.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThan(24 * 60 * 60 * 1000);
    expect(api.queues.get('payment.capture').defaultJobOptions.attempts).toBe(8);
  });

  // The policy above with its waits shortened to 10 ms: nine refusals in a row, then one delivery.
  it('keeps trying through a mail relay outage with the capped backoff, and delivers once', async () => {
    const to = uniqueAddress('outage');
    outage.set(to, 9);
    const job = await api.queues
      .get('email.send')
      .add(
        'email.send',
        { messageKey: `outage:${randomUUID()}`, to, subject: `Hello ${to}`, text: 'After the outage.' },
        { attempts: 12, backoff: { type: 'capped', delay: 10 } },
      );
    await eventually(async () => (await emailsTo(to)).length === 1, 20_000);
    const finished = await eventually(async () => {
      const found = await api.queues.get('email.send').getJob(String(job.id));
      return found?.finishedOn ? found : undefined;
    });
    expect(finished.attemptsMade).toBe(10);
    expect(finished.failedReason ?? '').not.toMatch(/backoff/i);
    expect(await emailsTo(to)).toHaveLength(1);
  });

  it('does not send twice when the job is retried after the e-mail went out', async () => {
    const to = uniqueAddress('crash');
    crashAfterSendFor.add(to);
    const eventId = await recordEmail(api, to);
    const queue = api.queues.get('email.send');
    await eventually(async () => {
      const job = await queue.getJob(eventId);
      return job?.finishedOn && job.attemptsMade >= 2 ? job : undefined;
    }, 20_000);
    expect(crashed.has(to)).toBe(true);
    expect(await emailsTo(to)).toHaveLength(1);
    const job = await queue.getJob(eventId);
    expect(job?.returnvalue).toBe('skipped');
  });

  it('ignores a second publication of the same event and a second event for the same message', async () => {
    const to = uniqueAddress('dupe');
    const messageKey = `dupe:${randomUUID()}`;
    const first = await recordEmail(api, to, messageKey);
    await eventually(async () => (await emailsTo(to)).length === 1);
    // The relay crashed before marking the row: the same event is published again.
    await api.prisma.outboxEvent.update({ where: { id: first }, data: { publishedAt: null } });
    await api.relay.drain();
    // A different event that describes the same message.
    const second = await recordEmail(api, to, messageKey);
    await eventually(async () => (await api.queues.get('email.send').getJob(second))?.finishedOn);
    expect(await emailsTo(to)).toHaveLength(1);
  });
});
