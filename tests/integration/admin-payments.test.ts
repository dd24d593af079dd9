// Issue 24, staff's money desk on the real API: recording a transfer against a payment (once per bank
// reference), reconciling a bank statement by reference or by the payer's name and e-mail (an upload
// seen before records nothing), the ledger's trial balance and accounts, and marking a payout sent.
import { randomBytes, randomUUID } from 'node:crypto';
import { balancesOf, post, trialBalance } from '@printfarm/db/ledger';
import { createPayment, lockPayment, recordFailed } from '@printfarm/db/payments/flow';
import { invoiceFarm, monthOf } from '@printfarm/db/payments/membership';
import { statePayout } from '@printfarm/db/payments/payouts';
import { recordRefund } from '@printfarm/db/payments/refunds';
import { type Payee, payeeAccount, post as rules } from '@printfarm/domain/ledger';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MoneyDeskView } from '../../api/src/presenters/staffMoney.ts';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { call, createFarm, TEST_SHIP_TO } from '../support/marketplace.ts';
import { outboxMails } from '../support/outboxMail.ts';
import { recordTransfer } from '../support/payments.ts';
import { useServerSuite } from '../support/server.ts';

const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' } });
const prisma = () => server.api.prisma;
let staffCookie: string;
let customerCookie: string;
let operatorCookie: string;
let customerId: string;

const staff = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) =>
  call<T>(`${server.api.url}${path}`, staffCookie, method, body);

/** A farm whose contact pays its membership invoices: the payer named on them. */
async function payingFarm(contactName: string) {
  const email = `payer-${randomBytes(4).toString('hex')}@example.test`;
  const farm = await createFarm(prisma(), { zip: '78701', contactEmail: email });
  return prisma().printFarm.update({ where: { id: farm.id }, data: { contactName } });
}

/** An awaiting membership payment of `cents` for a farm of its own. */
async function awaitingPayment(cents: number, contactName = 'Pat Payer') {
  const farm = await payingFarm(contactName);
  const invoiced = await prisma().$transaction((tx) =>
    invoiceFarm(tx, farm, 'monthly', monthOf(new Date()), cents),
  );
  if (!invoiced) throw new Error('nothing invoiced');
  return invoiced.payment;
}

const receivedCount = (paymentId: string) =>
  prisma().ledgerTransaction.count({ where: { paymentId, kind: 'received' } });

beforeAll(async () => {
  const staffUser = await createUser(prisma(), { role: 'staff' });
  const customer = await createUser(prisma());
  const operator = await createUser(prisma(), { role: 'operator' });
  customerId = customer.id;
  staffCookie = await signIn(server.api.url, staffUser.email);
  customerCookie = await signIn(server.api.url, customer.email);
  operatorCookie = await signIn(server.api.url, operator.email);
});

