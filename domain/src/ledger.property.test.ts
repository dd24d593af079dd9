// Property test of the ledger's posting rules over random lifecycles: accept, pay, decline and re-route
// (cheaper, or dearer with the difference paid), counter-offers (dearer with a difference, or cheaper
// with the excess refunded), cancellation, claims refunded in parts, release, payouts; mixed with store
// orders (paid, refunded or delivered) and membership invoices. The same rules and arithmetic as
// db/src/payments (post, captureSlice, refundParts, commissionCents) run against an in-memory ledger.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  captureSlice,
  commissionCents,
  type Entry,
  type Payee,
  payeeAccount,
  platformAccount,
  post,
  type RefundVia,
  refundParts,
} from './ledger.ts';

interface SimPayment {
  amountCents: number;
  receivedCents: number;
  capturedCents: number;
  refundedCents: number;
  shareCents: number;
}

class Books {
  readonly balances = new Map<string, number>();
  transactions = 0;
  /** Each payee's pending money by job or order, as pendingForJob reads it from the ledger. */
  readonly pendingByWork = new Map<string, number>();
  readonly paidOut = new Map<string, number>();
  readonly earnedShare = new Map<string, number>();
  /** Refunds staff still send by bank transfer (with the processor, none). */
  readonly refundsToSend: number[] = [];

  readonly refundsVia: RefundVia;

  constructor(refundsVia: RefundVia) {
    this.refundsVia = refundsVia;
  }

  post(entries: Entry[], work?: { id: string; payee: Payee }) {
    expect(entries.reduce((sum, entry) => sum + entry.cents, 0)).toBe(0);
    this.transactions += 1;
    for (const entry of entries) {
      this.balances.set(entry.account, (this.balances.get(entry.account) ?? 0) + entry.cents);
      if (work && entry.account === payeeAccount(work.payee, 'pending')) {
        this.pendingByWork.set(work.id, (this.pendingByWork.get(work.id) ?? 0) - entry.cents);
      }
    }
  }

  balance(account: string) {
    return this.balances.get(account) ?? 0;
  }
}

const terms = { percent: 10, minimumCents: 100 };

/** Refunds `cents` of payments (oldest first) the way recordRefund posts them. */
function refund(books: Books, payments: SimPayment[], cents: number, work: { id: string; payee: Payee }) {
  let left = cents;
  for (const payment of payments) {
    const refundable =
      payment.capturedCents +
      Math.max(0, payment.receivedCents - payment.capturedCents) -
      payment.refundedCents;
    const amount = Math.min(left, refundable);
    if (amount <= 0) continue;
    const parts = refundParts(payment, amount);
    const entries = [
      ...(parts.unearned > 0 ? post.refundUnearned(parts.unearned, books.refundsVia) : []),
      ...(parts.earned > 0
        ? post.refundEarned(parts.earned, work.payee, parts.fromShare, books.refundsVia)
        : []),
    ];
    books.post(merge(entries), work);
    if (books.refundsVia === 'transfer') books.refundsToSend.push(amount);
    payment.refundedCents += amount;
    left -= amount;
    expect(payment.refundedCents).toBeLessThanOrEqual(Math.max(payment.receivedCents, payment.capturedCents));
  }
}

function merge(entries: Entry[]): Entry[] {
  const byAccount = new Map<string, number>();
  for (const entry of entries)
    byAccount.set(entry.account, (byAccount.get(entry.account) ?? 0) + entry.cents);
  return [...byAccount].filter(([, cents]) => cents !== 0).map(([account, cents]) => ({ account, cents }));
}

function receive(books: Books, payment: SimPayment, cents: number) {
  books.post(post.received(cents));
  payment.receivedCents += cents;
}

const money = fc.integer({ min: 500, max: 200_000 });

const requestLifecycle = fc.record({
  farm: fc.constantFrom('farm-a', 'farm-b'),
  price: money,
  /** A re-route after a decline or timeout: the next offer's price relative to the first. */
  reroute: fc.option(fc.integer({ min: -400, max: 400 }), { nil: undefined }),
  counter: fc.option(fc.integer({ min: -300, max: 300 }), { nil: undefined }),
  refuseCounter: fc.boolean(),
  cancelBeforePrinting: fc.boolean(),
  overpay: fc.integer({ min: 0, max: 50 }),
  claimRefund: fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined }),
  claimInParts: fc.boolean(),
  released: fc.boolean(),
});

