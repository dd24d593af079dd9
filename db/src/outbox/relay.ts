// Publishes committed outbox events to BullMQ. jobId = event id, so a crash between publishing and
// marking the row makes a duplicate add that BullMQ ignores. Every API and every worker process runs a
// relay, so a follow-up written by a worker never waits for an API: FOR UPDATE SKIP LOCKED hands each
// row to one of them.
import { withTimeout } from '@printfarm/domain/async';
import { isJobName, type JobName } from '@printfarm/domain/queues';
import type { PrismaClient } from '../index.ts';
import type { Logger } from '../logger.ts';
import type { QueueRegistry } from './queues.ts';
import { listenForOutbox } from './signal.ts';

interface PendingEvent {
  id: string;
  job: string;
  payload: unknown;
  run_at: Date;
}

export interface OutboxRelay {
  /** Publishes what is pending now; resolves to the number of events published. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export interface RelayOptions {
  prisma: PrismaClient;
  queues: QueueRegistry;
  log: Logger;
  pollMs: number;
  /** LISTEN on this database for commits that recorded events, so they wait for no poll. */
  listenUrl?: string;
  batchSize?: number;
  /** Longest wait after Redis failures before trying again. */
  maxBackoffMs?: number;
  /** BullMQ waits for a connection that is down; give up on an add after this long. */
  publishTimeoutMs?: number;
  /** Published events are kept this long (for audits and replays), then deleted. */
  retainPublishedMs?: number;
  /**
   * Commits that arrive this soon after the last batch wait for the rest of it, so that a stream of
   * them is published a batch at a time (one transaction, one round trip to Redis per queue) instead
   * of one event at a time.
   */
  gatherMs?: number;
}

const HOUR_MS = 60 * 60 * 1000;

export function startOutboxRelay(options: RelayOptions): OutboxRelay {
  const { prisma, queues, log, pollMs } = options;
  const batchSize = options.batchSize ?? 100;
  const maxBackoffMs = options.maxBackoffMs ?? 5_000;
  const publishTimeoutMs = options.publishTimeoutMs ?? 3_000;
  const retainPublishedMs = options.retainPublishedMs ?? 7 * 24 * HOUR_MS;
  const gatherMs = options.gatherMs ?? 10;
  let lastPrune = 0;
  let stopped = false;
  let wake: (() => void) | undefined;
  // A nudge that arrives while a batch is being published must not wait for the next poll.
  let nudged = false;
  let failures = 0;

  async function publishBatch(): Promise<{ published: number; failed: boolean }> {
    return prisma.$transaction(
      async (tx) => {
        const events = await tx.$queryRaw<PendingEvent[]>`
          SELECT id, job, payload, run_at FROM outbox_events
          WHERE published_at IS NULL
          ORDER BY created_at
          LIMIT ${batchSize}
          FOR UPDATE SKIP LOCKED`;
        const done: string[] = [];
        let failed = false;
        const byJob = new Map<JobName, PendingEvent[]>();
        for (const event of events) {
          if (!isJobName(event.job)) {
            log.error({ eventId: event.id, job: event.job }, 'outbox event names no known job; dropping it');
            await tx.outboxEvent.update({
              where: { id: event.id },
              data: { publishedAt: new Date(), lastError: `unknown job ${event.job}` },
            });
            continue;
          }
          const group = byJob.get(event.job);
          if (group) group.push(event);
          else byJob.set(event.job, [event]);
        }
        // One round trip to Redis per queue, whatever the batch holds.
        for (const [job, group] of byJob) {
          try {
            await withTimeout(
              queues.get(job).addBulk(
                group.map((event) => ({
                  name: job,
                  data: event.payload,
                  opts: { jobId: event.id, delay: Math.max(0, event.run_at.getTime() - Date.now()) },
                })),
              ),
              publishTimeoutMs,
              `queue did not answer within ${publishTimeoutMs} ms`,
            );
            done.push(...group.map((event) => event.id));
          } catch (error) {
            // Redis is down or refusing: keep the rows, note why, and stop this batch.
            failed = true;
            await tx.outboxEvent.updateMany({
              where: { id: { in: group.map((event) => event.id) } },
              data: { attempts: { increment: 1 }, lastError: String(error).slice(0, 1000) },
            });
            break;
          }
        }
        if (done.length > 0) {
          await tx.outboxEvent.updateMany({ where: { id: { in: done } }, data: { publishedAt: new Date() } });
        }
        return { published: done.length, failed };
      },
      { timeout: 30_000 },
    );
  }

  async function drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const { published, failed } = await publishBatch();
      total += published;
      if (failed) throw new Error('queue unavailable');
      if (published < batchSize) return total;
    }
  }

  function sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (nudged && failures === 0) {
        nudged = false;
        resolve();
        return;
      }
      const timer = setTimeout(resolve, ms);
      wake = () => {
        nudged = false;
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async function pruneIfDue(): Promise<void> {
    if (Date.now() - lastPrune < HOUR_MS) return;
    lastPrune = Date.now();
    const pruned = await prisma.outboxEvent.deleteMany({
      where: { publishedAt: { lt: new Date(Date.now() - retainPublishedMs) } },
    });
    if (pruned.count > 0) log.info({ pruned: pruned.count }, 'old outbox events deleted');
  }

  const loop = (async () => {
    let lastDrain = 0;
    while (!stopped) {
      const gathering = lastDrain + gatherMs - Date.now();
      if (gathering > 0) await new Promise((resolve) => setTimeout(resolve, gathering));
      if (stopped) break;
      lastDrain = Date.now();
      try {
        const published = await drain();
        if (failures > 0) log.info('outbox relay reconnected to the queue');
        failures = 0;
        if (published > 0) log.debug({ published }, 'outbox events published');
        await pruneIfDue();
      } catch (error) {
        failures += 1;
        if (failures === 1) log.warn({ err: error }, 'outbox relay cannot publish; events stay recorded');
      }
      if (stopped) break;
      await sleep(failures > 0 ? Math.min(maxBackoffMs, pollMs * 2 ** failures) : pollMs);
    }
  })();

  const nudge = () => {
    nudged = true;
    wake?.();
  };
  const listener = options.listenUrl ? listenForOutbox(options.listenUrl, nudge, log) : null;

  return {
    drain,
    async stop() {
      stopped = true;
      wake?.();
      await listener?.close();
      await loop;
    },
  };
}