describe('recording a transfer', () => {
  it('records it against the payment, and the same bank reference twice only once', async () => {
    const payment = await awaitingPayment(1500);
    const path = `/api/admin/payments/${payment.id}/received`;
    const first = await staff('POST', path, { amountCents: 1500, reference: 'ACH 7731' });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      id: payment.id,
      status: 'authorized',
      amountCents: 1500,
      receivedCents: 1500,
      reference: payment.reference,
      bankReference: 'ACH 7731',
      duplicate: false,
    });
    const transactions = (await trialBalance(prisma())).transactions;
    const again = await staff('POST', path, { amountCents: 1500, reference: 'ACH 7731' });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'authorized', receivedCents: 1500, duplicate: true });
    expect(await receivedCount(payment.id)).toBe(1);
    expect((await trialBalance(prisma())).transactions).toBe(transactions);
  });

  it('refuses a bad amount or reference with a message per field', async () => {
    const payment = await awaitingPayment(1500);
    const path = `/api/admin/payments/${payment.id}/received`;
    const empty = await staff<{ message: string; fields: Record<string, string> }>('POST', path, {
      amountCents: 0,
      reference: '',
    });
    expect(empty.status).toBe(400);
    expect(empty.body.fields).toEqual({
      amountCents: 'Amount must be more than 0 cents',
      reference: 'Reference is required',
    });
    const fraction = await staff<{ fields: Record<string, string> }>('POST', path, {
      amountCents: 12.5,
      reference: 'x'.repeat(101),
    });
    expect(fraction.status).toBe(400);
    expect(fraction.body.fields).toEqual({
      amountCents: 'Amount must be a whole number of cents',
      reference: 'Must be at most 100 characters',
    });
    expect(await receivedCount(payment.id)).toBe(0);
  });

  it('refuses money past what a payment holds, by hand or on a statement, and records none of it', async () => {
    const payment = await awaitingPayment(1500);
    const path = `/api/admin/payments/${payment.id}/received`;
    const tenMillion = { amountCents: 1_000_000_000 };
    expect((await staff('POST', path, { ...tenMillion, reference: 'WIRE 1' })).status).toBe(200);
    expect((await staff('POST', path, { ...tenMillion, reference: 'WIRE 2' })).status).toBe(200);
    const third = await staff<{ message: string; fields: Record<string, string> }>('POST', path, {
      ...tenMillion,
      reference: 'WIRE 3',
    });
    const message = 'That is more than one payment can hold: check the amount';
    expect([third.status, third.body]).toEqual([400, { message, fields: { amountCents: message } }]);

    const awaited = await awaitingPayment(1500);
    const onStatement = await staff<{ matched: unknown[]; unmatched: { reason: string }[] }>(
      'POST',
      '/api/admin/payments/reconcile',
      { csv: `Date,Description,Amount\n2026-05-04,${awaited.reference},"$21,474,836.48"` },
    );
    expect(onStatement.status).toBe(200);
    expect(onStatement.body.matched).toEqual([]);
    expect(onStatement.body.unmatched.map((line) => line.reason)).toEqual([
      'More than one payment can hold: check the amount',
    ]);
    expect(await receivedCount(payment.id)).toBe(2);
    expect(await receivedCount(awaited.id)).toBe(0);
    expect((await prisma().payment.findUniqueOrThrow({ where: { id: payment.id } })).receivedCents).toBe(
      2_000_000_000,
    );
  });

  it('answers 404 for no such payment, and only staff may record', async () => {
    const body = { amountCents: 100, reference: 'X' };
    const missing = await staff('POST', `/api/admin/payments/${randomUUID()}/received`, body);
    expect(missing).toMatchObject({ status: 404, body: { message: 'Payment not found' } });
    expect((await staff('POST', '/api/admin/payments/not-an-id/received', body)).status).toBe(404);
    const payment = await awaitingPayment(1500);
    const path = `${server.api.url}/api/admin/payments/${payment.id}/received`;
    expect((await call(path, customerCookie, 'POST', body)).status).toBe(403);
    expect((await call(path, operatorCookie, 'POST', body)).status).toBe(403);
    expect((await call(path, '', 'POST', body)).status).toBe(401);
    expect(await receivedCount(payment.id)).toBe(0);
  });

  it("leaves a card payment's money to Stripe", async () => {
    const card = await prisma().$transaction((tx) =>
      createPayment(tx, {
        provider: 'stripe',
        purpose: 'membership',
        amountCents: 1500,
        payer: { name: 'Card Payer', email: 'card@example.test' },
      }),
    );
    const answer = await staff('POST', `/api/admin/payments/${card.id}/received`, {
      amountCents: 1500,
      reference: 'ACH 1',
    });
    expect(answer.status).toBe(409);
    expect(await receivedCount(card.id)).toBe(0);
  });

  it('records money for a payment that failed, and sends it back', async () => {
    const payment = await awaitingPayment(1500);
    await prisma().$transaction((tx) => recordFailed(tx, payment, 'Cancelled before payment'));
    const late = await staff('POST', `/api/admin/payments/${payment.id}/received`, {
      amountCents: 1500,
      reference: 'LATE-1',
    });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ status: 'failed', receivedCents: 1500, duplicate: false });
    const refunds = await prisma().outboxEvent.count({
      where: { job: 'payment.refund', payload: { path: ['paymentId'], equals: payment.id } },
    });
    expect(refunds).toBe(1);
  });
});

