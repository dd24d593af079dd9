// Repeatable jobs. BullMQ 6 has no `repeat` job option: each schedule is a job scheduler, upserted at
// every worker start (idempotent, so several worker processes do not multiply it).
import type { Logger } from '@printfarm/db/logger';
import type { JobName } from '@printfarm/domain/queues';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { WorkerConfig } from './config.ts';

export interface Schedule {
  id: string;
  job: JobName;
  everyMs: number;
}

export const SCHEDULES: Schedule[] = [
  { id: 'sessions.purge:hourly', job: 'sessions.purge', everyMs: 3_600_000 },
  { id: 'offers.expire:hourly', job: 'offers.expire', everyMs: 3_600_000 },
  { id: 'orders.expire:hourly', job: 'orders.expire', everyMs: 3_600_000 },
  { id: 'estimator.calibrate:hourly', job: 'estimator.calibrate', everyMs: 3_600_000 },
  { id: 'payouts.run:weekly', job: 'payouts.run', everyMs: 7 * 86_400_000 },
  // Daily, and once per month by its own key: the 1st's invoices go out even after a day of downtime.
  { id: 'membership.invoice:daily', job: 'membership.invoice', everyMs: 86_400_000 },
  // Connected printers' progress, finishes and failures; a printer that comes back online is seen here.
  { id: 'printer.poll:5s', job: 'printer.poll', everyMs: 5_000 },
];

export interface Schedules {
  close(): Promise<void>;
}

export async function startSchedules(
  options: { config: Pick<WorkerConfig, 'REDIS_URL' | 'QUEUE_PREFIX'>; log: Logger },
  schedules: Schedule[] = SCHEDULES,
): Promise<Schedules> {
  const connection = new Redis(options.config.REDIS_URL, { maxRetriesPerRequest: null });
  connection.on('error', () => {});
  const queues: Queue[] = [];
  for (const schedule of schedules) {
    const queue = new Queue(schedule.job, { connection, prefix: options.config.QUEUE_PREFIX });
    queue.on('error', () => {});
    queues.push(queue);
    await queue.upsertJobScheduler(
      schedule.id,
      { every: schedule.everyMs },
      { name: schedule.job, data: {}, opts: { removeOnComplete: 100, removeOnFail: 100 } },
    );
    options.log.info({ schedule: schedule.id, everyMs: schedule.everyMs }, 'job schedule registered');
  }
  return {
    async close() {
      await Promise.all(queues.map((queue) => queue.close()));
      await connection.quit().catch(() => {});
    },
  };
}
