// koa-session's external store on the `sessions` table (sid, sess jsonb, expire). Expired rows are
// deleted by the workers' sessions.purge job (workers/src/jobs/sessionsPurge.ts).
import type { Prisma, PrismaClient } from '@printfarm/db';

/** Ends every session of the account, in the caller's transaction (a new password, a taken-over account). */
export async function endSessionsOf(tx: Prisma.TransactionClient, userId: string): Promise<void> {
  await tx.session.deleteMany({ where: { sess: { path: ['userId'], equals: userId } } });
}

export interface SessionStore {
  get(sid: string): Promise<Record<string, unknown> | undefined>;
  set(sid: string, sess: Record<string, unknown>, maxAgeMs: number): Promise<void>;
  destroy(sid: string): Promise<void>;
}

export function createSessionStore(prisma: PrismaClient): SessionStore {
  return {
    async get(sid) {
      const row = await prisma.session.findFirst({
        where: { sid, expire: { gt: new Date() } },
        select: { sess: true },
      });
      const sess = row?.sess;
      return sess && typeof sess === 'object' && !Array.isArray(sess)
        ? (sess as Record<string, unknown>)
        : undefined;
    },
    async set(sid, sess, maxAgeMs) {
      const expire = new Date(Date.now() + (Number.isFinite(maxAgeMs) ? maxAgeMs : 86_400_000));
      const data = JSON.parse(JSON.stringify(sess));
      await prisma.session.upsert({
        where: { sid },
        create: { sid, sess: data, expire },
        update: { sess: data, expire },
      });
    },
    async destroy(sid) {
      await prisma.session.deleteMany({ where: { sid } });
    },
  };
}
