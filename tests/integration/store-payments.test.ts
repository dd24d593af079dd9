// Issue 24 on the real API and workers: a store checkout asks for its payment in the order's own
// transaction and answers how to pay; the money arriving (recorded as staff record a bank transfer, through
// flow.ts recordReceived: the staff payments route is another change) is captured into the ledger with
// the store's share and the platform's commission; delivering releases the share; cancelling refunds a
// paid order, fails an awaited payment, and money that arrives for a cancelled order goes back by itself.
import { randomUUID } from 'node:crypto';
import { payeeBalances, trialBalance } from '@printfarm/db/ledger';
import { pendingForOrder } from '@printfarm/db/payments/orderRelease';
import { commissionCents } from '@printfarm/domain/ledger';
import { DEFAULT_SETTINGS } from '@printfarm/domain/network';
import { beforeAll, describe, expect, it } from 'vitest';
import { createCheckouts } from '../../api/src/services/checkout.ts';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { emailsTo } from '../support/maildev.ts';
import { recordTransfer } from '../support/payments.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const tag = () => randomUUID().slice(0, 8);
const REFERENCE = /^PF-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/;
const STAFF_WORDS = 'Send it to PrintFarm Payments, routing 011000015, account 4242.';

interface PaymentAnswer {
  id: string;
  status: string;
  amountCents: number;
  reference: string;
  instructions: string | null;
}

interface OrderAnswer {
  id: string;
  status: string;
  paymentStatus: string;
  totalAmount: string;
  payment: PaymentAnswer | null;
  confirmationPath?: string;
  message?: string;
}

