// A job's deadlines are judged by the database's clock, the one every API process and worker shares.
import type { Prisma } from '../generated/client.ts';

/** The database's time at the start of the caller's transaction. */
export async function databaseNow(tx: Prisma.TransactionClient): Promise<Date> {
  const [row] = await tx.$queryRaw<{ now: Date }[]>`SELECT now() AS now`;
  if (!row) throw new Error('the database did not tell the time');
  return row.now;
}

/** Whether `deadline` has passed by the database's clock. */
export async function hasPassed(tx: Prisma.TransactionClient, deadline: Date): Promise<boolean> {
  return deadline.getTime() <= (await databaseNow(tx)).getTime();
}
