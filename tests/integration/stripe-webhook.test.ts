// The Stripe webhook against the real API and database, with events signed by the SDK's own test-header
// helper (the signature Stripe computes), not by Stripe itself: no Stripe emulator installs here.
import { randomBytes } from 'node:crypto';
import type { Payment } from '@printfarm/db';
import { createPayment } from '@printfarm/db/payments/flow';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { createFarm } from '../support/marketplace.ts';
import { useServerSuite } from '../support/server.ts';
import { postStripeEvent, stripeEventBody } from '../support/stripeEvents.ts';
import { startStripeRecorder } from '../support/stripeRecorder.ts';

const WEBHOOK_SECRET = 'whsec_test_printfarm';
// Nothing here should reach Stripe: the recorder stands at the SDK's host to show that it is not asked.
const recorder = await startStripeRecorder();
afterAll(() => recorder.close());

const server = useServerSuite({
  apiEnv: {
    STRIPE_SECRET_KEY: 'sk_test_printfarm',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: recorder.url,
  },
});

const hex = () => randomBytes(8).toString('hex');

/** A farm's membership fee awaiting a card payment, its PaymentIntent already opened. */
async function awaitingCardPayment(amountCents = 4900): Promise<Payment> {
  const { prisma } = server.api;
  const farm = await createFarm(prisma, { zip: '78701' });
  const invoice = await prisma.membershipInvoice.create({
    data: {
      farmId: farm.id,
      kind: 'monthly',
      period: new Date('2026-12-01'),
      amountCents,
      dueAt: new Date('2026-12-15'),
    },
  });
  const payment = await prisma.$transaction((tx) =>
    createPayment(tx, {
      provider: 'stripe',
      purpose: 'membership',
      amountCents,
      payer: { name: 'Zoë Operator', email: farm.contactEmail },
      invoiceId: invoice.id,
    }),
  );
  return prisma.payment.update({ where: { id: payment.id }, data: { providerRef: `pi_${hex()}` } });
}

/** The body Stripe would send for an event about the payment's intent. */
function intentEvent(type: string, payment: Payment, intent: Record<string, unknown> = {}): string {
  return stripeEventBody(type, {
    id: payment.providerRef,
    object: 'payment_intent',
    amount: payment.amountCents,
    amount_capturable: payment.amountCents,
    amount_received: 0,
    capture_method: 'manual',
    currency: 'usd',
    // Non-ASCII, as a payer's name may be: the signature covers the body's exact bytes.
    description: `Payment ${payment.reference} for Zoë`,
    last_payment_error: null,
    metadata: { paymentId: payment.id, reference: payment.reference },
    status: 'requires_capture',
    ...intent,
  });
}

function deliver(
  body: string,
  signature = Stripe.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
) {
  return postStripeEvent(server.api.url, body, signature);
}

