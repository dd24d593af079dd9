// A card payment called off before the customer confirmed it: cancelling the order fails the payment
// and payment.void cancels its PaymentIntent at Stripe (here the SDK's calls go to a local recorder at
// its configurable host, not to Stripe), so the card can no longer be charged for an order that is gone.
import { afterAll, describe, expect, it } from 'vitest';
import { call } from '../support/marketplace.ts';
import { awaitingPayment } from '../support/payments.ts';
import { routingKit } from '../support/routing.ts';
import { eventually, useServerSuite } from '../support/server.ts';
import { startStripeRecorder } from '../support/stripeRecorder.ts';

const recorder = await startStripeRecorder();
afterAll(() => recorder.close());
const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_printfarm',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_printfarm',
  STRIPE_API_URL: recorder.url,
};

describe('a card payment called off', () => {
  const server = useServerSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true', ...stripeEnv },
    workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer', ...stripeEnv } },
  });
  const kit = routingKit(server);

  it('cancels its PaymentIntent once when the order is cancelled before the card was confirmed', async () => {
    await kit.rankedFarms(1);
    const { request, offers } = await kit.quote();
    expect((await kit.accept(request.id, offers[0], { pay: false })).status).toBe(200);
    const payment = await awaitingPayment(kit.prisma(), request.id);
    expect(payment.provider).toBe('stripe');
    const intent = payment.providerRef;
    expect(intent).toMatch(/^pi_/);
    expect(recorder.intents.get(intent as string)?.status).toBe('requires_payment_method');

    const cancelled = await call(kit.url(`/api/print-requests/${request.id}/cancel`), kit.cookie, 'POST', {});
    expect(cancelled.status).toBe(200);
    expect((await kit.prisma().payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe(
      'failed',
    );
    await eventually(async () => recorder.intents.get(intent as string)?.status === 'canceled' || undefined);
    const cancels = recorder.calls.filter(
      (each) => each.method === 'POST' && each.path === `/v1/payment_intents/${intent}/cancel`,
    );
    expect(cancels.map((each) => each.idempotencyKey)).toEqual([`void:${payment.id}`]);
    // Nothing was held or taken, so nothing is refunded and the ledger has no entry for it.
    expect(await kit.prisma().ledgerTransaction.count({ where: { paymentId: payment.id } })).toBe(0);
  });
});
