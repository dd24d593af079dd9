// Stripe in Chromium, on a phone and a laptop, with the SDK's calls answered by a local recorder and its
// stand-in pages (not Stripe) and webhook events signed with the SDK's own test-header helper:
// - the pay step's 'Pay $X by card' opens Checkout; paid there, the customer comes back to a page that
//   says the payment is being confirmed, and the order goes to the farm once Stripe's events arrive;
// - the earnings screen says how the farm is paid; 'Set up Stripe payouts' goes on to Stripe's
//   onboarding and back; once account.updated says the account takes transfers, payouts go to it.
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, signIn, signInBrowser } from '../../ops/fixtures/auth.ts';
import { freePort } from '../../ops/lib/ports.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import {
  call,
  createDraftRequest,
  createOperatorFarm,
  offersOf,
  submitAndQuote,
  TEST_SHIP_TO,
} from '../support/marketplace.ts';
import { awaitingPayment } from '../support/payments.ts';
import { saveScreenshot, VIEWPORTS } from '../support/screenshots.ts';
import { deliverStripeEvent } from '../support/stripeEvents.ts';
import { startStripeRecorder } from '../support/stripeRecorder.ts';

const WAIT = { timeout: 20_000 };
const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const WEBHOOK_SECRET = 'whsec_test_stripe_screens';
const recorder = await startStripeRecorder();
afterAll(() => recorder.close());
// Stripe sends the person back to PUBLIC_URL: the API listens where that says.
const port = await freePort();

const stripeEnv = () => ({
  STRIPE_SECRET_KEY: 'sk_test_stripe_screens',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: recorder.url,
});

describe('Stripe in the browser', { timeout: 120_000 }, () => {
  const suite = useBrowserSuite({
    apiEnv: {
      RATE_LIMIT_DISABLED: 'true',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...stripeEnv(),
    },
    workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer', ...stripeEnv() } },
    contextOptions: { serviceWorkers: 'block' },
  });

  const event = (type: string, object: Record<string, unknown>) =>
    deliverStripeEvent(suite.api.url, WEBHOOK_SECRET, type, object).then((answer) =>
      expect(answer.status).toBe(200),
    );
  const accountReady = (accountId: string) =>
    event('account.updated', {
      id: accountId,
      object: 'account',
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { transfers: 'active' },
    });

  it.each(VIEWPORTS)('pays for a print order by card on Stripe Checkout ($name)', async (viewport) => {
    const farmName = `Card Farm ${viewport.name}`;
    const farm = await createOperatorFarm(suite.api.prisma, suite.api.url, { zip: '78701', name: farmName });
    const customer = await createUser(suite.api.prisma, { firstName: 'Casey' });
    const draft = await createDraftRequest(suite.api.prisma, customer.id, {
      title: `Card part ${viewport.name}`,
      zip: '78701',
    });
    const cookie = await signIn(suite.api.url, customer.email, customer.password);
    expect((await submitAndQuote(suite.api.url, cookie, draft.id)).status).toBe('quoted');
    // This viewport's own farm: the other run's farm quotes the same request too.
    const offer = (await offersOf(suite.api.url, cookie, draft.id)).find(
      (each) => each.farmId === farm.farm.id,
    );
    expect(
      (
        await call(
          `${suite.api.url}/api/print-requests/${draft.id}/offers/${offer?.id}/accept`,
          cookie,
          'POST',
          {
            shippingAddress: TEST_SHIP_TO,
          },
        )
      ).status,
    ).toBe(200);
    const payment = await awaitingPayment(suite.api.prisma, draft.id);

    const page = await suite.newPage({ viewport: { width: viewport.width, height: viewport.height } });
    await signInBrowser(
      page,
      suite.api.url,
      customer.email,
      customer.password,
      `/dashboard/requests/${draft.id}`,
    );
    const section = page.locator('#payment');
    const pay = section.getByRole('button', { name: `Pay ${usd(payment.amountCents)} by card` });
    await pay.waitFor(WAIT);
    await section.scrollIntoViewIfNeeded();
    await saveScreenshot(page, import.meta.url, 'pay-by-card');
    await pay.click();
    await page.getByRole('heading', { name: 'Pay by card' }).waitFor(WAIT);
    const sessionId = new URL(page.url()).pathname.split('/').at(-1) as string;

    // Paid on Stripe's page: Stripe sends the customer back, and its events follow.
    const intent = recorder.payCheckout(sessionId);
    await page.goto(String(recorder.sessions.get(sessionId)?.success_url));
    await section.getByText('we are confirming your card payment with Stripe').waitFor(WAIT);
    await event('checkout.session.completed', {
      ...(recorder.sessions.get(sessionId) as Record<string, unknown>),
    });
    await event('payment_intent.amount_capturable_updated', intent);
    await page.getByRole('heading', { name: `Sent to ${farmName}` }).waitFor({ timeout: 40_000 });
    await section
      .getByText('Your card is authorised; it is charged only when the farm accepts.')
      .waitFor(WAIT);
    await section.scrollIntoViewIfNeeded();
    await saveScreenshot(page, import.meta.url, 'card-authorised');
  });

  it.each(VIEWPORTS)('sets up Stripe payouts and shows when they are on ($name)', async (viewport) => {
    const name = `Stripe Prints ${viewport.name}`;
    const operator = await createOperatorFarm(suite.api.prisma, suite.api.url, { zip: '78701', name });
    const page = await suite.newPage({ viewport: { width: viewport.width, height: viewport.height } });
    await signInBrowser(
      page,
      suite.api.url,
      operator.user.email,
      operator.user.password,
      '/operator/earnings',
    );
    const row = page.locator(`[data-payee-id="${operator.farm.id}"]`);
    await row.getByText('Not set up').waitFor(WAIT);
    await row.getByText('Until then, staff send each payout by bank transfer.').waitFor();
    await saveScreenshot(page, import.meta.url, 'not-set-up', { fullPage: true });

    await row.getByRole('button', { name: `Set up Stripe payouts: ${name}` }).click();
    await page.getByRole('heading', { name: 'Set up payouts' }).waitFor(WAIT);
    const farm = await suite.api.prisma.printFarm.findUniqueOrThrow({ where: { id: operator.farm.id } });
    expect(page.url()).toContain(`/setup/e/${farm.stripeAccountId}`);
    await page.getByRole('link', { name: 'Return' }).click();
    await page.waitForURL((at) => at.pathname === '/operator/earnings', WAIT);
    await row.getByText('Setup unfinished').waitFor(WAIT);
    await row.getByRole('button', { name: `Finish on Stripe: ${name}` }).waitFor();

    await accountReady(farm.stripeAccountId as string);
    await page.reload();
    await row.getByText('Stripe payouts on').waitFor(WAIT);
    await row.getByText('Each weekly payout goes to your Stripe account.').waitFor();
    await row.scrollIntoViewIfNeeded();
    await saveScreenshot(page, import.meta.url, 'ready');
  });
});