describe('reconciling a bank statement', () => {
  it('matches lines by reference or by name and e-mail, and records nothing twice', async () => {
    const byReference = await awaitingPayment(1500, 'Rita Reference');
    const byPayer = await awaitingPayment(75000, 'Nora Namesake');
    const compact = byReference.reference.replaceAll('-', '').toLowerCase();
    const csv = [
      'Statement for account ending 4242',
      'Posted Date,Description,Amount,Balance',
      `2026-05-02,"ACH CREDIT ${compact}, thanks",15.00,100.00`,
      `2026-05-02,"Zelle from NORA NAMESAKE ${byPayer.payerEmail.toUpperCase()}","$750.00",850.00`,
      '2026-05-03,Transfer from someone we do not know,20.00,870.00',
      '2026-05-03,Monthly service fee,-5.00,865.00',
    ].join('\r\n');
    const first = await staff<{
      matched: { line: number; matchedBy: string; payment: { id: string; status: string } }[];
      unmatched: { line: number; reason: string }[];
      alreadyRecorded: unknown[];
    }>('POST', '/api/admin/payments/reconcile', { csv });
    expect(first.status).toBe(200);
    expect(first.body.matched).toMatchObject([
      {
        line: 3,
        amountCents: 1500,
        matchedBy: 'reference',
        payment: { id: byReference.id, status: 'authorized' },
      },
      { line: 4, amountCents: 75000, matchedBy: 'payer', payment: { id: byPayer.id, status: 'authorized' } },
    ]);
    expect(first.body.unmatched.map((line) => line.line)).toEqual([5, 6]);
    expect(first.body.alreadyRecorded).toEqual([]);
    expect(await receivedCount(byReference.id)).toBe(1);
    expect(await receivedCount(byPayer.id)).toBe(1);

    const transactions = (await trialBalance(prisma())).transactions;
    const again = await staff<typeof first.body>('POST', '/api/admin/payments/reconcile', { csv });
    expect(again.status).toBe(200);
    expect(again.body.matched).toEqual([]);
    expect(again.body.alreadyRecorded).toHaveLength(2);
    expect(again.body.unmatched).toHaveLength(2);
    expect((await trialBalance(prisma())).transactions).toBe(transactions);
  });

  it('refuses a statement without the columns it needs', async () => {
    const answer = await staff<{ fields: Record<string, string> }>('POST', '/api/admin/payments/reconcile', {
      csv: 'when,how much\n2026-05-01,15',
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fields.csv).toMatch(/date and an amount/);
  });
});

describe('the ledger and payouts', () => {
  /** A farm's released share, stated as a pending payout as the weekly run does. */
  async function pendingPayout(cents: number, released: { jobTitle?: string } = {}) {
    const farm = await createFarm(prisma(), { zip: '78701' });
    const payee: Payee = { kind: 'farm', id: farm.id };
    const jobId = released.jobTitle ? await deliveredJob(farm.id, released.jobTitle) : undefined;
    const key = randomUUID();
    const share = cents - 100;
    return prisma().$transaction(async (tx) => {
      await post(tx, {
        kind: 'received',
        memo: 'test',
        key: `t-received:${key}`,
        entries: rules.received(cents),
      });
      await post(tx, {
        kind: 'captured',
        memo: 'test',
        key: `t-captured:${key}`,
        entries: rules.earned(cents, payee, share),
      });
      await post(tx, {
        kind: 'released',
        memo: 'test',
        key: `t-released:${key}`,
        entries: rules.released(payee, share),
        ...(jobId ? { refs: { jobId } } : {}),
      });
      const payout = await statePayout(tx, payee, 'invoice');
      if (!payout) throw new Error('no payout');
      return { payout, payee, share };
    });
  }

  /** A delivered job at the farm for the customer's request titled `title`. */
  async function deliveredJob(farmId: string, title: string): Promise<string> {
    const request = await prisma().customPrintRequest.create({
      data: {
        userId: customerId,
        assignedFarmId: farmId,
        title,
        specifications: {},
        status: 'completed',
        shippingAddress: TEST_SHIP_TO,
      },
    });
    const offer = await prisma().requestOffer.create({
      data: { requestId: request.id, farmId, price: '50.00', distanceMiles: 3, readyBy: new Date() },
    });
    const job = await prisma().printJob.create({
      data: {
        requestId: request.id,
        farmId,
        offerId: offer.id,
        state: 'delivered',
        price: '50.00',
        readyBy: new Date(),
        parts: 1,
        respondBy: new Date(),
      },
    });
    return job.id;
  }

  it('states job titles in the CSV so that no spreadsheet runs them as formulas', async () => {
    const formulas = ['=HYPERLINK("http://evil.test","x")', '+1+2', '-3+cmd', '@SUM(A1)', '\tTab', '\rCR'];
    for (const title of formulas) {
      const { payout, share } = await pendingPayout(5000, { jobTitle: title });
      const statement = await fetch(`${server.api.url}/api/admin/payouts/${payout.id}/statement.csv`, {
        headers: { cookie: staffCookie },
      });
      expect(statement.status).toBe(200);
      const [, line, total] = (await statement.text()).split('\n');
      const quoted = `'${title}`;
      const cell = /[",\r]/.test(quoted) ? `"${quoted.replaceAll('"', '""')}"` : quoted;
      expect(line, title).toContain(`,${cell},`);
      // Amounts stay numbers.
      expect(line, title).toMatch(new RegExp(`,${(share / 100).toFixed(2)}$`));
      expect(total).toBe(`,Total,,${(share / 100).toFixed(2)}`);
    }
  });

  it('marks a payout sent once, with its e-mail and a balanced ledger', async () => {
    const { payout, payee, share } = await pendingPayout(5000);
    const path = `/api/admin/payouts/${payout.id}/sent`;
    expect((await call(`${server.api.url}${path}`, operatorCookie, 'POST')).status).toBe(403);
    const sent = await staff('POST', path);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ id: payout.id, status: 'sent', amountCents: share });
    expect((await staff('POST', path)).status).toBe(409);
    expect((await staff('POST', `/api/admin/payouts/${randomUUID()}/sent`)).status).toBe(404);
    expect(await outboxMails(prisma(), `payout-sent:${payout.id}`)).toBe(1);
    const codes = (['pending', 'available', 'payouts'] as const).map((name) => payeeAccount(payee, name));
    expect([...(await balancesOf(prisma(), codes)).values()]).toEqual([0, 0, 0]);

    const statement = await fetch(`${server.api.url}/api/admin/payouts/${payout.id}/statement.csv`, {
      headers: { cookie: staffCookie },
    });
    expect(statement.status).toBe(200);
    expect(statement.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(await statement.text()).toContain(`,Total,,${(share / 100).toFixed(2)}`);

    const accounts = await staff<{ accounts: { code: string }[]; drift: unknown[] }>(
      'GET',
      '/api/admin/ledger/accounts',
    );
    expect(accounts.status).toBe(200);
    expect(accounts.body.drift).toEqual([]);
    expect(accounts.body.accounts.map((account) => account.code)).toContain('platform:cash');
  });

  it('answers the trial balance: zero, over every transaction', async () => {
    const answer = await staff('GET', '/api/admin/ledger/trial-balance');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      balanceCents: 0,
      transactions: await prisma().ledgerTransaction.count(),
    });
    expect(answer.body.transactions).toBeGreaterThan(0);
    expect((await call(`${server.api.url}/api/admin/ledger/trial-balance`, customerCookie)).status).toBe(403);
  });
});

