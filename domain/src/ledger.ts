// The chart of accounts and the posting rules of the double-entry ledger. Every movement of money is
// one transaction of entries whose amounts sum to zero: a debit is positive, a credit negative, both in
// integer cents. The rules are pure so the property test can run them by the ten thousand; db/ledger.ts
// writes them in the same database transaction as the change that causes them.

/** Who an account belongs to: the platform itself, a farm (print jobs), or a store (store orders). */
export type Payee = { kind: 'farm' | 'store'; id: string };

export const PLATFORM_ACCOUNTS = {
  /** Money the platform holds at its bank or processor. */
  cash: 'asset',
  /** Customers' money received and not yet earned by anyone: payments in transit. */
  customerFunds: 'liability',
  /** Card authorisations: a hold on the customer's card, not yet money. A memo pair. */
  cardHolds: 'asset',
  cardHoldsOwed: 'liability',
  /** Refunds by bank transfer that staff still send: owed to customers until the money leaves. */
  refundsDue: 'liability',
  /** The platform's commission on jobs and store orders. */
  feeRevenue: 'revenue',
  /** Signup and monthly membership fees. */
  membershipRevenue: 'revenue',
} as const;

export const PAYEE_ACCOUNTS = {
  /** The payee's share of captured payments, until the claims window closes. */
  pending: 'liability',
  /** Released and owed to the payee; paid out weekly. */
  available: 'liability',
  /** On a payout statement and being sent. */
  payouts: 'liability',
  /** Membership fees invoiced to a farm and not yet paid. */
  membership: 'asset',
} as const;

export type PlatformAccount = keyof typeof PLATFORM_ACCOUNTS;
export type PayeeAccount = keyof typeof PAYEE_ACCOUNTS;
export type AccountKind = 'asset' | 'liability' | 'revenue';

/** The account's code, unique in the ledger: 'platform:cash', 'farm:<uuid>:pending'. */
export function platformAccount(name: PlatformAccount): string {
  return `platform:${name}`;
}
export function payeeAccount(payee: Payee, name: PayeeAccount): string {
  return `${payee.kind}:${payee.id}:${name}`;
}

/** The column a record names its payee by: { farmId } or { storeId } (nothing without a payee). */
export function payeeColumns(
  payee: Payee | null,
): { farmId: string } | { storeId: string } | Record<string, never> {
  if (!payee) return {};
  return payee.kind === 'farm' ? { farmId: payee.id } : { storeId: payee.id };
}

export function accountKind(code: string): AccountKind {
  const parts = code.split(':');
  const name = parts.at(-1) ?? '';
  if (parts[0] === 'platform' && name in PLATFORM_ACCOUNTS) return PLATFORM_ACCOUNTS[name as PlatformAccount];
  if (name in PAYEE_ACCOUNTS) return PAYEE_ACCOUNTS[name as PayeeAccount];
  throw new Error(`Unknown ledger account ${code}`);
}

export interface Entry {
  account: string;
  /** Debit positive, credit negative; never zero. */
  cents: number;
}

export class UnbalancedError extends Error {
  constructor(entries: readonly Entry[]) {
    super(`Ledger transaction does not balance: ${JSON.stringify(entries)}`);
    this.name = 'UnbalancedError';
  }
}

/** Drops zero entries and checks the rest: whole cents, at least two, summing to zero. */
export function balanced(entries: readonly Entry[]): Entry[] {
  const kept = entries.filter((entry) => entry.cents !== 0);
  const sum = kept.reduce((total, entry) => total + entry.cents, 0);
  if (sum !== 0 || kept.length === 1 || kept.some((entry) => !Number.isSafeInteger(entry.cents))) {
    throw new UnbalancedError(entries);
  }
  return kept;
}

const cash = platformAccount('cash');
const customerFunds = platformAccount('customerFunds');
const feeRevenue = platformAccount('feeRevenue');

/** Commission in cents: a percentage of the amount, at least the minimum, never more than the amount. */
export function commissionCents(amountCents: number, percent: number, minimumCents: number): number {
  return Math.min(amountCents, Math.max(minimumCents, Math.round((amountCents * percent) / 100)));
}

/** Who gives a refund back: the processor at once, or staff by a bank transfer they send later. */
export type RefundVia = 'processor' | 'transfer';
const refundSource = (via: RefundVia) => (via === 'transfer' ? platformAccount('refundsDue') : cash);

