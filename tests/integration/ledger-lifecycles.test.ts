// Issue 24 on the real services: random order lifecycles (fast-check) through the API and the workers,
// paid by bank transfer. An order is declined and re-routed (to a dearer farm once the customer pays the
// difference, or cancelled instead), countered (accepted, with a difference or an excess; or refused),
// cancelled before or after the farm took it, or printed, shipped, delivered, perhaps claimed and
// refunded in part, released and paid out. After each lifecycle the books must hold; the database
// itself must refuse to change the ledger or to take an unbalanced transaction.
import { randomUUID } from 'node:crypto';
import { cachedBalanceDrift, post, trialBalance } from '@printfarm/db/ledger';
import { commissionFor, moneyTerms } from '@printfarm/db/payments/flow';
import { markPayoutSent } from '@printfarm/db/payments/payouts';
import { refundable } from '@printfarm/db/payments/refunds';
import { markRefundSent } from '@printfarm/db/payments/refundTransfers';
import { post as rules } from '@printfarm/domain/ledger';
import { formatCents, parseCents } from '@printfarm/domain/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { PrintRequestView } from '../../api/src/presenters/printRequest.ts';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { claimsClose } from '../../workers/src/jobs/claimsClose.ts';
import { payoutsRun } from '../../workers/src/jobs/payoutsRun.ts';
import { blockedBehind } from '../support/locks.ts';
import { call, offersOf, openJobOf } from '../support/marketplace.ts';
import { moneySettled, recordTransfer } from '../support/payments.ts';
import { type Job, type Operator, routingKit } from '../support/routing.ts';
import { eventually, useServerSuite } from '../support/server.ts';

/** What happens to the job a farm holds; a lifecycle is a few of these, ended by the first final one. */
type Turn =
  | { kind: 'decline' }
  | { kind: 'counter'; deltaCents: number; answer: 'accept' | 'refuse' }
  | { kind: 'cancel' }
  | { kind: 'accept'; afterwards: 'cancel' | 'deliver'; claim: Claim | null };

/** A claim on the delivered job; shares are of what is left to refund at the time. */
interface Claim {
  resolution: 'reprint' | 'refund';
  refundShare: number;
  /** The customer disputes the answer and staff refund this share more (0: nothing more), or not. */
  staffShare: number | null;
}

interface Lifecycle {
  /** Which offer the customer orders, by rank (cheapest first). */
  offer: number;
  /** Asked for more (a dearer farm, a dearer counter-offer), the customer pays the difference, or cancels. */
  payDearer: boolean;
  turns: Turn[];
}

const turn: fc.Arbitrary<Turn> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'decline' as const }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('counter' as const),
      deltaCents: fc.oneof(fc.integer({ min: -900, max: -1 }), fc.integer({ min: 1, max: 1500 })),
      answer: fc.constantFrom('accept' as const, 'refuse' as const),
    }),
    weight: 2,
  },
  { arbitrary: fc.constant({ kind: 'cancel' as const }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant('accept' as const),
      afterwards: fc.constantFrom('cancel' as const, 'deliver' as const, 'deliver' as const),
      claim: fc.option(
        fc.record({
          resolution: fc.constantFrom('reprint' as const, 'refund' as const),
          refundShare: fc.double({ min: 0.01, max: 1, noNaN: true }),
          staffShare: fc.option(fc.double({ min: 0, max: 1, noNaN: true }), { nil: null }),
        }),
        { nil: null },
      ),
    }),
    weight: 3,
  },
);

const turnDown: fc.Arbitrary<Turn> = fc.oneof(
  fc.constant({ kind: 'decline' as const }),
  fc.record({
    kind: fc.constant('counter' as const),
    deltaCents: fc.integer({ min: -900, max: 1500 }).filter((delta) => delta !== 0),
    answer: fc.constant('refuse' as const),
  }),
);

