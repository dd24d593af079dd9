// A bank statement reconciled: each line of money in is matched to a payment awaiting money (by its
// reference, or by its payer's full name and e-mail) and recorded as received under a hash of the line,
// so uploading the same statement again, or the next one that overlaps it, records no line twice.
import { createHash } from 'node:crypto';
import type { Prisma, PrismaClient } from '@printfarm/db';
import { canReceive, lockPayment, recordReceived } from '@printfarm/db/payments/flow';
import {
  type AwaitedPayment,
  forgetAwaited,
  indexAwaited,
  matchStatementLine,
  parseBankStatement,
  StatementError,
  type StatementLine,
} from '@printfarm/domain/receipts';
import { badRequest } from '../http/errors.ts';

/** The line's own bank reference: stable for the same line in any upload. */
const lineReference = (line: StatementLine) =>
  `csv:${createHash('sha256').update(line.identity).digest('hex').slice(0, 32)}`;

/**
 * Which of these bank references were recorded before, against any payment. flow.ts keys a transfer
 * 'received:<payment uuid>:<bank reference>', so the reference starts at character 47.
 */
async function recordedBefore(tx: Prisma.TransactionClient, references: string[]): Promise<Set<string>> {
  const rows = await tx.$queryRaw<{ reference: string }[]>`
    SELECT substr(idempotency_key, 47) AS reference FROM ledger_transactions
    WHERE kind = 'received' AND idempotency_key LIKE 'received:%'
      AND substr(idempotency_key, 47) = ANY(${references}::text[])`;
  return new Set(rows.map((row) => row.reference));
}

async function awaitedPayments(tx: Prisma.TransactionClient): Promise<AwaitedPayment[]> {
  const payments = await tx.payment.findMany({
    where: { status: 'awaiting', provider: 'invoice' },
    select: {
      id: true,
      reference: true,
      payerName: true,
      payerEmail: true,
      amountCents: true,
      receivedCents: true,
      createdAt: true,
    },
  });
  return payments.map(({ amountCents, receivedCents, ...payment }) => ({
    ...payment,
    outstandingCents: amountCents - receivedCents,
  }));
}

const UNMATCHED = {
  amount: 'The amount is not a number',
  moneyOut: 'Money out, not a payment received',
  noPayment: "No awaiting payment has this line's reference, or its payer's full name and e-mail",
  tooMuch: 'More than one payment can hold: check the amount',
} as const;

/** Matches and records every line it can; answers what it matched, what it could not, and lines seen before. */
export async function reconcileStatement(prisma: PrismaClient, csv: string) {
  let lines: StatementLine[];
  try {
    lines = parseBankStatement(csv);
  } catch (error) {
    if (error instanceof StatementError) throw badRequest(error.message, { csv: error.message });
    throw error;
  }
  const keyed = lines.map((line) => ({ line, bankReference: lineReference(line) }));
  // A long statement takes a while; two uploads at once would match the same lines to different
  // payments of one payer, so reconciling is one at a time.
  return prisma.$transaction(
    async (tx) => {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('payments.reconcile'))`;
      const seen = await recordedBefore(
        tx,
        keyed.map((entry) => entry.bankReference),
      );
      const index = indexAwaited(await awaitedPayments(tx));
      const matched = [];
      const unmatched = [];
      const alreadyRecorded = [];
      for (const { line, bankReference } of keyed) {
        const shown = {
          line: line.line,
          date: line.date,
          amountCents: line.amountCents,
          description: line.description,
        };
        if (seen.has(bankReference)) {
          alreadyRecorded.push(shown);
          continue;
        }
        if (line.amountCents === null || line.amountCents <= 0) {
          unmatched.push({
            ...shown,
            reason: line.amountCents === null ? UNMATCHED.amount : UNMATCHED.moneyOut,
          });
          continue;
        }
        const match = matchStatementLine(line, index);
        const payment = match ? await lockPayment(tx, match.payment.id) : null;
        if (!match || !payment) {
          unmatched.push({ ...shown, reason: UNMATCHED.noPayment });
          continue;
        }
        if (!canReceive(payment, line.amountCents)) {
          unmatched.push({ ...shown, reason: UNMATCHED.tooMuch });
          continue;
        }
        await recordReceived(tx, payment, { cents: line.amountCents, bankReference });
        const after = await tx.payment.findUniqueOrThrow({ where: { id: payment.id } });
        if (after.status === 'awaiting')
          match.payment.outstandingCents = after.amountCents - after.receivedCents;
        else forgetAwaited(index, match.payment);
        matched.push({
          ...shown,
          matchedBy: match.by,
          payment: {
            id: after.id,
            reference: after.reference,
            purpose: after.purpose,
            status: after.status,
            amountCents: after.amountCents,
            receivedCents: after.receivedCents,
            payerName: after.payerName,
          },
        });
      }
      return { matched, unmatched, alreadyRecorded };
    },
    { timeout: 120_000 },
  );
}
