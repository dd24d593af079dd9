// Paying by card with Stripe Checkout, on the real API and workers: the pay step opens Checkout's hosted
// page for the payment (only the payer may, a shopper by the order's signed link); paying there makes
// the card hold whose webhook events secure the payment and route the order; an order cancelled before
// it was paid has its page ended by payment.void. The SDK's calls go to a local recorder at its
// configurable host and events are signed with the SDK's test-header helper: this is not Stripe itself.
import { lockPayment } from '@printfarm/db/payments/flow';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { paymentRefund } from '../../workers/src/jobs/paymentRefund.ts';
import { blockedBehind } from '../support/locks.ts';
import { emailsTo } from '../support/maildev.ts';
import { call } from '../support/marketplace.ts';
import { awaitingPayment, moneySettled } from '../support/payments.ts';
import { routingKit } from '../support/routing.ts';
import { eventually, useServerSuite } from '../support/server.ts';
import { deliverStripeEvent } from '../support/stripeEvents.ts';
import { startStripeRecorder } from '../support/stripeRecorder.ts';

const WEBHOOK_SECRET = 'whsec_test_checkout';
const recorder = await startStripeRecorder();
afterAll(() => recorder.close());
const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_checkout',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: recorder.url,
};

describe('paying by card on Stripe Checkout', () => {
  const server = useServerSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true', ...stripeEnv },
    workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer', ...stripeEnv } },
  });
  const kit = routingKit(server);
  const checkout = (paymentId: string, cookie: string, body: unknown = {}) =>
    call<{ url: string; message: string }>(
      kit.url(`/api/payments/${paymentId}/checkout`),
      cookie,
      'POST',
      body,
    );

  async function accepted() {
    await kit.rankedFarms(1);
    const { request, offers } = await kit.quote();
    expect((await kit.accept(request.id, offers[0], { pay: false })).status).toBe(200);
    return { request, payment: await awaitingPayment(kit.prisma(), request.id) };
  }

  it('opens one page for the payer only, and the card paid there routes the order', async () => {
    const before = recorder.calls.length;
    const { request, payment } = await accepted();
    expect(payment.provider).toBe('stripe');
    // Nothing is asked of Stripe until the customer chooses to pay by card.
    expect(recorder.calls.length).toBe(before);

    const opened = await checkout(payment.id, kit.cookie);
    expect(opened.status).toBe(200);
    const sessionId = opened.body.url.split('/').at(-1) as string;
    expect(opened.body.url).toBe(`${recorder.url}/checkout/pay/${sessionId}`);
    const session = recorder.sessions.get(sessionId);
    expect(session).toMatchObject({ amount_total: payment.amountCents, status: 'open' });
    expect(String(session?.success_url)).toMatch(
      new RegExp(`/dashboard/requests/${request.id}\\?paid=card#payment$`),
    );
    // Back at the pay step, the same page.
    expect((await checkout(payment.id, kit.cookie)).body.url).toBe(opened.body.url);
    expect(recorder.calls.filter((each) => each.path === '/v1/checkout/sessions')).toHaveLength(1);

    // Nobody else opens it.
    const stranger = await createUser(kit.prisma());
    expect((await checkout(payment.id, await signIn(kit.url(''), stranger.email))).status).toBe(404);
    expect((await checkout(payment.id, '')).status).toBe(404);

    // Paid on the page: Stripe's events hold the card, secure the payment and route the order.
    const intent = recorder.payCheckout(sessionId);
    const completed = { ...(recorder.sessions.get(sessionId) as Record<string, unknown>) };
    expect(
      (await deliverStripeEvent(kit.url(''), WEBHOOK_SECRET, 'checkout.session.completed', completed)).status,
    ).toBe(200);
    expect(
      (
        await deliverStripeEvent(
          kit.url(''),
          WEBHOOK_SECRET,
          'payment_intent.amount_capturable_updated',
          intent,
        )
      ).status,
    ).toBe(200);
    const secured = await kit.prisma().payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect([secured.status, secured.providerRef]).toEqual(['authorized', intent.id]);
    await eventually(
      async () => (await kit.prisma().printJob.count({ where: { requestId: request.id } })) === 1,
    );
    expect((await checkout(payment.id, kit.cookie)).body.message).toBe('This payment is no longer awaited');
  });

  it('ends a page about to expire before opening the next, so only one can be paid', async () => {
    const { payment } = await accepted();
    const sessionOf = (url: string) => url.split('/').at(-1) as string;
    const first = sessionOf((await checkout(payment.id, kit.cookie)).body.url);
    const aboutToExpire = () =>
      kit.prisma().payment.update({
        where: { id: payment.id },
        data: { checkoutExpiresAt: new Date(Date.now() + 5 * 60_000) },
      });

    await aboutToExpire();
    const second = sessionOf((await checkout(payment.id, kit.cookie)).body.url);
    expect(second).not.toBe(first);
    expect([recorder.sessions.get(first)?.status, recorder.sessions.get(second)?.status]).toEqual([
      'expired',
      'open',
    ]);
    expect(() => recorder.payCheckout(first)).toThrow(/not open/);

    // Paid on the page a moment before its webhook: no third page, and it stays the only one paid.
    recorder.payCheckout(second);
    await aboutToExpire();
    const sessionsBefore = recorder.sessions.size;
    const again = await checkout(payment.id, kit.cookie);
    expect([again.status, again.body.message]).toEqual([
      409,
      'This payment was just made on its card page: it shows as paid in a moment',
    ]);
    expect(recorder.sessions.size).toBe(sessionsBefore);
  });

  it('two refunds of one held card at once release the hold once, with one e-mail', async () => {
    const { payment } = await accepted();
    const sessionId = (await checkout(payment.id, kit.cookie)).body.url.split('/').at(-1) as string;
    const intent = recorder.payCheckout(sessionId);
    for (const [type, object] of [
      ['checkout.session.completed', { ...(recorder.sessions.get(sessionId) as Record<string, unknown>) }],
      ['payment_intent.amount_capturable_updated', intent],
    ] as const) {
      expect((await deliverStripeEvent(kit.url(''), WEBHOOK_SECRET, type, object)).status).toBe(200);
    }
    await moneySettled(server);
    const refundMails = async () =>
      (await emailsTo(kit.customer.email)).filter((mail) => mail.subject === 'Card hold released').length;
    const mailsBefore = await refundMails();

    // A cancel's refund and an unwanted payment's refund read the held card at the same moment; the
    // payment's row is held so that both have read it before either writes.
    const outcomes = await blockedBehind(kit.prisma(), {
      lock: (tx) => lockPayment(tx, payment.id),
      contenders: () =>
        Promise.all(
          ['cancel', 'unwanted'].map((why) =>
            paymentRefund(
              { paymentId: payment.id, key: `${why}:${payment.id}`, reason: 'The order was cancelled' },
              server.workers.jobContext(),
            ),
          ),
        ),
      waiters: 2,
    });
    expect(outcomes.sort()).toEqual(['done', 'skipped']);

    const after = await kit.prisma().payment.findUniqueOrThrow({ where: { id: payment.id } });
    expect(after.status).toBe('refunded');
    expect(
      await kit.prisma().ledgerTransaction.count({ where: { paymentId: payment.id, kind: 'hold.released' } }),
    ).toBe(1);
    await eventually(async () => (await refundMails()) > mailsBefore || undefined);
    expect(await refundMails()).toBe(mailsBefore + 1);
  });

  it('ends the page of an order cancelled before it was paid', async () => {
    const { request, payment } = await accepted();
    const sessionId = (await checkout(payment.id, kit.cookie)).body.url.split('/').at(-1) as string;
    expect(
      (await call(kit.url(`/api/print-requests/${request.id}/cancel`), kit.cookie, 'POST', {})).status,
    ).toBe(200);
    await eventually(async () => recorder.sessions.get(sessionId)?.status === 'expired' || undefined);
    const expired = recorder.calls.filter(
      (each) => each.path === `/v1/checkout/sessions/${sessionId}/expire`,
    );
    expect(expired).toHaveLength(1);
    expect(await kit.prisma().ledgerTransaction.count({ where: { paymentId: payment.id } })).toBe(0);
  });

  it('lets a shopper open the card page of a store order by its signed link only', async () => {
    const owner = await createUser(kit.prisma(), { role: 'operator' });
    const store = await kit.prisma().store.create({
      data: {
        userId: owner.id,
        storeName: `card-${Date.now()}`,
        displayName: 'Card Parts',
        products: { create: [{ name: 'Latch', price: '18.00', stockQuantity: 5 }] },
      },
      include: { products: true },
    });
    const placed = await call<{
      id: string;
      confirmationPath: string;
      payment: { id: string; amountCents: number };
    }>(kit.url(`/api/stores/${store.id}/orders`), '', 'POST', {
      customerName: 'Sam Shopper',
      customerEmail: 'sam.shopper@example.test',
      shippingAddress: { street: '5 Fayette St', city: 'Raleigh', state: 'NC', zipCode: '27601' },
      shippingMethod: 'standard',
      items: [{ productId: store.products[0]?.id, quantity: 1 }],
    });
    expect(placed.status).toBe(201);
    const token = new URL(placed.body.confirmationPath, 'http://x').searchParams.get('token') as string;
    expect((await checkout(placed.body.payment.id, '', { token: 'forged' })).status).toBe(404);
    const opened = await checkout(placed.body.payment.id, '', { token });
    expect(opened.status).toBe(200);
    const session = recorder.sessions.get(opened.body.url.split('/').at(-1) as string);
    expect(session?.amount_total).toBe(placed.body.payment.amountCents);
    expect(String(session?.success_url)).toContain(`${placed.body.confirmationPath}&paid=card`);
    expect(String(session?.cancel_url)).toMatch(
      new RegExp(`${placed.body.confirmationPath.replace('?', '\\?')}$`),
    );
  });
});
