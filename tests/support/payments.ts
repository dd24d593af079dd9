// Paying in tests as staff would: the bank transfer for a payment arrives and is recorded against it,
// through the same flow the staff payments screen uses (recordReceived), so the order goes on.
import type { Payment, PrismaClient } from '@printfarm/db';
import { lockPayment, recordReceived } from '@printfarm/db/payments/flow';
import { eventually } from './server.ts';

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
