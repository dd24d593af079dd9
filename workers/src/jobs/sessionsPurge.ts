// Deletes expired sessions (koa-session rows whose `expire` has passed). Safe to run any number of times.
import type { JobHandler } from './types.ts';

export const sessionsPurge: JobHandler<'sessions.purge'> = async (_payload, { prisma, log }) => {
  const { count } = await prisma.session.deleteMany({ where: { expire: { lte: new Date() } } });
  if (count > 0) log.info({ count }, 'expired sessions purged');
  return count > 0 ? 'done' : 'skipped';
};
