// Paying in tests as staff would: the bank transfer for a payment arrives and is recorded against it,
// through the same flow the staff payments screen uses (recordReceived), so the order goes on.
import type { Payment, PrismaClient } from '@printfarm/db';
import { lockPayment, recordReceived } from '@printfarm/db/payments/flow';
import type { JobName } from '@printfarm/domain/queues';
import { eventually, type ServerSuite } from './server.ts';

/** The jobs money waits on (claims.close and deadlines wait days: only their running). */
const MONEY_JOBS: JobName[] = ['payment.secured', 'payment.capture', 'payment.refund', 'request.route'];
/** Delayed jobs due within this are waited for; later ones (deadlines days away) are not money moving now. */
const DUE_SOON_MS = 60_000;

/** Until every money job recorded so far has run (the outbox published, the queues idle). */
export async function moneySettled(server: ServerSuite): Promise<void> {
  const prisma = server.api.prisma;
  await eventually(
    async () => {
      const unpublished = await prisma.outboxEvent.count({
        where: { publishedAt: null, job: { in: [...MONEY_JOBS, 'claims.close'] } },
      });
      if (unpublished > 0) return false;
      for (const name of MONEY_JOBS) {
        const queue = server.api.queues.get(name);
        const counts = await queue.getJobCounts('waiting', 'active', 'prioritized');
        if (Object.values(counts).some((count) => count > 0)) return false;
        // A retry's wait counts; a deadline days away (a dearer farm's approval) has not come yet.
        const delayed = await queue.getJobs(['delayed']);
        if (delayed.some((job) => job.timestamp + (job.opts.delay ?? 0) < Date.now() + DUE_SOON_MS))
          return false;
      }
      const closing = await server.api.queues.get('claims.close').getJobCounts('waiting', 'active');
      return Object.values(closing).every((count) => count === 0);
    },
    30_000,
    50,
  );
}

/** Records the whole of a payment as received (a bank transfer named after the payment). */
export async function recordTransfer(
  prisma: PrismaClient,
  paymentId: string,
  cents?: number,
): Promise<Payment> {
  return prisma.$transaction(async (tx) => {
    const payment = await lockPayment(tx, paymentId);
    if (!payment) throw new Error(`no payment ${paymentId}`);
    await recordReceived(tx, payment, {
      cents: cents ?? payment.amountCents - payment.receivedCents,
      bankReference: `test-transfer:${payment.id}:${payment.receivedCents}`,
    });
    return tx.payment.findUniqueOrThrow({ where: { id: paymentId } });
  });
}

/** The request's awaiting payment (of `purpose`), once the accept has asked for it. */
export function awaitingPayment(prisma: PrismaClient, requestId: string, purpose = 'request') {
  return eventually(async () => {
    const payment = await prisma.payment.findFirst({
      where: { requestId, purpose, status: 'awaiting' },
      orderBy: { createdAt: 'desc' },
    });
    return payment ?? undefined;
  });
}

/** Pays for an accepted offer in full, as the customer's bank transfer arriving. */
export async function payForRequest(prisma: PrismaClient, requestId: string): Promise<Payment> {
  const payment = await awaitingPayment(prisma, requestId);
  return recordTransfer(prisma, payment.id);
}
