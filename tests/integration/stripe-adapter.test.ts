// The Stripe adapter's calls, as the official SDK sends them to a local recorder at its configurable
// host. This proves what the adapter asks Stripe (endpoints, amounts, idempotency keys), not how
// Stripe itself answers: no Stripe emulator installs on these machines.
import { randomUUID } from 'node:crypto';
import { paymentProvider } from '@printfarm/db/payments';
import type { ProviderPayment } from '@printfarm/db/payments/provider';
import { createStripeProvider } from '@printfarm/db/payments/stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type StripeRecorder, startStripeRecorder } from '../support/stripeRecorder.ts';

let recorder: StripeRecorder;
let provider: ReturnType<typeof createStripeProvider>;

beforeAll(async () => {
  recorder = await startStripeRecorder();
  provider = createStripeProvider({ secretKey: 'sk_test_recorder', apiUrl: recorder.url });
});
afterAll(() => recorder.close());
beforeEach(() => {
  recorder.calls.length = 0;
});

const newPayment = (amountCents = 4250): ProviderPayment => ({
  id: randomUUID(),
  reference: 'PF-7K3M-9QXA',
  amountCents,
  providerRef: null,
  checkoutSessionId: null,
  payerEmail: 'casey@example.test',
  payerName: 'Casey Customer',
});

/** A payment whose card is held, as a completed Checkout leaves it. */
async function heldPayment(amountCents = 4250): Promise<ProviderPayment> {
  const payment = newPayment(amountCents);
  return { ...payment, providerRef: recorder.holdCard(payment).id };
}

const back = {
  successUrl: 'https://app.test/r/1?paid=card#payment',
  cancelUrl: 'https://app.test/r/1#payment',
};

const posts = () => recorder.calls.filter((call) => call.method === 'POST');

