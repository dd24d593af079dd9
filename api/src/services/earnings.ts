// An operator's earnings: what is pending (captured, waiting for the claims window), available (for the
// next weekly payout, including statements not yet sent) and paid out, over their farms and stores; each
// job's price, the platform's commission and the share it earned; and the payouts with their statements.
// Every figure comes from the ledger, so the screen and the books cannot disagree.
import type { PrismaClient } from '@printfarm/db';
import { paidOutCents, payeeBalances } from '@printfarm/db/ledger';
import { statementLines } from '@printfarm/db/payments/payouts';
import type { ProviderName } from '@printfarm/db/payments/provider';
import type { Payee } from '@printfarm/domain/ledger';
import { formatCents, parseCents } from '@printfarm/domain/money';
import type { SessionUser } from '../auth/guards.ts';
import { notFound } from '../http/errors.ts';
import { operatorFarmIds } from './operatorJobs.ts';
import { payoutAccountState } from './payoutAccounts.ts';

async function payeesOf(prisma: PrismaClient, user: SessionUser, farmId?: string): Promise<Payee[]> {
  const farms = await operatorFarmIds(prisma, user, farmId);
  const stores =
    user.role === 'staff' || farmId
      ? []
      : await prisma.store.findMany({ where: { userId: user.id }, select: { id: true } });
  return [
    ...farms.map((id): Payee => ({ kind: 'farm', id })),
    ...stores.map((store): Payee => ({ kind: 'store', id: store.id })),
  ];
}

/** Each job's earned share (captures less refunds) from the ledger, by job. */
async function earnedByJob(prisma: PrismaClient, farmIds: string[]): Promise<Map<string, number>> {
  if (farmIds.length === 0) return new Map();
  const rows = await prisma.$queryRaw<{ job_id: string; earned: bigint }[]>`
    SELECT t.job_id, -sum(e.amount_cents) AS earned
    FROM ledger_entries e
    JOIN ledger_transactions t ON t.id = e.transaction_id
    JOIN ledger_accounts a ON a.id = e.account_id
    WHERE a.code = ANY(${farmIds.map((id) => `farm:${id}:pending`)}::text[])
      AND t.kind IN ('captured', 'refunded') AND t.job_id IS NOT NULL
    GROUP BY t.job_id`;
  return new Map(rows.map((row) => [row.job_id, Number(row.earned)]));
}

/** Each payee's name and how it is paid (bank transfer, or the state of its Stripe account). */
async function payoutAccountsOf(prisma: PrismaClient, payees: Payee[], provider: ProviderName) {
  const select = { id: true, displayName: true, stripeAccountId: true, stripePayoutsEnabled: true };
  const ids = (kind: Payee['kind']) => payees.filter((payee) => payee.kind === kind).map((payee) => payee.id);
  const [farms, stores] = await Promise.all([
    prisma.printFarm.findMany({
      where: { id: { in: ids('farm') } },
      select,
      orderBy: { displayName: 'asc' },
    }),
    prisma.store.findMany({ where: { id: { in: ids('store') } }, select, orderBy: { displayName: 'asc' } }),
  ]);
  const account = (kind: Payee['kind']) => (row: (typeof farms)[number]) => ({
    kind,
    id: row.id,
    name: row.displayName,
    state: payoutAccountState(provider, row),
  });
  return [...farms.map(account('farm')), ...stores.map(account('store'))];
}

export async function operatorEarnings(
  prisma: PrismaClient,
  user: SessionUser,
  farmId: string | undefined,
  provider: ProviderName,
) {
  const payees = await payeesOf(prisma, user, farmId);
  let pendingCents = 0;
  let availableCents = 0;
  let paidOut = 0;
  for (const payee of payees) {
    const balances = await payeeBalances(prisma, payee);
    pendingCents += balances.pendingCents;
    availableCents += balances.availableCents + balances.inPayoutCents;
    paidOut += await paidOutCents(prisma, payee);
  }
  const farmIds = payees.filter((payee) => payee.kind === 'farm').map((payee) => payee.id);
  const storeIds = payees.filter((payee) => payee.kind === 'store').map((payee) => payee.id);
  const jobs = await prisma.printJob.findMany({
    where: { farmId: { in: farmIds }, state: { in: ['accepted', 'printing', 'shipped', 'delivered'] } },
    include: {
      request: { select: { title: true } },
      farm: { select: { displayName: true } },
      claim: { select: { status: true } },
    },
    orderBy: { createdAt: 'desc' },
    take: 200,
  });
  const earned = await earnedByJob(prisma, farmIds);
  const payouts = await prisma.payout.findMany({
    where: { OR: [{ farmId: { in: farmIds } }, { storeId: { in: storeIds } }] },
    include: { farm: { select: { displayName: true } }, store: { select: { displayName: true } } },
    orderBy: { createdAt: 'desc' },
    take: 52,
  });
  const payoutOfJob = await payoutsCovering(prisma, jobs);
  return {
    pendingCents,
    availableCents,
    paidOutCents: paidOut,
    jobs: jobs.map((job) => {
      const priceCents = parseCents(job.price.toString()) ?? 0;
      const earnedCents = earned.get(job.id) ?? null;
      return {
        jobId: job.id,
        requestTitle: job.request.title,
        farmName: job.farm.displayName,
        state: job.state,
        priceCents,
        commissionCents: job.commissionCents,
        /** 'You receive $X': the price less the platform's commission. */
        shareCents: priceCents - job.commissionCents,
        /** What the job has earned in the ledger so far (null before the capture). */
        earnedCents,
        claim: job.claim?.status ?? null,
        claimsCloseAt: job.claimsCloseAt?.toISOString() ?? null,
        money: moneyOf(job, earnedCents, payoutOfJob.get(job.id)),
        releasedAt: job.releasedAt?.toISOString() ?? null,
        /** The payout whose statement lists the job's share, once one has. */
        payout: payoutOfJob.has(job.id) ? presentJobPayout(payoutOfJob.get(job.id) as CoveringPayout) : null,
      };
    }),
    /** How each farm and store is paid: by bank transfer, or to its Stripe account once set up. */
    payoutAccounts: await payoutAccountsOf(prisma, payees, provider),
    payouts: payouts.map((payout) => ({
      id: payout.id,
      payee: payout.farm?.displayName ?? payout.store?.displayName ?? '',
      amountCents: payout.amountCents,
      status: payout.status,
      createdAt: payout.createdAt.toISOString(),
      sentAt: payout.sentAt?.toISOString() ?? null,
    })),
  };
}