describe('store orders take payment', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' }, workers: true });
  let ownerCookie: string;
  let ownerId: string;

  async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${server.api.url}${path}`, {
      method,
      headers: { ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return { status: response.status, body: (await response.json()) as OrderAnswer };
  }

  /** A store of its own, so its ledger balances are this test's alone. */
  async function openStore() {
    const store = await server.api.prisma.store.create({
      data: {
        userId: ownerId,
        storeName: `paid-${tag()}`,
        displayName: 'Paid Parts',
        products: { create: [{ name: 'Hinge', price: '24.50', stockQuantity: 20 }] },
      },
      include: { products: true },
    });
    const [hinge] = store.products;
    if (!hinge) throw new Error('no product');
    return { id: store.id, hingeId: hinge.id };
  }

  async function checkout(
    store: { id: string; hingeId: string },
    { quantity = 2, key }: { quantity?: number; key?: string } = {},
  ) {
    const email = `payer-${tag()}@example.test`;
    const answer = await call(
      'POST',
      `/api/stores/${store.id}/orders`,
      {
        customerName: 'Pat Payer',
        customerEmail: email,
        shippingAddress: { street: '5 Fayette St', city: 'Raleigh', state: 'NC', zipCode: '27601' },
        shippingMethod: 'standard',
        items: [{ productId: store.hingeId, quantity }],
      },
      key ? { 'Idempotency-Key': key } : {},
    );
    expect(answer.status, answer.body.message).toBe(201);
    const payment = answer.body.payment;
    if (!payment) throw new Error('the order has no payment');
    return { order: answer.body, payment, email };
  }

  function setStatus(store: { id: string }, orderId: string, status: string, trackingNumber?: string) {
    return fetch(`${server.api.url}/api/stores/${store.id}/orders/${orderId}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: ownerCookie },
      body: JSON.stringify({ status, ...(trackingNumber ? { carrier: 'UPS', trackingNumber } : {}) }),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as OrderAnswer }));
  }

  const paymentOf = (id: string) => server.api.prisma.payment.findUniqueOrThrow({ where: { id } });
  const orderOf = (id: string) => server.api.prisma.order.findUniqueOrThrow({ where: { id } });
  const cents = (amount: string) => Math.round(Number(amount) * 100);
  /** The store's balances (as +0 where the ledger's negation of nothing gives -0). */
  const storeBalances = async (storeId: string) =>
    Object.fromEntries(
      Object.entries(await payeeBalances(server.api.prisma, { kind: 'store', id: storeId })).map(
        ([name, value]) => [name, value + 0],
      ),
    );

  /** Pays the whole order by bank transfer and waits until the capture job has written it. */
  async function pay(paymentId: string, orderId: string) {
    await recordTransfer(server.api.prisma, paymentId);
    await eventually(async () => (await orderOf(orderId)).paymentStatus === 'paid');
  }

  beforeAll(async () => {
    const owner = await createUser(server.api.prisma, { role: 'operator' });
    ownerId = owner.id;
    ownerCookie = await signIn(server.api.url, owner.email, owner.password);
    await server.api.prisma.platformSetting.create({
      data: { key: 'payments', value: { ...DEFAULT_SETTINGS.payments, paymentInstructions: STAFF_WORDS } },
    });
  }, 60_000);

  it('answers the checkout with the payment awaited, its reference and how to pay, on every view of the order', async () => {
    const store = await openStore();
    const { order, payment, email } = await checkout(store);
    const totalCents = cents(order.totalAmount);
    expect(order.paymentStatus).toBe('pending');
    expect(payment).toMatchObject({ status: 'awaiting', amountCents: totalCents });
    expect(payment.reference).toMatch(REFERENCE);
    expect(payment.instructions).toBe(
      `Pay $${order.totalAmount} by bank transfer (ACH) or a payment app, with the reference ${payment.reference} on the payment so we can match it. ${STAFF_WORDS}`,
    );

    // Written with the order: the order names it, and it asks the shopper for the order's total.
    const stored = await paymentOf(payment.id);
    expect(stored).toMatchObject({ purpose: 'order', orderId: order.id, provider: 'invoice' });
    expect(stored).toMatchObject({ payerName: 'Pat Payer', payerEmail: email, amountCents: totalCents });
    expect((await orderOf(order.id)).paymentId).toBe(payment.id);

    const contract = { id: payment.id, status: 'awaiting', reference: payment.reference };
    // The confirmation page's signed path, /orders/{id}?token=…, is the API's /api/orders/{id}?token=….
    const confirmation = await call('GET', `/api${order.confirmationPath}`);
    expect(confirmation.body).toMatchObject({ paymentStatus: 'pending', payment: contract });
    expect(confirmation.body.payment?.instructions).toBe(payment.instructions);
    const list = await fetch(`${server.api.url}/api/stores/${store.id}/orders`, {
      headers: { Cookie: ownerCookie },
    }).then((response) => response.json() as Promise<OrderAnswer[]>);
    expect(list.find((each) => each.id === order.id)).toMatchObject({ payment: contract });

    // The confirmation e-mail says what to pay and how.
    const [mail] = await eventually(async () => {
      const found = await emailsTo(email);
      return found.length > 0 ? found : undefined;
    });
    expect(mail?.text).toContain(`Amount due: $${order.totalAmount}`);
    expect(mail?.text).toContain(`Reference: ${payment.reference}`);
    expect(mail?.text).toContain(STAFF_WORDS);
  });

  it('captures the money that arrives into the ledger: the store pending its share, the platform its commission', async () => {
    const store = await openStore();
    const { order, payment, email } = await checkout(store);
    const totalCents = cents(order.totalAmount);
    const commission = commissionCents(totalCents, 10, 100);

    await pay(payment.id, order.id);
    expect(await paymentOf(payment.id)).toMatchObject({
      status: 'captured',
      receivedCents: totalCents,
      capturedCents: totalCents,
      shareCents: totalCents - commission,
    });
    expect(await orderOf(order.id)).toMatchObject({ paymentStatus: 'paid', paymentId: payment.id });
    const captured = await server.api.prisma.ledgerTransaction.findUniqueOrThrow({
      where: { idempotencyKey: `capture:${payment.id}` },
      include: { entries: { include: { account: true } } },
    });
    expect(captured).toMatchObject({ kind: 'captured', storeId: store.id });
    expect(
      Object.fromEntries(captured.entries.map((entry) => [entry.account.code, Number(entry.amountCents)])),
    ).toEqual({
      'platform:customerFunds': totalCents,
      [`store:${store.id}:pending`]: -(totalCents - commission),
      'platform:feeRevenue': -commission,
    });
    expect(await storeBalances(store.id)).toEqual({
      pendingCents: totalCents - commission,
      availableCents: 0,
      inPayoutCents: 0,
    });

    // The shopper hears the money arrived; the answer about the order says it is paid, no more how to pay.
    await eventually(async () =>
      (await emailsTo(email)).some((mail) => mail.subject === `Payment received: $${order.totalAmount}`),
    );
    const list = await fetch(`${server.api.url}/api/stores/${store.id}/orders`, {
      headers: { Cookie: ownerCookie },
    }).then((response) => response.json() as Promise<OrderAnswer[]>);
    expect(list[0]).toMatchObject({
      paymentStatus: 'paid',
      payment: { status: 'captured', instructions: null },
    });

    // Delivered: the store's share is available for its next payout (store orders have no claims).
    expect((await setStatus(store, order.id, 'processing')).status).toBe(200);
    expect((await setStatus(store, order.id, 'shipped', '1Z999AA10123456784')).status).toBe(200);
    expect((await setStatus(store, order.id, 'delivered')).status).toBe(200);
    expect(await storeBalances(store.id)).toEqual({
      pendingCents: 0,
      availableCents: totalCents - commission,
      inPayoutCents: 0,
    });
    expect(
      await server.api.prisma.ledgerTransaction.count({
        where: { idempotencyKey: `release-order:${order.id}` },
      }),
    ).toBe(1);
  });

  it('refunds a paid order that is cancelled, and mails the shopper the refund', async () => {
    const store = await openStore();
    const { order, payment, email } = await checkout(store, { quantity: 3 });
    await pay(payment.id, order.id);

    const cancelled = await setStatus(store, order.id, 'cancelled');
    expect(cancelled.status).toBe(200);
    await eventually(async () => (await orderOf(order.id)).paymentStatus === 'refunded');
    expect(await paymentOf(payment.id)).toMatchObject({
      status: 'refunded',
      refundedCents: cents(order.totalAmount),
    });
    // The share the capture gave the store went back with the refund, and the stock to the shelf.
    expect(await pendingForOrder(server.api.prisma, { storeId: store.id, paymentId: payment.id })).toBe(0);
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: store.hingeId } })).stockQuantity,
    ).toBe(20);
    const mails = await eventually(async () => {
      const found = await emailsTo(email);
      return found.some((mail) => mail.subject.startsWith('Refund:')) &&
        found.some((mail) => mail.subject.includes('was cancelled'))
        ? found
        : undefined;
    });
    expect(mails.find((mail) => mail.subject.startsWith('Refund:'))?.subject).toBe(
      `Refund: $${order.totalAmount}`,
    );
    expect(mails.find((mail) => mail.subject.includes('was cancelled'))?.text).toContain(
      `Your payment of $${order.totalAmount} (reference ${payment.reference}) goes back to you`,
    );
  });

  it('fails the payment of an order cancelled before it was paid, and refunds money that arrives after', async () => {
    const store = await openStore();
    const { order, payment, email } = await checkout(store);

    const cancelled = await setStatus(store, order.id, 'cancelled');
    expect(cancelled.body).toMatchObject({ paymentStatus: 'failed', payment: { status: 'failed' } });
    expect(await paymentOf(payment.id)).toMatchObject({
      status: 'failed',
      failureReason: 'The order was cancelled',
    });

    // The shopper paid anyway (the transfer was on its way): the money goes back by itself, never lost.
    await recordTransfer(server.api.prisma, payment.id);
    await eventually(async () => (await paymentOf(payment.id)).status === 'refunded');
    expect(await paymentOf(payment.id)).toMatchObject({
      receivedCents: cents(order.totalAmount),
      refundedCents: cents(order.totalAmount),
      capturedCents: 0,
    });
    expect((await orderOf(order.id)).paymentStatus).toBe('refunded');
    await eventually(async () =>
      (await emailsTo(email)).some((mail) => mail.subject === `Refund: $${order.totalAmount}`),
    );
  });

  it('refunds once a payment that arrives as its order is being cancelled', async () => {
    // Stock is taken when the order is placed, so a payment never finds its stock gone unless the order
    // was cancelled: the money arriving and the store cancelling race here.
    const store = await openStore();
    const { order, payment } = await checkout(store);
    await recordTransfer(server.api.prisma, payment.id);
    expect((await setStatus(store, order.id, 'cancelled')).status).toBe(200);

    await eventually(async () => (await paymentOf(payment.id)).status === 'refunded');
    // Whichever ran first (the capture, the cancel's refund, the secured job seeing a cancelled order),
    // the money went back once.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await paymentOf(payment.id)).toMatchObject({ refundedCents: cents(order.totalAmount) });
    expect(
      await server.api.prisma.ledgerTransaction.count({ where: { paymentId: payment.id, kind: 'refunded' } }),
    ).toBe(1);
    expect((await orderOf(order.id)).paymentStatus).toBe('refunded');
    expect(await pendingForOrder(server.api.prisma, { storeId: store.id, paymentId: payment.id })).toBe(0);
  });

  it('answers a repeated checkout with the same order and its one payment', async () => {
    const store = await openStore();
    const key = randomUUID();
    const first = await checkout(store, { key });
    const again = await call(
      'POST',
      `/api/stores/${store.id}/orders`,
      {
        customerName: 'Pat Payer',
        customerEmail: first.email,
        shippingAddress: { street: '5 Fayette St', city: 'Raleigh', state: 'NC', zipCode: '27601' },
        shippingMethod: 'standard',
        items: [{ productId: store.hingeId, quantity: 2 }],
      },
      { 'Idempotency-Key': key },
    );
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.order.id);
    expect(again.body.payment).toEqual(first.payment);
    expect(await server.api.prisma.payment.count({ where: { orderId: first.order.id } })).toBe(1);
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: store.hingeId } })).stockQuantity,
    ).toBe(18);
  });

  it('writes nothing for an order whose payment reference another payment has, so it is placed again', async () => {
    const store = await openStore();
    const { payment } = await checkout(store);
    const orderId = randomUUID();
    const outcome = await createCheckouts(server.api.prisma).place({
      id: orderId,
      storeId: store.id,
      customerName: 'Pat Payer',
      customerEmail: 'clash@example.test',
      customerPhone: null,
      shippingAddress: { street: '5 Fayette St', city: 'Raleigh', state: 'NC', zipCode: '27601' },
      shippingMethod: 'standard',
      notes: null,
      subtotal: '24.50',
      shippingFee: '0.00',
      totalAmount: '24.50',
      idempotencyKey: null,
      requestHash: null,
      lines: [{ productId: store.hingeId, productName: 'Hinge', quantity: 1, unitPrice: '24.50' }],
      payment: { id: randomUUID(), provider: 'invoice', amountCents: 2450, reference: payment.reference },
      events: [],
    });
    expect(outcome).toEqual({ outcome: 'clash' });
    expect(await server.api.prisma.order.count({ where: { id: orderId } })).toBe(0);
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: store.hingeId } })).stockQuantity,
    ).toBe(18);
  });

  it('keeps the ledger balanced through all of it', async () => {
    expect((await trialBalance(server.api.prisma)).balanceCents).toBe(0);
  });
});