const storeOrder = fc.record({
  store: fc.constantFrom('store-a', 'store-b'),
  total: money,
  paid: fc.boolean(),
  refunded: fc.boolean(),
  delivered: fc.boolean(),
});

const invoice = fc.record({ farm: fc.constantFrom('farm-a', 'farm-b'), cents: money, paid: fc.boolean() });

const world = fc.record({
  requests: fc.array(requestLifecycle, { minLength: 1, maxLength: 4 }),
  orders: fc.array(storeOrder, { maxLength: 2 }),
  invoices: fc.array(invoice, { maxLength: 2 }),
  payouts: fc.boolean(),
  refundsVia: fc.constantFrom<RefundVia>('processor', 'transfer'),
  /** How many of the refunds due by transfer staff have sent. */
  refundsSent: fc.nat({ max: 6 }),
});

type Life = typeof requestLifecycle extends fc.Arbitrary<infer T> ? T : never;
type StoreOrderLife = typeof storeOrder extends fc.Arbitrary<infer T> ? T : never;
type InvoiceLife = typeof invoice extends fc.Arbitrary<infer T> ? T : never;

let lifecycles = 0;

function runRequest(books: Books, life: Life, index: number) {
  lifecycles += 1;
  const payee: Payee = { kind: 'farm', id: life.farm };
  const work = { id: `job-${index}`, payee };
  const order: SimPayment = {
    amountCents: life.price,
    receivedCents: 0,
    capturedCents: 0,
    refundedCents: 0,
    shareCents: 0,
  };
  const payments = [order];
  receive(books, order, life.price + life.overpay);
  let jobPrice = life.price;
  // Decline or timeout: re-routed to the next offer; a dearer one needs the difference paid.
  if (life.reroute !== undefined) {
    jobPrice = Math.max(100, life.price + life.reroute * 10);
    const secured = payments.reduce((sum, p) => sum + p.receivedCents - p.refundedCents, 0);
    if (jobPrice > secured) {
      const difference: SimPayment = {
        amountCents: jobPrice - secured,
        receivedCents: 0,
        capturedCents: 0,
        refundedCents: 0,
        shareCents: 0,
      };
      payments.push(difference);
      receive(books, difference, difference.amountCents);
    }
  }
  if (life.cancelBeforePrinting && !life.counter) {
    refund(books, payments, Number.MAX_SAFE_INTEGER, work);
    return;
  }
  if (life.counter !== undefined) {
    const counterPrice = Math.max(100, jobPrice + life.counter * 10);
    if (life.refuseCounter) {
      // Refused with nothing left: the order falls through and everything goes back.
      refund(books, payments, Number.MAX_SAFE_INTEGER, work);
      return;
    }
    const secured = payments.reduce((sum, p) => sum + p.receivedCents - p.refundedCents, 0);
    if (counterPrice > secured) {
      const difference: SimPayment = {
        amountCents: counterPrice - secured,
        receivedCents: 0,
        capturedCents: 0,
        refundedCents: 0,
        shareCents: 0,
      };
      payments.push(difference);
      receive(books, difference, difference.amountCents);
    }
    jobPrice = counterPrice;
  }
  // The farm accepts: each payment captures its slice, anything beyond the price goes back.
  const job = {
    priceCents: jobPrice,
    commissionCents: commissionCents(jobPrice, terms.percent, terms.minimumCents),
  };
  let before = 0;
  for (const payment of payments) {
    const slice = captureSlice(job, before, payment.receivedCents - payment.refundedCents);
    if (slice.cents > 0) books.post(post.earned(slice.cents, payee, slice.shareCents), work);
    payment.capturedCents = slice.cents;
    payment.shareCents = slice.shareCents;
    before += slice.cents;
    const excess = payment.receivedCents - payment.refundedCents - slice.cents;
    if (excess > 0) refund(books, [payment], excess, work);
  }
  expect(before).toBe(jobPrice);
  books.earnedShare.set(life.farm, (books.earnedShare.get(life.farm) ?? 0) + jobPrice - job.commissionCents);
  if (life.cancelBeforePrinting) {
    // Cancelled after the farm accepted, before printing: a full refund of the captured money.
    refund(books, payments, Number.MAX_SAFE_INTEGER, work);
  } else if (life.claimRefund !== undefined) {
    const total = Math.floor((jobPrice * life.claimRefund) / 100);
    if (life.claimInParts) {
      refund(books, payments, Math.floor(total / 3), work);
      refund(books, payments, total - Math.floor(total / 3), work);
    } else refund(books, payments, total, work);
  }
  for (const payment of payments) {
    expect(payment.refundedCents).toBeLessThanOrEqual(payment.receivedCents);
  }
  // The claims window closes: what is left of the job's share becomes available.
  const pending = books.pendingByWork.get(work.id) ?? 0;
  expect(pending).toBeGreaterThanOrEqual(0);
  if (life.released && pending > 0) books.post(post.released(payee, pending), work);
}

