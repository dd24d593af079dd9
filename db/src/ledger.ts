// Writes the ledger's transactions in the caller's database transaction, and reads its balances.
// A transaction is keyed by the event that caused it: a retried job or a redelivered webhook finds the
// key taken and posts nothing. Entries are written in account-code order, so two transactions that
// touch the same accounts lock their balance rows in the same order and never deadlock.
import {
  accountKind,
  balanced,
  type Entry,
  type Payee,
  type PayeeBalances,
  payeeAccount,
} from '@printfarm/domain/ledger';
import { Prisma } from './generated/client.ts';

export interface LedgerRefs {
  paymentId?: string | null;
  payoutId?: string | null;
  farmId?: string | null;
  storeId?: string | null;
  jobId?: string | null;
}

export interface Posting {
  kind: string;
  memo: string;
  /** The causing event, unique across the ledger: 'capture:<paymentId>'. */
  key: string;
  entries: readonly Entry[];
  refs?: LedgerRefs;
}

function ownerOf(code: string): { farmId: string | null; storeId: string | null } {
  const [owner, id] = code.split(':');
  return { farmId: owner === 'farm' ? (id ?? null) : null, storeId: owner === 'store' ? (id ?? null) : null };
}

/** Posts one balanced transaction; false when its key was posted before (nothing is written). */
export async function post(tx: Prisma.TransactionClient, posting: Posting): Promise<boolean> {
  const entries = balanced(posting.entries).sort((a, b) => a.account.localeCompare(b.account));
  if (entries.length === 0) return false;
  const refs = posting.refs ?? {};
  const inserted = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO ledger_transactions (kind, memo, idempotency_key, payment_id, payout_id, farm_id, store_id, job_id)
    VALUES (${posting.kind}, ${posting.memo}, ${posting.key}, ${refs.paymentId ?? null}::uuid,
            ${refs.payoutId ?? null}::uuid, ${refs.farmId ?? null}::uuid, ${refs.storeId ?? null}::uuid,
            ${refs.jobId ?? null}::uuid)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id`;
  const transactionId = inserted[0]?.id;
  if (!transactionId) return false;
  for (const entry of entries) {
    const { farmId, storeId } = ownerOf(entry.account);
    await tx.$executeRaw`
      INSERT INTO ledger_accounts (code, kind, farm_id, store_id)
      VALUES (${entry.account}, ${accountKind(entry.account)}, ${farmId}::uuid, ${storeId}::uuid)
      ON CONFLICT (code) DO NOTHING`;
    await tx.$executeRaw`
      INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
      SELECT ${transactionId}::uuid, id, ${entry.cents} FROM ledger_accounts WHERE code = ${entry.account}`;
  }
  return true;
}

type Reader = Pick<Prisma.TransactionClient, '$queryRaw'>;

/** The cached balances of these accounts (debits positive); an account never posted to is 0. */
export async function balancesOf(db: Reader, codes: readonly string[]): Promise<Map<string, number>> {
  const rows = await db.$queryRaw<{ code: string; balance: bigint }[]>`
    SELECT code, balance_cents AS balance FROM ledger_accounts WHERE code = ANY(${[...codes]}::text[])`;
  const balances = new Map(codes.map((code) => [code, 0]));
  for (const row of rows) balances.set(row.code, Number(row.balance));
  return balances;
}

/** What the payee is owed, as positive cents (its accounts are liabilities: credit balances). */
export async function payeeBalances(db: Reader, payee: Payee): Promise<PayeeBalances> {
  const codes = (['pending', 'available', 'payouts'] as const).map((name) => payeeAccount(payee, name));
  const balances = await balancesOf(db, codes);
  const owed = (code: string) => 0 - (balances.get(code) ?? 0);
  return {
    pendingCents: owed(codes[0] as string),
    availableCents: owed(codes[1] as string),
    inPayoutCents: owed(codes[2] as string),
  };
}

/** Everything paid out to the payee: the debits of its payouts account (statements that were sent). */
export async function paidOutCents(db: Reader, payee: Payee): Promise<number> {
  const [row] = await db.$queryRaw<{ total: bigint | null }[]>`
    SELECT sum(e.amount_cents) AS total
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
    WHERE a.code = ${payeeAccount(payee, 'payouts')} AND e.amount_cents > 0`;
  return Number(row?.total ?? 0);
}

/** The sum of every entry (0 when every transaction balanced) and how many transactions there are. */
export async function trialBalance(db: Reader): Promise<{ balanceCents: number; transactions: number }> {
  const [row] = await db.$queryRaw<{ balance: bigint | null; transactions: bigint }[]>`
    SELECT (SELECT sum(amount_cents) FROM ledger_entries) AS balance,
           (SELECT count(*) FROM ledger_transactions) AS transactions`;
  return { balanceCents: Number(row?.balance ?? 0), transactions: Number(row?.transactions ?? 0) };
}

/** Accounts whose cached balance differs from the sum of their entries (none, unless something broke). */
export async function cachedBalanceDrift(
  db: Reader,
): Promise<{ code: string; cached: number; entries: number }[]> {
  const rows = await db.$queryRaw<{ code: string; cached: bigint; entries: bigint }[]>`
    SELECT a.code, a.balance_cents AS cached, coalesce(sum(e.amount_cents), 0) AS entries
    FROM ledger_accounts a LEFT JOIN ledger_entries e ON e.account_id = a.id
    GROUP BY a.id HAVING a.balance_cents <> coalesce(sum(e.amount_cents), 0)`;
  return rows.map((row) => ({ code: row.code, cached: Number(row.cached), entries: Number(row.entries) }));
}

/** Totals per account, for the staff's ledger screen. */
export async function accountTotals(db: Reader) {
  const rows = await db.$queryRaw<{ code: string; kind: string; balance: bigint }[]>`
    SELECT code, kind, balance_cents AS balance FROM ledger_accounts ORDER BY code`;
  return rows.map((row) => ({ code: row.code, kind: row.kind, balanceCents: Number(row.balance) }));
}

/**
 * A payee's pending money from the transactions of one job or one payment: its share of each capture,
 * less the share of each refund.
 */
export async function pendingFrom(
  db: Reader,
  payee: Payee,
  source: { jobId: string } | { paymentId: string },
): Promise<number> {
  const ofSource =
    'jobId' in source
      ? Prisma.sql`t.job_id = ${source.jobId}::uuid`
      : Prisma.sql`t.payment_id = ${source.paymentId}::uuid`;
  const [row] = await db.$queryRaw<{ total: bigint | null }[]>`
    SELECT sum(e.amount_cents) AS total
    FROM ledger_entries e
    JOIN ledger_transactions t ON t.id = e.transaction_id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE ${ofSource} AND a.code = ${payeeAccount(payee, 'pending')}`;
  return 0 - Number(row?.total ?? 0);
}
