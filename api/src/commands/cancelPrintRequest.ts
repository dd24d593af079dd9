// The customer cancels a request before printing: an open job is closed and its farm told, and what
// was paid is voided or refunded. One transaction with the request row locked, its history and its events.
import type { Prisma, PrismaClient } from '@printfarm/db';
import { withdrawPayment } from '@printfarm/db/payments/flow';
import { mailOperator } from '@printfarm/db/requests/mail';
import { transitionPrintRequest } from '@printfarm/db/requests/transition';
import { canCancel, TransitionError } from '@printfarm/domain/requestStatus';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJobFacts } from '@printfarm/mail/operatorJobs';
import type { SessionUser } from '../auth/guards.ts';
import { onOwnRequest, openJobOf } from '../services/printRequests.ts';

/** Cancels before printing; an open job is closed and its farm told. */
export async function cancelPrintRequest(
  prisma: PrismaClient,
  appUrl: string,
  user: SessionUser,
  id: string,
  reason: string | undefined,
): Promise<void> {
  await onOwnRequest(prisma, user, id, async (tx, request) => {
    if (!canCancel(request.status)) throw new TransitionError(request.status, 'cancelled');
    const job = await openJobOf(tx, id);
    if (job) {
      await tx.printJob.update({ where: { id: job.id }, data: { state: 'cancelled', closedAt: new Date() } });
      if (job.state === 'accepted') {
        await tx.printFarm.update({
          where: { id: job.farmId },
          data: { queuedParts: { decrement: job.parts } },
        });
      }
      await mailOperator(tx, job.farmId, (operator) =>
        deferredEmail('jobCancelledEmail', appUrl, operator, mailJobFacts(job, request), reason || null),
      );
    }
    await tx.requestOffer.updateMany({
      where: { requestId: id, status: 'offered' },
      data: { status: 'withdrawn' },
    });
    await transitionPrintRequest(tx, request, 'cancelled', {
      byUserId: user.id,
      note: reason ? `Cancelled by the customer: ${reason}` : 'Cancelled by the customer',
    });
    await settleCancelledPayments(tx, id);
  });
}

/**
 * Cancelled before printing, the customer gets everything back: a payment still awaited is called off,
 * one secured or captured is refunded in full (payment.refund calls the processor, then the ledger).
 */
async function settleCancelledPayments(tx: Prisma.TransactionClient, requestId: string): Promise<void> {
  const payments = await tx.payment.findMany({
    where: { requestId, status: { in: ['awaiting', 'authorized', 'captured'] } },
  });
  for (const payment of payments) {
    await withdrawPayment(tx, payment, {
      unpaid: 'The order was cancelled before the payment arrived',
      refundKey: `cancel:${payment.id}`,
      refundReason: 'You cancelled the order before printing',
    });
  }
}