export type EarningsView = Awaited<ReturnType<typeof operatorEarnings>>;

type CoveringPayout = {
  id: string;
  farmId: string | null;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
};

/**
 * The payout that carries each released job's share: a payout states the whole available balance, so it
 * is the farm's first payout made at or after the release (statementLines reads it the same way).
 */
async function payoutsCovering(
  prisma: PrismaClient,
  jobs: readonly { id: string; farmId: string; releasedAt: Date | null }[],
): Promise<Map<string, CoveringPayout>> {
  const released = jobs.filter((job): job is typeof job & { releasedAt: Date } => job.releasedAt !== null);
  const covering = new Map<string, CoveringPayout>();
  if (released.length === 0) return covering;
  const since = new Date(Math.min(...released.map((job) => job.releasedAt.valueOf())));
  const payouts = await prisma.payout.findMany({
    where: { farmId: { in: [...new Set(released.map((job) => job.farmId))] }, createdAt: { gte: since } },
    select: { id: true, farmId: true, status: true, createdAt: true, sentAt: true },
    orderBy: { createdAt: 'asc' },
  });
  for (const job of released) {
    const payout = payouts.find((each) => each.farmId === job.farmId && each.createdAt >= job.releasedAt);
    if (payout) covering.set(job.id, payout);
  }
  return covering;
}

/** Where a job's money stands: being charged, pending the claims window, available, stated, or paid out. */
function moneyOf(
  job: { releasedAt: Date | null },
  earnedCents: number | null,
  payout: CoveringPayout | undefined,
) {
  if (payout) return payout.status === 'sent' ? ('paid_out' as const) : ('in_payout' as const);
  if (job.releasedAt) return 'available' as const;
  return earnedCents === null ? ('capturing' as const) : ('pending' as const);
}

const presentJobPayout = (payout: CoveringPayout) => ({
  id: payout.id,
  status: payout.status,
  createdAt: payout.createdAt.toISOString(),
  sentAt: payout.sentAt?.toISOString() ?? null,
});

/**
 * One CSV cell. Text a spreadsheet would run as a formula (starting with = + - @, tab or CR; OWASP's
 * CSV injection advice) gets a leading single quote; plain numbers such as -5.00 stay numbers.
 */
export function csvCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replace(/"/g, '""')}"` : inert;
}

/** A payout's statement as CSV: one line per released job or order, and the total. */
export async function payoutStatementCsv(
  prisma: PrismaClient,
  user: SessionUser,
  payoutId: string,
): Promise<{ filename: string; csv: string }> {
  const payout = await prisma.payout.findUnique({ where: { id: payoutId } });
  const payees = user.role === 'staff' ? null : await payeesOf(prisma, user);
  const mine =
    payout &&
    (payees === null ||
      payees.some((payee) => payee.id === (payee.kind === 'farm' ? payout.farmId : payout.storeId)));
  if (!payout || !mine) throw notFound('Payout not found');
  const lines = await statementLines(prisma, payout);
  const titles = new Map(
    (
      await prisma.printJob.findMany({
        where: { id: { in: lines.flatMap((line) => (line.jobId ? [line.jobId] : [])) } },
        select: { id: true, request: { select: { title: true } } },
      })
    ).map((job) => [job.id, job.request.title]),
  );
  const rows = [
    ['date', 'what', 'job', 'amount'],
    ...lines.map((line) => [
      line.date.toISOString().slice(0, 10),
      line.jobId ? (titles.get(line.jobId) ?? line.memo) : line.memo,
      line.jobId ?? '',
      formatCents(line.cents),
    ]),
    ['', 'Total', '', formatCents(payout.amountCents)],
  ];
  return {
    filename: `payout-${payout.createdAt.toISOString().slice(0, 10)}-${payout.id.slice(0, 8)}.csv`,
    csv: `${rows.map((row) => row.map(csvCell).join(',')).join('\n')}\n`,
  };
}