function runOrder(books: Books, order: StoreOrderLife, index: number) {
  lifecycles += 1;
  if (!order.paid) return;
  const payee: Payee = { kind: 'store', id: order.store };
  const work = { id: `order-${index}`, payee };
  const payment: SimPayment = {
    amountCents: order.total,
    receivedCents: 0,
    capturedCents: 0,
    refundedCents: 0,
    shareCents: 0,
  };
  receive(books, payment, order.total);
  const share = order.total - commissionCents(order.total, terms.percent, terms.minimumCents);
  books.post(post.earned(order.total, payee, share), work);
  payment.capturedCents = order.total;
  payment.shareCents = share;
  books.earnedShare.set(order.store, (books.earnedShare.get(order.store) ?? 0) + share);
  if (order.refunded) refund(books, [payment], order.total, work);
  else if (order.delivered) books.post(post.released(payee, books.pendingByWork.get(work.id) ?? 0), work);
}

function runInvoice(books: Books, invoiceLife: InvoiceLife) {
  lifecycles += 1;
  books.post(post.invoiced(invoiceLife.farm, invoiceLife.cents));
  if (!invoiceLife.paid) return;
  books.post(post.received(invoiceLife.cents));
  books.post(post.invoicePaid(invoiceLife.farm, invoiceLife.cents));
}

describe('the ledger over random lifecycles', () => {
  it('balances every transaction, keeps the trial balance at 0, never owes a payee a negative sum and never pays more than was earned', () => {
    fc.assert(
      fc.property(world, (w) => {
        const books = new Books(w.refundsVia);
        for (const [i, life] of w.requests.entries()) runRequest(books, life, i);
        for (const [i, order] of w.orders.entries()) runOrder(books, order, i);
        for (const life of w.invoices) runInvoice(books, life);
        if (w.payouts) {
          for (const payee of [
            { kind: 'farm', id: 'farm-a' },
            { kind: 'farm', id: 'farm-b' },
            { kind: 'store', id: 'store-a' },
            { kind: 'store', id: 'store-b' },
          ] satisfies Payee[]) {
            const available = -books.balance(payeeAccount(payee, 'available'));
            if (available <= 0) continue;
            books.post(post.payoutStated(payee, available));
            books.post(post.payoutSent(payee, available));
            books.paidOut.set(payee.id, (books.paidOut.get(payee.id) ?? 0) + available);
          }
        }
        const sent = books.refundsToSend.slice(0, w.refundsSent);
        for (const cents of sent) books.post(post.refundSent(cents));
        // Refunds due are exactly those not sent yet; cash left only with the ones that were.
        const unsent = books.refundsToSend.slice(w.refundsSent).reduce((sum, cents) => sum + cents, 0);
        expect(-books.balance(platformAccount('refundsDue')) || 0).toBe(unsent);
        const trial = [...books.balances.values()].reduce((sum, cents) => sum + cents, 0);
        expect(trial).toBe(0);
        for (const [account, cents] of books.balances) {
          // A payee's accounts are what the platform owes it: never in its debt.
          if (/:(pending|available|payouts)$/.test(account)) expect(cents, account).toBeLessThanOrEqual(0);
        }
        for (const [payee, paid] of books.paidOut) {
          expect(paid).toBeLessThanOrEqual(books.earnedShare.get(payee) ?? 0);
        }
        expect(books.balance(platformAccount('customerFunds'))).toBeLessThanOrEqual(0);
      }),
      { numRuns: 4_000, seed: 24 },
    );
    expect(lifecycles).toBeGreaterThanOrEqual(10_000);
  });
});