describe('the money desk', () => {
  it('lists what is awaited and what it pays for, refunds, payouts and open claims', async () => {
    const awaited = await awaitingPayment(1500, 'Desk Payer');
    const farm = await createFarm(prisma(), {
      zip: '78701',
      name: `Claimed Farm ${randomUUID().slice(0, 6)}`,
    });
    const request = await prisma().customPrintRequest.create({
      data: {
        userId: customerId,
        assignedFarmId: farm.id,
        title: 'Drone frame',
        specifications: {},
        status: 'delivered',
        shippingAddress: TEST_SHIP_TO,
      },
    });
    const requestPayment = await prisma().$transaction((tx) =>
      createPayment(tx, {
        provider: 'invoice',
        purpose: 'request',
        amountCents: 2400,
        payer: { userId: customerId, name: 'Cara Customer', email: 'cara@example.test' },
        requestId: request.id,
      }),
    );
    const offer = await prisma().requestOffer.create({
      data: { requestId: request.id, farmId: farm.id, price: '24.00', distanceMiles: 3, readyBy: new Date() },
    });
    const job = await prisma().printJob.create({
      data: {
        requestId: request.id,
        farmId: farm.id,
        offerId: offer.id,
        state: 'delivered',
        price: '24.00',
        readyBy: new Date(),
        parts: 1,
        respondBy: new Date(),
      },
    });
    const claim = await prisma().jobClaim.create({
      data: {
        requestId: request.id,
        jobId: job.id,
        farmId: farm.id,
        userId: customerId,
        reason: 'damaged',
        details: 'Cracked arm',
        status: 'disputed',
      },
    });

    const refunded = await awaitingPayment(1500, 'Refund Payer');
    await recordTransfer(prisma(), refunded.id);
    await prisma().$transaction(async (tx) => {
      const locked = await lockPayment(tx, refunded.id);
      if (locked) await recordRefund(tx, locked, { cents: 1500, key: `test:${refunded.id}`, reason: 'Test' });
    });

    const desk = await staff<MoneyDeskView>('GET', '/api/admin/payments');
    expect(desk.status).toBe(200);
    const membership = desk.body.unpaid.find((payment) => payment.id === awaited.id);
    expect(membership).toMatchObject({
      purpose: 'membership',
      amountCents: 1500,
      receivedCents: 0,
      reference: awaited.reference,
      payer: { name: 'Desk Payer', email: awaited.payerEmail },
    });
    expect(membership?.paysFor.label).toMatch(/^Membership fee \d{4}-\d{2}: /);
    expect(desk.body.unpaid.find((payment) => payment.id === requestPayment.id)?.paysFor).toMatchObject({
      label: '"Drone frame"',
      requestId: request.id,
    });
    expect(desk.body.unpaid.every((payment) => payment.status === 'awaiting')).toBe(true);
    expect(desk.body.claims.find((row) => row.id === claim.id)).toMatchObject({
      status: 'disputed',
      request: { id: request.id, title: 'Drone frame' },
      farm: { id: farm.id, name: farm.displayName },
    });
    expect(desk.body.payouts.some((payout) => payout.status === 'sent' && payout.payee.name !== '')).toBe(
      true,
    );
    expect(desk.body.refunds.find((payment) => payment.id === refunded.id)).toMatchObject({
      status: 'refunded',
      refundedCents: 1500,
      payer: { name: 'Refund Payer' },
    });
    expect((await call(`${server.api.url}/api/admin/payments`, operatorCookie)).status).toBe(403);
  });
});

