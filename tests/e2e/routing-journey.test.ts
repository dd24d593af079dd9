// Both sides of an order in Chromium (issue 11): the customer accepts an offer; the operator signs in,
// sees the new job with its badge, accepts it, reports 50 % and ships it with a tracking number; the
// customer follows every step on the request screen and in MailDev, rates the job, and the farm's new
// rating shows on the offers of the customer's next request.

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, type TestUser } from '../../ops/fixtures/auth.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { emailsTo } from '../support/maildev.ts';
import { createDraftRequest, createFarm, FDM_X1 } from '../support/marketplace.ts';
import { payForRequest } from '../support/payments.ts';
import { eventually } from '../support/server.ts';

const WAIT = { timeout: 20_000 };
const TRACKING = '1Z999AA10123456784';

async function signInAt(page: Page, baseUrl: string, user: TestUser): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => url.pathname !== '/login', WAIT);
}

/** Waits until an e-mail to `address` whose subject contains `subject` has arrived; returns it. */
function mailTo(address: string, subject: string) {
  return eventually(
    async () => (await emailsTo(address)).find((mail) => mail.subject.includes(subject)),
    20_000,
  );
}

describe('an order from both sides', () => {
  const suite = useBrowserSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
    workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } },
    contextOptions: { serviceWorkers: 'block', viewport: { width: 1366, height: 900 } },
  });

  it('routes, prints, ships and rates an order, e-mailing each step', { timeout: 120_000 }, async () => {
    const { prisma } = suite.api;
    const operator = await createUser(prisma, { role: 'operator', firstName: 'Olive' });
    const customer = await createUser(prisma, { firstName: 'Casey' });
    const farmName = 'Lone Star Layers';
    // The operator's farm has a short record (one 3-star rating) and the lowest rates nearby.
    await createFarm(prisma, {
      zip: '78701',
      name: farmName,
      ownerId: operator.id,
      inventory: [FDM_X1],
      rating: '3.00',
      totalJobs: 1,
      plaRate: {
        materialRate: '0.10',
        machineHourRate: '1.00',
        setupFee: '1.00',
        minimumOrder: '2.00',
        leadTimeDays: 2,
      },
    });
    await createFarm(prisma, { zip: '78664', name: 'Round Rock Layers', inventory: [FDM_X1] });
    await createFarm(prisma, { zip: '78613', name: 'Cedar Park Prints', inventory: [FDM_X1] });
    const request = await createDraftRequest(prisma, customer.id, {
      title: 'Drone camera mount',
      zip: '78701',
    });

    // The customer gets quotes and accepts the operator's offer.
    const shopper = await suite.newPage();
    await signInAt(shopper, suite.api.url, customer);
    await shopper.goto(`${suite.api.url}/dashboard/requests/${request.id}`);
    // The screen shows from the server's HTML before the app runs it: press once the app has taken it
    // over (a press before then is held and replayed, which tests/e2e/pwa.test.ts covers).
    await shopper.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await shopper.getByRole('button', { name: 'Get quotes' }).click();
    const offer = shopper.locator('.offer-card', { hasText: farmName });
    await offer.waitFor(WAIT);
    expect(await offer.getByText('3.0', { exact: true }).count()).toBe(1);
    // The customer orders from the quotes e-mail (sent once the round's prices are in).
    await mailTo(customer.email, 'Your quotes are ready: Drone camera mount');
    await offer.getByRole('button', { name: 'Accept' }).click();
    await shopper
      .getByRole('dialog', { name: `Order from ${farmName}?` })
      .getByRole('button', { name: 'Place order' })
      .click();
    await shopper.getByText('Awaiting your payment').waitFor(WAIT);
    await payForRequest(prisma, request.id);
    await shopper.getByRole('heading', { name: `Sent to ${farmName}` }).waitFor({ timeout: 40_000 });
    const newJob = await mailTo(operator.email, 'New print job: Drone camera mount');
    expect(newJob.text).toContain('Accept, decline or propose new terms by');

    // The operator lands on the inbox with its badge, opens the job and works it.
    const farm = await suite.browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: 390, height: 844 },
    });
    try {
      const workshop = await farm.newPage();
      await signInAt(workshop, suite.api.url, operator);
      expect(new URL(workshop.url()).pathname).toBe('/operator');
      const inbox = workshop.getByRole('link', { name: 'Job inbox (1 new)' });
      await inbox.waitFor(WAIT);
      expect(await inbox.locator('.op-badge').textContent()).toBe('1');
      await workshop.getByRole('link', { name: /Drone camera mount/ }).click();
      await workshop.getByRole('button', { name: 'Accept job' }).click();
      await workshop.getByRole('heading', { name: 'Accepted — time to print' }).waitFor(WAIT);

      await shopper.reload();
      await shopper.getByText(`${farmName} accepted your order and starts printing soon.`).waitFor(WAIT);
      expect((await mailTo(customer.email, `${farmName} accepted your order`)).text).toContain(
        'Drone camera mount',
      );

      await workshop.getByRole('button', { name: '50%' }).click();
      await workshop.getByRole('button', { name: 'Save progress' }).click();
      await workshop.getByText('The customer sees 50% complete.').first().waitFor(WAIT);
      await shopper.reload();
      await shopper.locator('.order-progress__label', { hasText: '50% complete' }).waitFor(WAIT);
      await mailTo(customer.email, 'Printing has started: Drone camera mount');

      await workshop.getByRole('button', { name: 'Mark shipped' }).click();
      const ship = workshop.getByRole('dialog', { name: 'Mark shipped' });
      await ship.getByLabel('Tracking number').fill(TRACKING);
      await ship.getByRole('button', { name: 'Mark shipped' }).click();
      await ship.waitFor({ state: 'detached', ...WAIT });
      await workshop.getByRole('link', { name: 'Track parcel' }).waitFor(WAIT);

      await shopper.reload();
      const parcel = shopper.getByRole('link', { name: TRACKING });
      await parcel.waitFor(WAIT);
      expect(await parcel.getAttribute('href')).toBe(`https://www.ups.com/track?tracknum=${TRACKING}`);
      const shipped = await mailTo(customer.email, 'Shipped: Drone camera mount');
      expect(shipped.text).toContain(`Track it: https://www.ups.com/track?tracknum=${TRACKING}`);

      await workshop.getByRole('button', { name: 'Mark delivered' }).click();
      await eventually(async () =>
        (await prisma.customPrintRequest.findUniqueOrThrow({ where: { id: request.id } })).status ===
        'completed'
          ? true
          : undefined,
      );
    } finally {
      await farm.close();
    }
    const delivered = await mailTo(customer.email, 'Delivered: Drone camera mount');
    expect(delivered.text).toContain(`/dashboard/requests/${request.id}#rate`);

    // The customer rates the job from the e-mail's link.
    await shopper.goto(`${suite.api.url}/dashboard/requests/${request.id}#rate`);
    await shopper.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    const rate = shopper.getByRole('form', { name: 'Rate your print' });
    await rate.waitFor(WAIT);
    for (const group of ['Print quality', 'Communication', 'On time']) {
      await rate
        .getByRole('group', { name: new RegExp(group) })
        .getByLabel(/^5 of 5/)
        .check();
    }
    await rate.getByRole('button', { name: 'Send rating' }).click();
    await shopper.getByRole('heading', { name: `Your rating of ${farmName}` }).waitFor(WAIT);
    const rated = await prisma.printFarm.findFirstOrThrow({ where: { displayName: farmName } });
    expect([rated.rating.toFixed(2), rated.totalJobs]).toEqual(['4.00', 2]);

    // Every e-mail of the order arrived once.
    const subjects = (await emailsTo(customer.email)).map((mail) => mail.subject);
    for (const subject of [
      'Your quotes are ready: Drone camera mount',
      `${farmName} accepted your order: Drone camera mount`,
      'Printing has started: Drone camera mount',
      'Shipped: Drone camera mount',
    ]) {
      expect(
        subjects.filter((s) => s === subject),
        subject,
      ).toHaveLength(1);
    }

    // The next request's offers carry the farm's new rating.
    const next = await createDraftRequest(prisma, customer.id, { title: 'Second mount', zip: '78701' });
    await shopper.goto(`${suite.api.url}/dashboard/requests/${next.id}`);
    await shopper.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    await shopper.getByRole('button', { name: 'Get quotes' }).click();
    const again = shopper.locator('.offer-card', { hasText: farmName });
    await again.waitFor(WAIT);
    expect(await again.getByText('4.0', { exact: true }).count()).toBe(1);
  });
});