async function deliveredAnswers(responses: Response[]) {
  return Promise.all(
    responses.map(async (response) => ({ status: response.status, body: await response.json() })),
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A delivery of the event in progress: its row written, its transaction open until `end`. */
async function holdEvent(eventId: string) {
  let end: (outcome: 'commits' | 'rolls back') => void = () => {};
  const ended = new Promise<'commits' | 'rolls back'>((resolve) => {
    end = resolve;
  });
  let inserted: () => void = () => {};
  const written = new Promise<void>((resolve) => {
    inserted = resolve;
  });
  const transaction = server.api.prisma
    .$transaction(async (tx) => {
      await tx.$executeRaw`
        INSERT INTO payment_events (provider, event_id, type) VALUES ('stripe', ${eventId}, 'held')`;
      inserted();
      if ((await ended) === 'rolls back') throw new Error('the first delivery failed');
    })
    .catch(() => {});
  await written;
  return {
    async end(outcome: 'commits' | 'rolls back') {
      end(outcome);
      await transaction;
    },
  };
}

const eventIdOf = (body: string) => (JSON.parse(body) as { id: string }).id;

async function recordedFor(payment: Payment, body: string) {
  const { prisma } = server.api;
  const [events, authorized, secured, now] = await Promise.all([
    prisma.paymentEvent.count({ where: { provider: 'stripe', eventId: eventIdOf(body) } }),
    prisma.ledgerTransaction.count({ where: { paymentId: payment.id, kind: 'authorized' } }),
    prisma.outboxEvent.count({
      where: { job: 'payment.secured', payload: { path: ['paymentId'], equals: payment.id } },
    }),
    prisma.payment.findUniqueOrThrow({ where: { id: payment.id } }),
  ]);
  return { events, authorized, secured, status: now.status };
}

describe('POST /api/payments/stripe/webhook', () => {
  it('secures a payment once when its authorisation arrives 3 times at once, then 3 times more', async () => {
    const payment = await awaitingCardPayment();
    const body = intentEvent('payment_intent.amount_capturable_updated', payment);

    const together = await deliveredAnswers(await Promise.all([deliver(body), deliver(body), deliver(body)]));
    const oneByOne = [];
    for (let i = 0; i < 3; i++) oneByOne.push(...(await deliveredAnswers([await deliver(body)])));

    const answers = [...together, ...oneByOne];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(answers.filter((answer) => answer.body.duplicate !== true)).toEqual([
      { status: 200, body: { received: true } },
    ]);
    expect(answers.filter((answer) => answer.body.duplicate === true)).toHaveLength(5);
    expect(await recordedFor(payment, body)).toEqual({
      events: 1,
      authorized: 1,
      secured: 1,
      status: 'authorized',
    });
  });

  it('makes one ledger transaction for many payments each delivered 3 times at once', async () => {
    const payments = await Promise.all([awaitingCardPayment(), awaitingCardPayment(), awaitingCardPayment()]);
    const bodies = payments.map((payment) =>
      intentEvent('payment_intent.amount_capturable_updated', payment),
    );
    const responses = await Promise.all(
      bodies.flatMap((body) => [deliver(body), deliver(body), deliver(body)]),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(9).fill(200));
    for (const [i, payment] of payments.entries()) {
      expect(await recordedFor(payment, bodies[i] as string)).toEqual({
        events: 1,
        authorized: 1,
        secured: 1,
        status: 'authorized',
      });
    }
  });

  it('holds a delivery while another delivery of the event is being recorded, then follows its outcome', async () => {
    for (const first of ['commits', 'rolls back'] as const) {
      const payment = await awaitingCardPayment();
      const body = intentEvent('payment_intent.amount_capturable_updated', payment);
      const held = await holdEvent(eventIdOf(body));
      const second = deliver(body);
      const answeredMeanwhile = await Promise.race([second.then(() => true), sleep(500).then(() => false)]);
      expect(answeredMeanwhile).toBe(false);
      await held.end(first);
      const answer = await (await second).json();
      if (first === 'commits') {
        // The first delivery counted (here it wrote only the event row): the second changes nothing.
        expect(answer).toEqual({ received: true, duplicate: true });
        expect(await recordedFor(payment, body)).toMatchObject({ events: 1, authorized: 0 });
      } else {
        expect(answer).toEqual({ received: true });
        expect(await recordedFor(payment, body)).toMatchObject({ events: 1, authorized: 1 });
      }
    }
  });

  it('does not secure a payment twice when the capture is reported after the hold', async () => {
    const payment = await awaitingCardPayment();
    const held = intentEvent('payment_intent.amount_capturable_updated', payment);
    const charged = intentEvent('payment_intent.succeeded', payment, {
      status: 'succeeded',
      amount_capturable: 0,
      amount_received: payment.amountCents,
    });
    expect((await deliver(held)).status).toBe(200);
    expect(await (await deliver(charged)).json()).toEqual({ received: true });
    expect(await recordedFor(payment, charged)).toMatchObject({ events: 1, authorized: 1, secured: 1 });
  });

  it('finds the payment by the id in the intent’s metadata when its intent id is not saved yet', async () => {
    const saved = await awaitingCardPayment();
    const payment = await server.api.prisma.payment.update({
      where: { id: saved.id },
      data: { providerRef: null },
    });
    const intentId = `pi_${hex()}`;
    const body = intentEvent('payment_intent.amount_capturable_updated', payment, { id: intentId });
    expect((await deliver(body)).status).toBe(200);
    const now = await server.api.prisma.payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(now).toMatchObject({ status: 'authorized', providerRef: intentId });
  });

  it('leaves a payment alone when an intent holds less than its amount, or is another intent', async () => {
    const payment = await awaitingCardPayment(4900);
    const short = intentEvent('payment_intent.amount_capturable_updated', payment, {
      amount: 4000,
      amount_capturable: 4000,
    });
    const stranger = intentEvent('payment_intent.amount_capturable_updated', payment, { id: `pi_${hex()}` });
    expect((await deliver(short)).status).toBe(200);
    expect((await deliver(stranger)).status).toBe(200);
    expect(await recordedFor(payment, short)).toMatchObject({ events: 1, authorized: 0, status: 'awaiting' });
  });

  it('records a declined card as a failed payment, with the bank’s words', async () => {
    const payment = await awaitingCardPayment();
    const body = intentEvent('payment_intent.payment_failed', payment, {
      status: 'requires_payment_method',
      amount_capturable: 0,
      last_payment_error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' },
    });
    expect((await deliver(body)).status).toBe(200);
    const now = await server.api.prisma.payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(now).toMatchObject({ status: 'failed', failureReason: 'Your card was declined.' });
  });

  it('records an event of another type once and changes nothing else', async () => {
    const payment = await awaitingCardPayment();
    const body = intentEvent('charge.updated', payment);
    const first = await deliver(body);
    const again = await deliver(body);
    expect(await first.json()).toEqual({ received: true });
    expect(await again.json()).toEqual({ received: true, duplicate: true });
    expect(await recordedFor(payment, body)).toEqual({
      events: 1,
      authorized: 0,
      secured: 0,
      status: 'awaiting',
    });
  });

  it('refuses an event without Stripe’s signature, writing nothing', async () => {
    const payment = await awaitingCardPayment();
    const body = intentEvent('payment_intent.amount_capturable_updated', payment);
    const otherSecret = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: 'whsec_someone_else',
    });
    const signedForOtherBody = Stripe.webhooks.generateTestHeaderString({
      payload: body.replace('"livemode":false', '"livemode":true'),
      secret: WEBHOOK_SECRET,
    });
    const stale = Stripe.webhooks.generateTestHeaderString({
      payload: body,
      secret: WEBHOOK_SECRET,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    const unsigned = await fetch(`${server.api.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
    });
    const answers = await deliveredAnswers([
      await deliver(body, otherSecret),
      await deliver(body, signedForOtherBody),
      await deliver(body, stale),
      await deliver(body, 'garbage'),
      unsigned,
    ]);
    for (const answer of answers) {
      expect(answer).toEqual({ status: 400, body: { message: 'Invalid Stripe signature', fields: {} } });
    }
    expect(await recordedFor(payment, body)).toEqual({
      events: 0,
      authorized: 0,
      secured: 0,
      status: 'awaiting',
    });
  });

  it('asks Stripe nothing while recording events', () => {
    expect(recorder.calls).toEqual([]);
  });
});