describe('refunds by bank transfer', () => {
  it('owes a refund to the customer until staff mark it sent with the bank’s reference, once', async () => {
    const payment = await awaitingPayment(2600, 'Rita Refund');
    await recordTransfer(prisma(), payment.id);
    const [cash, due] = ['platform:cash', 'platform:refundsDue'];
    const before = await balancesOf(prisma(), [cash, due]);
    await prisma().$transaction(async (tx) => {
      const locked = await lockPayment(tx, payment.id);
      if (locked)
        await recordRefund(tx, locked, { cents: 2600, key: `due:${payment.id}`, reason: 'Cancelled' });
    });
    // Recorded, not yet sent: owed to the customer, still in the platform's bank.
    const owed = await balancesOf(prisma(), [cash, due]);
    expect((owed.get(cash) ?? 0) - (before.get(cash) ?? 0)).toBe(0);
    expect((owed.get(due) ?? 0) - (before.get(due) ?? 0)).toBe(-2600);
    const desk = await staff<MoneyDeskView>('GET', '/api/admin/payments');
    const refund = desk.body.refundTransfers.find((row) => row.paymentId === payment.id);
    expect(refund).toMatchObject({
      reference: payment.reference,
      cents: 2600,
      reason: 'Cancelled',
      sentAt: null,
      payer: { name: 'Rita Refund', email: payment.payerEmail },
    });
    if (!refund) throw new Error('refund');

    const path = `/api/admin/refunds/${refund.id}/sent`;
    const missing = await staff<{ message: string; fields: Record<string, string> }>('POST', path, {});
    expect(missing.status).toBe(400);
    expect(missing.body.fields.reference).toBe('Reference is required');
    expect((await call(`${server.api.url}${path}`, operatorCookie, 'POST', { reference: 'X' })).status).toBe(
      403,
    );
    const sent = await staff('POST', path, { reference: 'ACH OUT 771' });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ id: refund.id, sentReference: 'ACH OUT 771' });
    expect(await staff<{ message: string }>('POST', path, { reference: 'ACH OUT 771' })).toMatchObject({
      status: 409,
      body: { message: 'This refund was already sent' },
    });
    // Sent: the money left the bank once, and nothing is owed any more.
    const after = await balancesOf(prisma(), [cash, due]);
    expect((after.get(cash) ?? 0) - (before.get(cash) ?? 0)).toBe(-2600);
    expect((after.get(due) ?? 0) - (before.get(due) ?? 0)).toBe(0);
    expect(
      await prisma().ledgerTransaction.count({ where: { idempotencyKey: `refund-sent:${refund.id}` } }),
    ).toBe(1);
    expect((await trialBalance(prisma())).balanceCents).toBe(0);
    const listed = await staff<MoneyDeskView>('GET', '/api/admin/payments');
    expect(listed.body.refundTransfers.find((row) => row.id === refund.id)?.sentAt).not.toBeNull();
  });
});