// The posting rules. Each returns the entries of one ledger transaction.
export const post = {
  /** A bank transfer (or a captured card payment) arrived: the platform holds the customer's money. */
  received: (cents: number): Entry[] =>
    balanced([
      { account: cash, cents },
      { account: customerFunds, cents: -cents },
    ]),
  /** A card was authorised: a hold, not money. */
  authorized: (cents: number): Entry[] =>
    balanced([
      { account: platformAccount('cardHolds'), cents },
      { account: platformAccount('cardHoldsOwed'), cents: -cents },
    ]),
  /** A hold ends: captured (money follows) or voided. */
  holdReleased: (cents: number): Entry[] =>
    balanced([
      { account: platformAccount('cardHoldsOwed'), cents },
      { account: platformAccount('cardHolds'), cents: -cents },
    ]),
  /** The payee committed to the work: the money is theirs (pending) less the platform's commission. */
  earned: (cents: number, payee: Payee, shareCents: number): Entry[] =>
    balanced([
      { account: customerFunds, cents },
      { account: payeeAccount(payee, 'pending'), cents: -shareCents },
      { account: feeRevenue, cents: -(cents - shareCents) },
    ]),
  /**
   * Money not yet earned goes back to the customer: out of cash when the processor refunded it, into
   * refunds due when staff still send it by bank transfer.
   */
  refundUnearned: (cents: number, via: RefundVia = 'processor'): Entry[] =>
    balanced([
      { account: customerFunds, cents },
      { account: refundSource(via), cents: -cents },
    ]),
  /** Money already earned goes back: the payee's pending share and the commission give their part. */
  refundEarned: (
    cents: number,
    payee: Payee,
    fromShareCents: number,
    via: RefundVia = 'processor',
  ): Entry[] =>
    balanced([
      { account: payeeAccount(payee, 'pending'), cents: fromShareCents },
      { account: feeRevenue, cents: cents - fromShareCents },
      { account: refundSource(via), cents: -cents },
    ]),
  /** Staff sent a refund by bank transfer: the money left the platform's bank. */
  refundSent: (cents: number): Entry[] =>
    balanced([
      { account: platformAccount('refundsDue'), cents },
      { account: cash, cents: -cents },
    ]),
  /** The claims window closed: the payee's share may be paid out. */
  released: (payee: Payee, cents: number): Entry[] =>
    balanced([
      { account: payeeAccount(payee, 'pending'), cents },
      { account: payeeAccount(payee, 'available'), cents: -cents },
    ]),
  /** The weekly payout statement takes the whole available balance. */
  payoutStated: (payee: Payee, cents: number): Entry[] =>
    balanced([
      { account: payeeAccount(payee, 'available'), cents },
      { account: payeeAccount(payee, 'payouts'), cents: -cents },
    ]),
  /** The payout left the platform's bank (a transfer, or staff marked the statement sent). */
  payoutSent: (payee: Payee, cents: number): Entry[] =>
    balanced([
      { account: payeeAccount(payee, 'payouts'), cents },
      { account: cash, cents: -cents },
    ]),
  /** A membership fee is invoiced to a farm. */
  invoiced: (farmId: string, cents: number): Entry[] =>
    balanced([
      { account: payeeAccount({ kind: 'farm', id: farmId }, 'membership'), cents },
      { account: platformAccount('membershipRevenue'), cents: -cents },
    ]),
  /** Money received for a membership invoice pays it. */
  invoicePaid: (farmId: string, cents: number): Entry[] =>
    balanced([
      { account: customerFunds, cents },
      { account: payeeAccount({ kind: 'farm', id: farmId }, 'membership'), cents: -cents },
    ]),
};

/** A payment's money so far, as the refund and capture arithmetic needs it. */
export interface PaymentMoney {
  receivedCents: number;
  capturedCents: number;
  refundedCents: number;
  /** The payee's part of the capture. */
  shareCents: number;
}

/** Money received and never earned (all of it before a capture) that has not gone back yet. */
export function unearnedLeft(payment: PaymentMoney): number {
  const unearnedTotal = Math.max(0, payment.receivedCents - payment.capturedCents);
  return unearnedTotal - Math.min(payment.refundedCents, unearnedTotal);
}

/**
 * How a refund of `cents` splits: money never earned (an overpayment, or all of it before a capture)
 * goes back first; the rest is earned money, of which the payee gives back its proportion of the
 * capture, computed on the running total so that partial refunds never take back more than the share.
 */
export function refundParts(payment: PaymentMoney, cents: number) {
  const unearnedTotal = Math.max(0, payment.receivedCents - payment.capturedCents);
  const unearnedRefunded = Math.min(payment.refundedCents, unearnedTotal);
  const earnedRefunded = payment.refundedCents - unearnedRefunded;
  const unearned = Math.min(cents, unearnedLeft(payment));
  const earned = cents - unearned;
  const shareUpTo = (total: number) =>
    payment.capturedCents === 0
      ? 0
      : Math.round((Math.min(total, payment.capturedCents) * payment.shareCents) / payment.capturedCents);
  return { unearned, earned, fromShare: shareUpTo(earnedRefunded + earned) - shareUpTo(earnedRefunded) };
}

/**
 * A job's price may be paid by several payments (the order's, then a difference): each captures its
 * slice, and the payee's share of each slice is cut from the job's share on the running total, so the
 * slices' shares add up to the job's share exactly.
 */
export function captureSlice(
  job: { priceCents: number; commissionCents: number },
  capturedBefore: number,
  securedCents: number,
): { cents: number; shareCents: number } {
  const cents = Math.max(0, Math.min(securedCents, job.priceCents - capturedBefore));
  const share = job.priceCents - job.commissionCents;
  const upTo = (total: number) => (job.priceCents === 0 ? 0 : Math.round((total * share) / job.priceCents));
  return { cents, shareCents: upTo(capturedBefore + cents) - upTo(capturedBefore) };
}

/** What a payee's accounts say, as positive amounts owed to it. */
export interface PayeeBalances {
  pendingCents: number;
  availableCents: number;
  /** On statements not yet sent. */
  inPayoutCents: number;
}
