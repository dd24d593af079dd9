// Payouts: each week a payee's whole available balance is stated as one payout (a statement of the
// jobs and orders released since the last one), then sent: by a Stripe transfer, or by staff, who mark
// the statement sent. Both steps post to the ledger under the payout's id, so a retry posts nothing.
import { type Payee, payeeColumns, post as rules } from '@printfarm/domain/ledger';
import type { Payout, Prisma } from '../generated/client.ts';
import { post } from '../ledger.ts';
import { recordJob } from '../outbox/index.ts';
import { farmOperatorContact } from '../requests/mail.ts';

const payeeOfPayout = (payout: Pick<Payout, 'farmId' | 'storeId'>): Payee =>
  payout.farmId ? { kind: 'farm', id: payout.farmId } : { kind: 'store', id: payout.storeId as string };

/** Payees with money available, by account: the weekly run states one payout for each. */
export async function payeesWithAvailable(db: Pick<Prisma.TransactionClient, '$queryRaw'>): Promise<Payee[]> {
  const rows = await db.$queryRaw<{ farm_id: string | null; store_id: string | null }[]>`
    SELECT farm_id, store_id FROM ledger_accounts
    WHERE code LIKE '%:available' AND balance_cents < 0 ORDER BY code`;
  return rows.map((row) =>
    row.farm_id ? { kind: 'farm', id: row.farm_id } : { kind: 'store', id: row.store_id as string },
  );
}

/**
 * States the payee's whole available balance as a pending payout; null when there is nothing (a second
 * run the same week finds the balance already stated). The account row is locked while it is read.
 */
export async function statePayout(
  tx: Prisma.TransactionClient,
  payee: Payee,
  provider: string,
): Promise<Payout | null> {
  const [account] = await tx.$queryRaw<{ balance: bigint }[]>`
    SELECT balance_cents AS balance FROM ledger_accounts
    WHERE code = ${`${payee.kind}:${payee.id}:available`} FOR UPDATE`;
  const cents = -Number(account?.balance ?? 0);
  if (cents <= 0) return null;
  const payout = await tx.payout.create({
    data: {
      amountCents: cents,
      provider,
      ...payeeColumns(payee),
    },
  });
  await post(tx, {
    kind: 'payout.stated',
    memo: 'Weekly payout statement',
    key: `payout-stated:${payout.id}`,
    entries: rules.payoutStated(payee, cents),
    refs: { payoutId: payout.id, ...payeeColumns(payee) },
  });
  await recordJob(tx, 'payout.send', { payoutId: payout.id });
  return payout;
}

/** What staff screens need of a payout's payee: its name, and whether Stripe can pay it. */
export const PAYOUT_PAYEE = { select: { displayName: true, stripePayoutsEnabled: true } } as const;
export type PayoutPayee = { displayName: string; stripePayoutsEnabled: boolean };

/**
 * A Stripe payout whose payee can take transfers: payout.send transfers it (onboarding finishing records
 * that job too), so staff never send it by hand as well.
 */
export function sentThroughStripe(
  payout: Pick<Payout, 'provider'> & { farm: PayoutPayee | null; store: PayoutPayee | null },
): boolean {
  return payout.provider === 'stripe' && (payout.farm ?? payout.store)?.stripePayoutsEnabled === true;
}

/** The payout left the platform: by transfer (providerRef) or by staff's hand. False if it already had. */
export async function markPayoutSent(
  tx: Prisma.TransactionClient,
  payoutId: string,
  providerRef: string | null,
): Promise<Payout | null> {
  await tx.$queryRaw`SELECT id FROM payouts WHERE id = ${payoutId}::uuid FOR UPDATE`;
  const payout = await tx.payout.findUnique({ where: { id: payoutId } });
  if (!payout || payout.status === 'sent') return null;
  const payee = payeeOfPayout(payout);
  await post(tx, {
    kind: 'payout.sent',
    memo: providerRef ? `Payout sent (${providerRef})` : 'Payout sent by staff',
    key: `payout-sent:${payout.id}`,
    entries: rules.payoutSent(payee, payout.amountCents),
    refs: { payoutId: payout.id, ...payeeColumns(payee) },
  });
  return tx.payout.update({
    where: { id: payout.id },
    data: { status: 'sent', sentAt: new Date(), providerRef },
  });
}

export interface StatementLine {
  date: Date;
  kind: string;
  memo: string;
  jobId: string | null;
  paymentId: string | null;
  cents: number;
}

/**
 * What a payout pays for: the payee's releases (and any later corrections to available) since its
 * previous statement, up to this one. Their sum is the payout's amount, since a statement takes the whole
 * available balance.
 */
export async function statementLines(
  db: Pick<Prisma.TransactionClient, '$queryRaw' | 'payout'>,
  payout: Payout,
): Promise<StatementLine[]> {
  const payee = payeeOfPayout(payout);
  const previous = await db.payout.findFirst({
    where: {
      ...payeeColumns(payee),
      createdAt: { lt: payout.createdAt },
    },
    orderBy: { createdAt: 'desc' },
  });
  const rows = await db.$queryRaw<
    {
      created_at: Date;
      kind: string;
      memo: string;
      job_id: string | null;
      payment_id: string | null;
      cents: bigint;
    }[]
  >`
    SELECT t.created_at, t.kind, t.memo, t.job_id, t.payment_id, -e.amount_cents AS cents
    FROM ledger_entries e
    JOIN ledger_transactions t ON t.id = e.transaction_id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE a.code = ${`${payee.kind}:${payee.id}:available`}
      AND t.kind <> 'payout.stated'
      AND t.created_at <= ${payout.createdAt}
      AND (${previous?.createdAt ?? null}::timestamptz IS NULL OR t.created_at > ${previous?.createdAt ?? null}::timestamptz)
    ORDER BY t.created_at`;
  return rows.map((row) => ({
    date: row.created_at,
    kind: row.kind,
    memo: row.memo,
    jobId: row.job_id,
    paymentId: row.payment_id,
    cents: Number(row.cents),
  }));
}

/** Who hears about a payout: the farm's operator, or the store's owner. */
export async function payoutRecipient(
  tx: Prisma.TransactionClient,
  payout: Pick<Payout, 'farmId' | 'storeId'>,
): Promise<{ email: string; firstName: string | null } | null> {
  if (payout.farmId) return farmOperatorContact(tx, payout.farmId);
  const store = await tx.store.findUnique({
    where: { id: payout.storeId as string },
    include: { owner: true },
  });
  return store?.owner.email ? { email: store.owner.email, firstName: store.owner.firstName } : null;
}