describe('the stripe provider', () => {
  it('is chosen only when both keys are set', () => {
    const keys = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(paymentProvider(keys).name).toBe('stripe');
    expect(paymentProvider({ STRIPE_SECRET_KEY: 'sk_test_x' }).name).toBe('invoice');
    expect(paymentProvider({ STRIPE_WEBHOOK_SECRET: 'whsec_x' }).name).toBe('invoice');
    expect(paymentProvider({}).name).toBe('invoice');
  });

  it('opens a Checkout page that holds the whole amount with manual capture', async () => {
    const payment = newPayment(4250);
    const opened = await provider.openCheckout(payment, back, 0);

    expect(recorder.calls).toHaveLength(1);
    const [call] = recorder.calls;
    expect(call).toMatchObject({
      method: 'POST',
      path: '/v1/checkout/sessions',
      idempotencyKey: `checkout:${payment.id}:0`,
    });
    expect(call?.body).toMatchObject({
      mode: 'payment',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '4250',
      'payment_intent_data[capture_method]': 'manual',
      'payment_intent_data[metadata][paymentId]': payment.id,
      'payment_intent_data[metadata][reference]': 'PF-7K3M-9QXA',
      'payment_intent_data[transfer_group]': payment.id,
      'metadata[paymentId]': payment.id,
      customer_email: 'casey@example.test',
      success_url: back.successUrl,
      cancel_url: back.cancelUrl,
    });
    const hours = (Number(call?.body.expires_at) * 1000 - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(22.9);
    expect(hours).toBeLessThanOrEqual(23);
    expect(opened?.sessionId).toMatch(/^cs_test_/);
    expect(opened?.url).toBe(`${recorder.url}/checkout/pay/${opened?.sessionId}`);
  });

  it('answers the same page for the same attempt, and a new one for the next', async () => {
    const payment = newPayment();
    const first = await provider.openCheckout(payment, back, 0);
    const retried = await provider.openCheckout(payment, back, 0);
    const next = await provider.openCheckout(payment, back, 1);
    expect(retried).toEqual(first);
    expect(next?.sessionId).not.toBe(first?.sessionId);
    expect(recorder.calls.map((call) => call.idempotencyKey)).toEqual([
      `checkout:${payment.id}:0`,
      `checkout:${payment.id}:0`,
      `checkout:${payment.id}:1`,
    ]);
  });

  it('captures the amount asked, under the payment’s key', async () => {
    const payment = await heldPayment(4250);
    await provider.capture(payment, 3900);

    expect(posts()).toEqual([
      {
        method: 'POST',
        path: `/v1/payment_intents/${payment.providerRef}/capture`,
        body: { amount_to_capture: '3900' },
        idempotencyKey: `capture:${payment.id}`,
      },
    ]);
    expect(recorder.intents.get(payment.providerRef as string)).toMatchObject({
      status: 'succeeded',
      amount_received: 3900,
    });
  });

  it('sends the same Idempotency-Key when a capture is retried', async () => {
    const payment = await heldPayment();
    // Stripe answers 409 (a lock conflict): the SDK retries the very same request.
    recorder.conflictNext('/capture');
    await provider.capture(payment, 4250);
    // The payment.capture job runs again (its worker died after the call): the same key once more.
    await provider.capture(payment, 4250);

    const captures = posts().filter((call) => call.path.endsWith('/capture'));
    expect(captures).toHaveLength(3);
    for (const call of captures) {
      expect(call.idempotencyKey).toBe(`capture:${payment.id}`);
      expect(call.body).toEqual({ amount_to_capture: '4250' });
    }
  });

  it('treats an intent captured before as captured, after checking it', async () => {
    const payment = await heldPayment();
    await provider.capture(payment, 4250);
    // A day later Stripe has forgotten the key and refuses a second capture; the adapter looks.
    recorder.forgetKeys();
    recorder.calls.length = 0;
    await provider.capture(payment, 4250);

    expect(recorder.calls.map((call) => [call.method, call.path])).toEqual([
      ['POST', `/v1/payment_intents/${payment.providerRef}/capture`],
      ['GET', `/v1/payment_intents/${payment.providerRef}`],
    ]);
  });

  it('fails a capture Stripe refuses for any other reason', async () => {
    const payment = await heldPayment();
    recorder.setIntentStatus(payment.providerRef as string, 'canceled');
    await expect(provider.capture(payment, 4250)).rejects.toThrow(/status of canceled/);
  });

  it('releases the hold instead of refunding an intent not captured', async () => {
    const payment = await heldPayment();
    const refunded = await provider.refund(payment, 4250, 'cancelled:1');

    expect(recorder.calls.map((call) => [call.method, call.path, call.idempotencyKey])).toEqual([
      ['GET', `/v1/payment_intents/${payment.providerRef}`, null],
      ['POST', `/v1/payment_intents/${payment.providerRef}/cancel`, 'refund:cancelled:1'],
    ]);
    expect(refunded).toEqual({ providerRef: payment.providerRef });
    expect(recorder.intents.get(payment.providerRef as string)?.status).toBe('canceled');
    // Asked again (a retried job): the hold is gone already, nothing more is sent.
    recorder.calls.length = 0;
    await provider.refund(payment, 4250, 'cancelled:1');
    expect(posts()).toEqual([]);
  });

  it('refunds captured money through a Refund under the refund’s key', async () => {
    const payment = await heldPayment(4250);
    await provider.capture(payment, 4250);
    recorder.calls.length = 0;
    const refunded = await provider.refund(payment, 1200, 'claim:abc');

    expect(posts()).toEqual([
      {
        method: 'POST',
        path: '/v1/refunds',
        body: { payment_intent: payment.providerRef as string, amount: '1200' },
        idempotencyKey: 'refund:claim:abc',
      },
    ]);
    expect(refunded.providerRef).toMatch(/^re_/);
  });

  it('releases the hold when nothing is to be captured', async () => {
    const payment = await heldPayment();
    await provider.capture(payment, 0);
    expect(posts().map((call) => [call.path, call.idempotencyKey])).toEqual([
      [`/v1/payment_intents/${payment.providerRef}/cancel`, `capture:${payment.id}`],
    ]);
  });

  it('ends the Checkout page of a payment called off before it was paid, once', async () => {
    const payment = newPayment();
    const opened = await provider.openCheckout(payment, back, 0);
    const called = { ...payment, checkoutSessionId: opened?.sessionId ?? null };
    recorder.calls.length = 0;
    await provider.void(called);
    expect(posts().map((call) => call.path)).toEqual([`/v1/checkout/sessions/${opened?.sessionId}/expire`]);
    expect(recorder.sessions.get(opened?.sessionId as string)?.status).toBe('expired');
    recorder.calls.length = 0;
    await provider.void(called);
    expect(posts()).toEqual([]);
  });

  it('releases the hold of a payment called off after the card was held', async () => {
    const payment = await heldPayment();
    await provider.void(payment);
    expect(posts().map((call) => [call.path, call.idempotencyKey])).toEqual([
      [`/v1/payment_intents/${payment.providerRef}/cancel`, `void:${payment.id}`],
    ]);
  });

  it('leaves a captured intent alone when voided (the refund path gives that money back)', async () => {
    const payment = await heldPayment();
    await provider.capture(payment, 4250);
    recorder.calls.length = 0;
    await provider.void(payment);
    expect(posts()).toEqual([]);
  });

  it('pays a payee with a connected account by a transfer, under the payout’s key', async () => {
    const id = randomUUID();
    const sent = await provider.payout({ id, amountCents: 18_700, destination: 'acct_1FarmAustin' });

    expect(recorder.calls).toEqual([
      {
        method: 'POST',
        path: '/v1/transfers',
        body: {
          amount: '18700',
          currency: 'usd',
          destination: 'acct_1FarmAustin',
          'metadata[payoutId]': id,
        },
        idempotencyKey: `payout:${id}`,
      },
    ]);
    expect(sent.status).toBe('sent');
    expect(sent.providerRef).toMatch(/^tr_/);
  });

  it('leaves a payee without a connected account to staff, calling nothing', async () => {
    const pending = await provider.payout({ id: randomUUID(), amountCents: 5000, destination: null });
    expect(pending).toEqual({ status: 'pending', providerRef: null });
    expect(recorder.calls).toEqual([]);
  });
});
