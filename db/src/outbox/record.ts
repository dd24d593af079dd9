// Records follow-up work inside the caller's transaction; the relay publishes it after commit.
import type { JobName, JobPayload } from '@printfarm/domain/queues';
import type { Prisma } from '../generated/client.ts';
import { OUTBOX_CHANNEL } from './signal.ts';

export interface RecordJobOptions {
  /** Run no earlier than this moment (delayed jobs such as the 48-hour follow-up). */
  runAt?: Date;
}

export async function recordJob<J extends JobName>(
  tx: Prisma.TransactionClient,
  job: J,
  payload: JobPayload<J>,
  options: RecordJobOptions = {},
): Promise<string> {
  const event = await tx.outboxEvent.create({
    data: { job, payload: payload as Prisma.InputJsonValue, runAt: options.runAt ?? new Date() },
    select: { id: true },
  });
  // Wakes the relays at commit (signal.ts); repeated in one transaction, PostgreSQL sends it once.
  await tx.$executeRaw`SELECT pg_notify(${OUTBOX_CHANNEL}, '')`;
  return event.id;
}

/**
 * Whether an e-mail whose message key starts with `keyPrefix` was recorded after `since`. Callers that
 * mail one only when none went out lately hold a lock on the prefix until their transaction ends, so two
 * at once never both find none.
 */
export async function mailedSince(
  tx: Prisma.TransactionClient,
  keyPrefix: string,
  since: Date,
): Promise<boolean> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${keyPrefix}))`;
  const recent = await tx.outboxEvent.findFirst({
    where: {
      job: 'email.send',
      payload: { path: ['messageKey'], string_starts_with: keyPrefix },
      createdAt: { gt: since },
    },
    select: { id: true },
  });
  return recent !== null;
}
