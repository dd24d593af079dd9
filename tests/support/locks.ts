// Interleavings made certain: a transaction of the test's own takes row locks and keeps them until the
// code under test is seen waiting behind it (pg_blocking_pids), does what it must before it commits,
// and only then lets the waiters go on.
import type { Prisma, PrismaClient } from '../../db/src/index.ts';
import { eventually } from './server.ts';

export interface BlockedBehind<T> {
  /** Takes the locks (SELECT … FOR UPDATE, or writes), in the test's transaction. */
  lock: (tx: Prisma.TransactionClient) => Promise<unknown>;
  /** Starts the work under test; it must come to wait for those locks. */
  contenders: () => Promise<T>;
  /** How many sessions must be waiting behind the test's transaction (1 unless said). */
  waiters?: number;
  /** Runs in the test's transaction once they wait, just before it commits. */
  beforeCommit?: (tx: Prisma.TransactionClient) => Promise<unknown>;
}

/** What `contenders` started, once the test's transaction has committed and let them go on. */
export async function blockedBehind<T>(
  prisma: PrismaClient,
  { lock, contenders, waiters = 1, beforeCommit }: BlockedBehind<T>,
): Promise<T> {
  let started: Promise<T> | undefined;
  await prisma.$transaction(
    async (tx) => {
      await lock(tx);
      const [holder] = await tx.$queryRaw<{ pid: number }[]>`SELECT pg_backend_pid() AS pid`;
      started = contenders();
      // Awaited by the caller; until then a failure must not count as unhandled.
      started.catch(() => {});
      // Behind it directly, or behind one that is: a second waiter for a row waits on the first. Read
      // outside the transaction, which would see the activity as it was at its first look.
      await eventually(async () => {
        const [row] = await prisma.$queryRaw<{ waiting: number }[]>`
          WITH RECURSIVE behind(pid) AS (
            SELECT pid FROM pg_stat_activity WHERE ${holder?.pid}::int = ANY(pg_blocking_pids(pid))
            UNION
            SELECT waiter.pid FROM pg_stat_activity waiter JOIN behind ON behind.pid = ANY(pg_blocking_pids(waiter.pid))
          )
          SELECT count(*)::int AS waiting FROM behind`;
        return (row?.waiting ?? 0) >= waiters;
      });
      await beforeCommit?.(tx);
    },
    { timeout: 60_000 },
  );
  if (!started) throw new Error('the contenders never started');
  return started;
}
