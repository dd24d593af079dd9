// Setting up Stripe payouts in Chromium, on a phone and a laptop: the earnings screen says how the farm
// is paid; 'Set up Stripe payouts' goes on to Stripe's onboarding (here the local recorder's stand-in
// page, not Stripe) and back; once Stripe's account.updated says the account takes transfers, the screen
// says payouts go to it. The webhook event is signed with the SDK's own test-header helper.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../ops/lib/ports.ts';
import { signInBrowser } from '../support/auth.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { createOperatorFarm } from '../support/marketplace.ts';
import { saveScreenshot, VIEWPORTS } from '../support/screenshots.ts';
import { startStripeRecorder } from '../support/stripeRecorder.ts';

const WAIT = { timeout: 20_000 };
const WEBHOOK_SECRET = 'whsec_test_payout_screens';
const recorder = await startStripeRecorder();
afterAll(() => recorder.close());
// Stripe sends the person back to PUBLIC_URL: the API listens where that says.
const port = await freePort();

describe('Stripe payouts on the earnings screen', () => {
  const suite = useBrowserSuite({
    apiEnv: {
      RATE_LIMIT_DISABLED: 'true',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      STRIPE_SECRET_KEY: 'sk_test_payout_screens',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: recorder.url,
    },
    contextOptions: { serviceWorkers: 'block' },
  });

  async function accountReady(accountId: string) {
    const body = JSON.stringify({
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: 'account.updated',
      account: accountId,
      data: {
        object: {
          id: accountId,
          object: 'account',
          payouts_enabled: true,
          details_submitted: true,
          capabilities: { transfers: 'active' },
        },
      },
    });
    const answer = await fetch(`${suite.api.url}/api/payments/stripe/webhook`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({
          payload: body,
          secret: WEBHOOK_SECRET,
        }),
      },
      body,
    });
    expect(answer.status).toBe(200);
  }

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
