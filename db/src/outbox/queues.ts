// Producers for every queue in the job catalogue, created on first use and closed together.
import { type JobName, retryPolicyOf } from '@printfarm/domain/queues';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

export interface QueueRegistry {
  get(job: JobName): Queue;
  all(): Queue[];
  close(): Promise<void>;
}

const DAY_SECONDS = 24 * 60 * 60;

export function createQueueRegistry(connection: Redis, prefix: string): QueueRegistry {
  const queues = new Map<JobName, Queue>();
  return {
    get(job) {
      let queue = queues.get(job);
      if (!queue) {
        queue = new Queue(job, {
          connection,
          prefix,
          defaultJobOptions: {
            ...retryPolicyOf(job),
            // Finished jobs are kept a while so a re-published event with the same id is ignored.
            removeOnComplete: { age: 7 * DAY_SECONDS },
            removeOnFail: { age: 30 * DAY_SECONDS },
          },
        });
        // Connection trouble is reported by the relay and /api/health; keep ioredis from printing it too.
        queue.on('error', () => {});
        queues.set(job, queue);
      }
      return queue;
    },
    all: () => [...queues.values()],
    async close() {
      await Promise.all([...queues.values()].map((queue) => queue.close()));
      queues.clear();
    },
  };
}
