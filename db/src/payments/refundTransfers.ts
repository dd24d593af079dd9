// Refunds staff send by bank transfer (the invoice provider). recordRefund (refunds.ts) owes each one to the
// customer in 'platform:refundsDue' and lists it here; staff send the money from the platform's bank and
// mark it sent with the bank's reference, which moves it out of cash. Marking twice changes nothing.
import { post as rules } from '@printfarm/domain/ledger';
import type { Prisma, RefundTransfer } from '../generated/client.ts';
import { post } from '../ledger.ts';

export type RefundSentOutcome = { sent: RefundTransfer } | { alreadySent: RefundTransfer } | null;

/** Staff sent the refund: its ledger transaction (keyed by the refund) and the row, in one transaction. */
export async function markRefundSent(
  tx: Prisma.TransactionClient,
  refundId: string,
  bankReference: string,
): Promise<RefundSentOutcome> {
  await tx.$queryRaw`SELECT id FROM refund_transfers WHERE id = ${refundId}::uuid FOR UPDATE`;
  const refund = await tx.refundTransfer.findUnique({
    where: { id: refundId },
    include: { payment: { select: { reference: true, jobId: true } } },
  });
  if (!refund) return null;
  if (refund.sentAt) return { alreadySent: refund };
  await post(tx, {
    kind: 'refund.sent',
    memo: `Refund for ${refund.payment.reference} sent by bank transfer (${bankReference})`,
    key: `refund-sent:${refund.id}`,
    entries: rules.refundSent(refund.cents),
    refs: { paymentId: refund.paymentId, jobId: refund.payment.jobId },
  });
  const sent = await tx.refundTransfer.update({
    where: { id: refund.id },
    data: { sentAt: new Date(), sentReference: bankReference },
  });
  return { sent };
}