const lifecycle: fc.Arbitrary<Lifecycle> = fc.oneof(
  {
    arbitrary: fc.record({
      offer: fc.integer({ min: 0, max: 2 }),
      payDearer: fc.boolean(),
      turns: fc.array(turn, { minLength: 1, maxLength: 4 }),
    }),
    weight: 5,
  },
  // Every farm turns the order down: the money goes back and the request is quoted again.
  {
    arbitrary: fc.record({
      offer: fc.integer({ min: 0, max: 2 }),
      payDearer: fc.constant(true),
      turns: fc.array(turnDown, { minLength: 3, maxLength: 3 }),
    }),
    weight: 1,
  },
);

/** About 1 to 2 s each; LEDGER_LIFECYCLES runs more (a soak), LEDGER_SEED replays a reported run. */
const LIFECYCLES = Number(process.env.LEDGER_LIFECYCLES ?? 30);
const SEED = process.env.LEDGER_SEED === undefined ? undefined : Number(process.env.LEDGER_SEED);

describe('the books over random order lifecycles', () => {
  const server = useServerSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
    workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } },
  });
  const kit = routingKit(server);
  const { prisma, act, url } = kit;
  const customer = (path: string, body?: unknown) => call(url(path), kit.cookie, 'POST', body);

  const settled = () => moneySettled(server);

  async function answered<T>(response: Promise<{ status: number; body: T }>, what: string) {
    const { status, body } = await response;
    if (status !== 200 && status !== 201)
      throw new Error(`${what} answered ${status}: ${JSON.stringify(body)}`);
    return body;
  }

  type Next = { job: Job } | { approval: string } | { requoted: true };

  /** After the job ended without the farm: the next farm's job, a dearer farm to approve, or a re-quote. */
  function nextAfter(requestId: string, round: number, ended: Job): Promise<Next> {
    return eventually(async () => {
      const job = await prisma().printJob.findFirst({
        where: { requestId, id: { not: ended.id }, state: { in: ['offered', 'countered', 'accepted'] } },
      });
      if (job) return { job };
      const approval = await prisma().payment.findFirst({
        where: { requestId, purpose: 'difference', status: 'awaiting', jobId: null, offerId: { not: null } },
      });
      if (approval) return { approval: approval.id };
      const request = await prisma().customPrintRequest.findUniqueOrThrow({ where: { id: requestId } });
      return request.quoteRound > round ? { requoted: true as const } : undefined;
    });
  }

  async function openJob(requestId: string, round: number, ended: Job, payDearer: boolean) {
    const next = await nextAfter(requestId, round, ended);
    if ('job' in next || 'requoted' in next) return next;
    if (!payDearer) return { approval: next.approval };
    await recordTransfer(prisma(), next.approval);
    const routed = await nextAfter(requestId, round, ended);
    if (!('job' in routed)) throw new Error(`the paid approval did not route: ${JSON.stringify(routed)}`);
    return routed;
  }

  /** What is left to refund on the job: its captured money less refunds so far. */
  async function refundableOf(jobId: string) {
    const payments = await prisma().payment.findMany({
      where: { jobId, status: { in: ['captured', 'refunded'] } },
    });
    return payments.reduce((sum, payment) => sum + refundable(payment), 0);
  }

  /** The customer claims, the operator answers, and perhaps staff decide a dispute. */
  async function claimOn(operator: Operator, requestId: string, job: Job, claim: Claim) {
    const details = 'Arrived cracked along two layers';
    await answered(
      customer(`/api/print-requests/${requestId}/claim`, { reason: 'damaged', details }),
      'claim',
    );
    const share = (cents: number, of: number) => Math.max(1, Math.round(cents * of));
    const answer =
      claim.resolution === 'reprint'
        ? { resolution: 'reprint' }
        : { resolution: 'refund', refundCents: share(await refundableOf(job.id), claim.refundShare) };
    await answered(
      call(url(`/api/operator/jobs/${job.id}/claim`), operator.cookie, 'POST', answer),
      'answer',
    );
    await settled();
    if (claim.staffShare === null) return;
    const reason = 'The parts are still unusable';
    await answered(customer(`/api/print-requests/${requestId}/claim/dispute`, { reason }), 'dispute');
    const { id } = await prisma().jobClaim.findUniqueOrThrow({ where: { jobId: job.id } });
    const left = await refundableOf(job.id);
    const decision = {
      refundCents: left === 0 || claim.staffShare === 0 ? 0 : share(left, claim.staffShare),
      answer: 'Refund decided',
    };
    await answered(
      call(url(`/api/admin/claims/${id}/decide`), await staffCookie(), 'POST', decision),
      'decide',
    );
    await settled();
  }

  let staff: string | undefined;
  async function staffCookie() {
    if (!staff) {
      const user = await createUser(prisma(), { role: 'staff' });
      staff = await signIn(server.api.url, user.email, user.password);
    }
    return staff;
  }

  /** The farm accepted (or the customer took its counter-offer): delivered, perhaps claimed, released. */
  async function deliver(operator: Operator, requestId: string, job: Job, claim: Claim | null) {
    await settled(); // the captures are in: a claim can refund only what was captured
    const ship = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    await answered(act(operator, job.id, 'ship', ship), 'ship');
    await answered(act(operator, job.id, 'deliver'), 'deliver');
    if (claim !== null) await claimOn(operator, requestId, job, claim);
    await prisma().printJob.update({
      where: { id: job.id },
      data: { claimsCloseAt: new Date(Date.now() - 1_000) },
    });
    await claimsClose({ jobId: job.id }, server.workers.jobContext());
    expect((await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } })).releasedAt).not.toBeNull();
  }

  type Ending = 'delivered' | 'cancelled' | 'requoted';

  /** Plays one lifecycle on a new request; answers how it ended. */
  async function play(farms: Operator[], plan: Lifecycle, request: PrintRequestView): Promise<Ending> {
    const offers = await offersOf(server.api.url, kit.cookie, request.id);
    const accepted = await kit.accept(request.id, offers[plan.offer % offers.length]);
    if (accepted.status !== 200) throw new Error(`accept answered ${accepted.status}`);
    const round = accepted.body.quoteRound;
    let job = await eventually(async () => {
      const found = await prisma().printJob.findFirst({ where: { requestId: request.id } });
      return found ?? undefined;
    });
    const operatorOf = (held: Job) => farms.find((farm) => farm.farm.id === held.farmId) as Operator;
    const cancel = async () => {
      await answered(
        customer(`/api/print-requests/${request.id}/cancel`, { reason: 'Changed my mind' }),
        'cancel',
      );
      return 'cancelled' as const;
    };
    const moveOn = async (ended: Job) => {
      const next = await openJob(request.id, round, ended, plan.payDearer);
      if ('job' in next) return next.job;
      return 'requoted' in next ? ('requoted' as const) : cancel();
    };

    const last: Turn = { kind: 'accept', afterwards: 'deliver', claim: null };
    for (const step of [...plan.turns, last]) {
      const operator = operatorOf(job);
      if (step.kind === 'cancel') return cancel();
      if (step.kind === 'accept') {
        await answered(act(operator, job.id, 'accept'), 'accept');
        if (step.afterwards === 'cancel') return cancel();
        await deliver(operator, request.id, job, step.claim);
        return 'delivered';
      }
      if (step.kind === 'decline') {
        await answered(act(operator, job.id, 'decline', { reason: 'Printers booked' }), 'decline');
      } else {
        const price = formatCents(Math.max(100, (parseCents(job.price.toString()) ?? 0) + step.deltaCents));
        await answered(act(operator, job.id, 'counter', { price }), 'counter');
        await answered(customer(`/api/print-requests/${request.id}/counter/${step.answer}`), 'answer');
        if (step.answer === 'accept') {
          const difference = await prisma().payment.findFirst({
            where: { jobId: job.id, purpose: 'difference', status: 'awaiting' },
          });
          if (difference && !plan.payDearer) return cancel();
          if (difference) await recordTransfer(prisma(), difference.id);
          job = await eventually(async () => {
            const now = await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } });
            return now.state === 'accepted' ? now : undefined;
          });
          await deliver(operator, request.id, job, null);
          return 'delivered';
        }
      }
      const next = await moveOn(job);
      if (typeof next === 'string') return next;
      job = next;
    }
    throw new Error('unreachable: the last turn delivers');
  }

  /** What each lifecycle must leave, once its jobs have run. */
  async function expectSettled(requestId: string, ending: Ending) {
    await settled();
    const payments = await prisma().payment.findMany({ where: { requestId } });
    if (ending === 'delivered') {
      const job = await prisma().printJob.findFirstOrThrow({ where: { requestId, state: 'delivered' } });
      const claim = await prisma().jobClaim.findUnique({ where: { jobId: job.id } });
      const mine = payments.filter((payment) => payment.jobId === job.id && payment.status !== 'awaiting');
      const sum = (pick: (p: (typeof payments)[number]) => number) => mine.reduce((t, p) => t + pick(p), 0);
      const priceCents = parseCents(job.price.toString()) ?? 0;
      // The farm's price was taken, no more; the rest (an excess) and the claim's refund went back.
      expect(sum((p) => p.capturedCents)).toBe(priceCents);
      expect(sum((p) => p.receivedCents - p.refundedCents)).toBe(priceCents - (claim?.refundCents ?? 0));
      // The farm earned the price it printed for, less the commission on that price.
      const commission = commissionFor(priceCents, await moneyTerms(prisma()));
      expect(sum((p) => p.shareCents)).toBe(priceCents - commission);
    } else {
      // Nothing was printed: every cent received went back, and nothing was kept as earned.
      for (const payment of payments) {
        expect(payment.status).toMatch(/^(refunded|failed)$/);
        expect(payment.refundedCents).toBe(payment.receivedCents);
      }
    }
  }

  /** The invariants of the whole ledger, whatever happened. */
  async function expectBooksBalance() {
    const db = prisma();
    expect((await trialBalance(db)).balanceCents).toBe(0);
    expect(await cachedBalanceDrift(db)).toEqual([]);
    expect(
      await db.$queryRaw`
        SELECT t.id, coalesce(sum(e.amount_cents), 0)::int AS total, count(e.id)::int AS entries
        FROM ledger_transactions t LEFT JOIN ledger_entries e ON e.transaction_id = t.id
        GROUP BY t.id HAVING coalesce(sum(e.amount_cents), 0) <> 0 OR count(e.id) < 2`,
    ).toEqual([]);
    // What the platform owes a farm is a credit: a debit would mean it paid out more than it owed.
    expect(
      await db.$queryRaw`
        SELECT code, balance_cents::int AS balance FROM ledger_accounts
        WHERE farm_id IS NOT NULL AND code ~ ':(pending|available|payouts)$' AND balance_cents > 0`,
    ).toEqual([]);
    // A farm is never paid more than its share of what was captured for its jobs.
    expect(
      await db.$queryRaw`
        SELECT f.id, paid.cents::int AS paid, share.cents::int AS share FROM print_farms f
        CROSS JOIN LATERAL (SELECT coalesce(sum(amount_cents), 0) AS cents FROM payouts WHERE farm_id = f.id) paid
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(p.share_cents), 0) AS cents FROM payments p JOIN print_jobs j ON j.id = p.job_id
          WHERE j.farm_id = f.id AND p.captured_cents > 0) share
        WHERE paid.cents > share.cents`,
    ).toEqual([]);
    expect(
      await db.$queryRaw`
        SELECT id FROM payments WHERE refunded_cents > greatest(received_cents, captured_cents)`,
    ).toEqual([]);
    // The platform's cash is what arrived, less what went back (refunds by transfer once staff sent
    // them) and what was paid out; refunds due are exactly the transfers not sent yet.
    const [cash] = await db.$queryRaw<{ ledger: number; moved: number; due: number; unsent: number }[]>`
      SELECT (SELECT coalesce(sum(balance_cents), 0) FROM ledger_accounts WHERE code = 'platform:cash')::int AS ledger,
             ((SELECT coalesce(sum(received_cents - refunded_cents), 0) FROM payments)
              + (SELECT coalesce(sum(cents), 0) FROM refund_transfers WHERE sent_at IS NULL)
              - (SELECT coalesce(sum(amount_cents), 0) FROM payouts WHERE status = 'sent'))::int AS moved,
             (SELECT coalesce(-sum(balance_cents), 0) FROM ledger_accounts WHERE code = 'platform:refundsDue')::int AS due,
             (SELECT coalesce(sum(cents), 0) FROM refund_transfers WHERE sent_at IS NULL)::int AS unsent`;
    expect(cash?.ledger).toBe(cash?.moved);
    expect(cash?.due).toBe(cash?.unsent);
  }

  /** The weekly payout run, and staff sending every other statement and refund by transfer by hand. */
  async function payOut() {
    await payoutsRun({}, server.workers.jobContext());
    await settled();
    const pending = await prisma().payout.findMany({
      where: { status: 'pending' },
      orderBy: { createdAt: 'asc' },
    });
    for (const payout of pending.filter((_, index) => index % 2 === 0)) {
      await prisma().$transaction((tx) => markPayoutSent(tx, payout.id, null));
    }
    const refunds = await prisma().refundTransfer.findMany({
      where: { sentAt: null },
      orderBy: { createdAt: 'asc' },
    });
    for (const refund of refunds.filter((_, index) => index % 2 === 0)) {
      await prisma().$transaction((tx) => markRefundSent(tx, refund.id, `ACH OUT ${refund.id.slice(0, 6)}`));
    }
  }

  it(`${LIFECYCLES} random lifecycles leave balanced books`, {
    timeout: 60_000 + LIFECYCLES * 5_000,
  }, async () => {
    const farms = await kit.rankedFarms(3);
    const endings: Record<Ending, number> = { delivered: 0, cancelled: 0, requoted: 0 };
    let runs = 0;
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(lifecycle, async (plan) => {
        const { request } = await kit.quote();
        const ending = await play(farms, plan, request);
        await expectSettled(request.id, ending);
        endings[ending] += 1;
        runs += 1;
        if (runs % 5 === 0) await payOut();
        await expectBooksBalance();
      }),
      // Each run drives real services for seconds: shrinking would replay dozens; the seed and the
      // failing plan are in the report instead.
      { numRuns: LIFECYCLES, endOnFailure: true, ...(SEED === undefined ? {} : { seed: SEED }) },
    );
    await payOut();
    await expectBooksBalance();
    const seconds = Math.round((Date.now() - started) / 1000);
    console.info(`ledger lifecycles: ${runs} in ${seconds} s`, endings);
  });

  it('two payments of one job captured at the same moment take its price once', async () => {
    const [cheap, dear] = await kit.rankedFarms(2);
    if (!cheap || !dear) throw new Error('farms');
    const { request, job: declined } = await kit.order(cheap);
    await answered(act(cheap, declined.id, 'decline', { reason: 'Printers booked' }), 'decline');
    // Only the dearer farm is left: the customer pays the difference, so two payments follow its job.
    const job = await openJobOf(prisma(), request.id, declined);
    const counterCents = (parseCents(job.price.toString()) ?? 0) - 100;
    await answered(act(dear, job.id, 'counter', { price: formatCents(counterCents) }), 'counter');
    await settled();
    expect(await prisma().payment.count({ where: { jobId: job.id, status: 'authorized' } })).toBe(2);

    // Both captures are held at their first ledger write, after each has planned its slice.
    const code = `farm:${dear.farm.id}:pending`;
    await prisma().$executeRaw`
      INSERT INTO ledger_accounts (code, kind, farm_id)
      VALUES (${code}, 'liability', ${dear.farm.id}::uuid) ON CONFLICT (code) DO NOTHING`;
    await blockedBehind(prisma(), {
      lock: (tx) => tx.$queryRaw`SELECT id FROM ledger_accounts WHERE code = ${code} FOR UPDATE`,
      contenders: () =>
        answered(customer(`/api/print-requests/${request.id}/counter/accept`), 'accept counter'),
      waiters: 2,
    });
    await settled();

    const payments = await prisma().payment.findMany({ where: { jobId: job.id } });
    const captured = payments.reduce((sum, payment) => sum + payment.capturedCents, 0);
    const kept = payments.reduce((sum, payment) => sum + payment.receivedCents - payment.refundedCents, 0);
    expect({ captured, kept }).toEqual({ captured: counterCents, kept: counterCents });
    await expectBooksBalance();
  });

  it('a farm the customer paid more for declines: that difference follows the order on', async () => {
    const [cheap, dear, dearest] = await kit.rankedFarms(3);
    if (!cheap || !dear || !dearest) throw new Error('farms');
    const { request, job: first } = await kit.order(cheap);
    await answered(act(cheap, first.id, 'decline', { reason: 'Printers booked' }), 'decline');
    const approved = await openJobOf(prisma(), request.id, first); // pays the difference to the dearer farm
    expect(approved.farmId).toBe(dear.farm.id);
    const difference = await prisma().payment.findFirstOrThrow({
      where: { requestId: request.id, purpose: 'difference' },
    });

    await answered(act(dear, approved.id, 'decline', { reason: 'Out of PLA' }), 'decline');
    const next = await nextAfter(request.id, request.quoteRound, approved);
    await settled();
    // The customer already paid for the dearer farm: only the rest is asked for the dearest one.
    expect(await prisma().payment.findUniqueOrThrow({ where: { id: difference.id } })).toMatchObject({
      status: 'authorized',
      refundedCents: 0,
    });
    if (!('approval' in next)) throw new Error(`expected an approval, got ${JSON.stringify(next)}`);
    const asked = await prisma().payment.findUniqueOrThrow({ where: { id: next.approval } });
    const priceOf = (job: Job) => parseCents(job.price.toString()) ?? 0;
    const dearestOffer = await prisma().requestOffer.findFirstOrThrow({
      where: { requestId: request.id, farmId: dearest.farm.id },
    });
    expect(asked.amountCents).toBe((parseCents(dearestOffer.price.toString()) ?? 0) - priceOf(approved));
    await recordTransfer(prisma(), asked.id);
    const last = await nextAfter(request.id, request.quoteRound, approved);
    expect('job' in last && last.job.farmId).toBe(dearest.farm.id);
  });

  it('staff’s further refund on a disputed claim is made, and the share released after it', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { request, job } = await kit.order(farm);
    await answered(act(farm, job.id, 'accept'), 'accept');
    await settled();
    await answered(
      act(farm, job.id, 'ship', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' }),
      'ship',
    );
    await answered(act(farm, job.id, 'deliver'), 'deliver');
    // The operator refunds a quarter; the customer disputes; staff refund half of what is left.
    await claimOn(farm, request.id, job, { resolution: 'refund', refundShare: 0.25, staffShare: 0.5 });

    const claim = await prisma().jobClaim.findUniqueOrThrow({ where: { jobId: job.id } });
    const [payment] = await prisma().payment.findMany({ where: { jobId: job.id } });
    expect(claim.status).toBe('closed');
    expect(payment?.refundedCents).toBe(claim.refundCents);
    await prisma().printJob.update({
      where: { id: job.id },
      data: { claimsCloseAt: new Date(Date.now() - 1_000) },
    });
    await claimsClose({ jobId: job.id }, server.workers.jobContext());
    expect((await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } })).releasedAt).not.toBeNull();
    await expectBooksBalance();
  });

  it('a counter-offer’s price carries its own commission', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { request, job } = await kit.order(farm);
    const counterCents = (parseCents(job.price.toString()) ?? 0) - 500;
    await answered(act(farm, job.id, 'counter', { price: formatCents(counterCents) }), 'counter');
    await answered(customer(`/api/print-requests/${request.id}/counter/accept`), 'accept counter');
    await settled();

    const commission = commissionFor(counterCents, await moneyTerms(prisma()));
    const accepted = await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } });
    const [payment] = await prisma().payment.findMany({ where: { jobId: job.id } });
    expect({ price: parseCents(accepted.price.toString()), commission: accepted.commissionCents }).toEqual({
      price: counterCents,
      commission,
    });
    expect(payment).toMatchObject({ capturedCents: counterCents, shareCents: counterCents - commission });
  });

  /** A balanced transaction of the test's own, so the ledger has rows whatever ran before. */
  async function anyEntry() {
    await prisma().$transaction((tx) =>
      post(tx, {
        kind: 'test',
        memo: 'A cent to try to rewrite',
        key: `test:rewrite:${randomUUID()}`,
        entries: rules.received(1),
      }),
    );
    const [entry] = await prisma().$queryRaw<{ id: bigint; transaction_id: string }[]>`
      SELECT id, transaction_id FROM ledger_entries ORDER BY id DESC LIMIT 1`;
    if (!entry) throw new Error('no ledger entry');
    return entry;
  }

  it('refuses to update or delete entries and transactions', async () => {
    const entry = await anyEntry();
    const refused = /append-only/;
    await expect(
      prisma().$executeRaw`UPDATE ledger_entries SET amount_cents = amount_cents + 1 WHERE id = ${entry.id}`,
    ).rejects.toThrow(refused);
    await expect(prisma().$executeRaw`DELETE FROM ledger_entries WHERE id = ${entry.id}`).rejects.toThrow(
      refused,
    );
    await expect(
      prisma()
        .$executeRaw`UPDATE ledger_transactions SET memo = 'rewritten' WHERE id = ${entry.transaction_id}::uuid`,
    ).rejects.toThrow(refused);
    await expect(
      prisma().$executeRaw`DELETE FROM ledger_transactions WHERE id = ${entry.transaction_id}::uuid`,
    ).rejects.toThrow(refused);
    await expect(prisma().$executeRaw`TRUNCATE ledger_entries`).rejects.toThrow(refused);
  });

  it('refuses at commit a transaction whose entries do not sum to zero', async () => {
    await anyEntry();
    const before = await trialBalance(prisma());
    const unbalanced = prisma().$transaction(async (tx) => {
      const [row] = await tx.$queryRaw<{ id: string }[]>`
        INSERT INTO ledger_transactions (kind, memo, idempotency_key)
        VALUES ('test', 'one cent from nowhere', ${`test:unbalanced:${Date.now()}`}) RETURNING id`;
      await tx.$executeRaw`
        INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
        SELECT ${row?.id}::uuid, id, 100 FROM ledger_accounts WHERE code = 'platform:cash'`;
      await tx.$executeRaw`
        INSERT INTO ledger_entries (transaction_id, account_id, amount_cents)
        SELECT ${row?.id}::uuid, id, -99 FROM ledger_accounts WHERE code = 'platform:customerFunds'`;
      // Each statement was taken: the check waits for the commit, when the transaction is whole.
    });
    await expect(unbalanced).rejects.toThrow(/does not balance/);
    expect(await trialBalance(prisma())).toEqual(before);
    expect(await cachedBalanceDrift(prisma())).toEqual([]);
  });
});
