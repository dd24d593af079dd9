// Issue 24's journeys in Chromium, each person at their own screen, with every e-mail read in MailDev.
// The print order runs whole twice, everyone on a phone (390×844), then everyone on a laptop (1366×900):
//   1. the customer accepts and is told how to pay; staff record the bank transfer on the payments desk
//   2. the farm sees 'You receive $X', accepts, and the capture is in the ledger
//   3. the part is shipped and delivered
//   4. the claims window closes by itself (claims.close, a few seconds here) and the share is available
//   5. the weekly payout states it, staff mark it sent, and the farm's statement shows its share
// And a store order paid and then refunded when the store cancels it, the refund sent by staff; a
// membership invoice paid.
import { randomUUID } from 'node:crypto';
import { trialBalance } from '@printfarm/db/ledger';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, signInBrowser, type TestUser } from '../../ops/fixtures/auth.ts';
import { payoutsRun } from '../../workers/src/jobs/payoutsRun.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { emailsTo, type ReceivedEmail } from '../support/maildev.ts';
import { call, createDraftRequest, createFarm, FDM_X1, submitAndQuote } from '../support/marketplace.ts';
import { awaitingPayment } from '../support/payments.ts';
import { DESKTOP, PHONE, saveScreenshot, VIEWPORTS, type Viewport } from '../support/screenshots.ts';
import { eventually } from '../support/server.ts';

const WAIT = { timeout: 20_000 };
// Long enough that the customer's page, reloaded after the delivered e-mail, still finds the window
// open on a loaded machine (at 4 s a CI run twice as slow as usual saw it close first).
const CLAIM_WINDOW_MS = 12_000;
const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

/** The e-mail to `address` whose subject is exactly `subject`, waited for; it must be the only one. */
async function onlyMail(address: string, subject: string): Promise<ReceivedEmail> {
  const [mail, ...more] = await eventually(async () => {
    const found = (await emailsTo(address)).filter((each) => each.subject === subject);
    return found.length > 0 ? found : undefined;
  }, 20_000);
  expect(more, `"${subject}" arrived more than once`).toHaveLength(0);
  return mail as ReceivedEmail;
}

describe('money journeys in Chromium', () => {
  const suite = useBrowserSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true', CLAIM_WINDOW_MS: String(CLAIM_WINDOW_MS) },
    workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } },
    contextOptions: { serviceWorkers: 'block' },
  });
  const prisma = () => suite.api.prisma;
  let staff: TestUser;

  beforeAll(async () => {
    staff = await createUser(prisma(), { role: 'staff', firstName: 'Sam' });
  });

  /** A fresh signed-in context of its own: several people are on screen at once. */
  async function screenOf(user: TestUser, viewport: Viewport, next: string): Promise<Page> {
    const context = await suite.browser.newContext({
      serviceWorkers: 'block',
      viewport: { width: viewport.width, height: viewport.height },
    });
    const page = await context.newPage();
    await signInBrowser(page, suite.api.url, user.email, user.password, next);
    await page.waitForURL((at) => at.pathname === next.split(/[?#]/)[0], WAIT);
    return page;
  }

  /** Staff record a bank transfer for the payment on the payments desk. */
  async function recordOnDesk(viewport: Viewport, paymentId: string, bankReference: string, shot: string) {
    const desk = await screenOf(staff, viewport, '/admin/payments');
    try {
      const row = desk.locator(`[data-payment-id="${paymentId}"]`);
      await row.waitFor(WAIT);
      await row.getByLabel('Bank’s reference').fill(bankReference);
      await saveScreenshot(desk, import.meta.url, shot);
      await row.getByRole('button', { name: 'Record transfer' }).click();
      await row.waitFor({ state: 'detached', ...WAIT });
    } finally {
      await desk.context().close();
    }
  }

  for (const viewport of VIEWPORTS) {
    it(
      `a print order on a ${viewport.name}: paid by transfer, captured on accept, delivered, released and paid out`,
      {
        timeout: 240_000,
      },
      () => printOrderJourney(viewport),
    );
  }

  async function printOrderJourney(viewport: Viewport) {
    // Each run's farm is its own, so the other run's farm (also near 78701) can be told apart.
    const FARM_NAME = `Hill Country Prints ${viewport.name}`;
    const operator = await createUser(prisma(), { role: 'operator', firstName: 'Olive' });
    const customer = await createUser(prisma(), { firstName: 'Casey', lastName: 'Customer' });
    const farm = await createFarm(prisma(), {
      zip: '78701',
      name: FARM_NAME,
      ownerId: operator.id,
      inventory: [FDM_X1],
    });
    const title = `Tripod foot ${randomUUID().slice(0, 6)}`;
    const draft = await createDraftRequest(prisma(), customer.id, { title, zip: '78701' });
    const customerCookie = await signIn(suite.api.url, customer.email, customer.password);
    expect((await submitAndQuote(suite.api.url, customerCookie, draft.id)).status).toBe('quoted');

    // 1. The customer accepts, gives the ship-to address and lands on the pay step.
    const shopper = await screenOf(customer, viewport, `/dashboard/requests/${draft.id}`);
    await shopper
      .locator('.offer-card', { hasText: FARM_NAME })
      .getByRole('button', { name: 'Accept' })
      .click();
    const order = shopper.getByRole('dialog', { name: `Order from ${FARM_NAME}?` });
    await order.getByLabel('Full name').fill('Casey Customer');
    await order.getByLabel('Street address').fill('9 Elm St');
    await order.getByRole('button', { name: 'Place order' }).click();
    await order.waitFor({ state: 'detached', ...WAIT });
    const payment = await awaitingPayment(prisma(), draft.id);
    await shopper.locator('#payment').getByText('Awaiting your payment').waitFor(WAIT);
    expect(await shopper.getByTestId('payment-total').textContent()).toBe(usd(payment.amountCents));
    const howToPay = await onlyMail(customer.email, `Pay for your order: ${title}`);
    expect(howToPay.text).toContain(payment.reference);
    expect(howToPay.text).toContain(usd(payment.amountCents));
    expect(await prisma().printJob.count({ where: { requestId: draft.id } })).toBe(0);

    // Staff record the transfer on the payments desk; the customer hears it arrived, the farm gets the job.
    await recordOnDesk(viewport, payment.id, 'ACH 7781', 'desk-record-transfer');
    const received = await onlyMail(customer.email, `Payment received: ${usd(payment.amountCents)}`);
    expect(received.text).toContain(payment.reference);
    await onlyMail(operator.email, `New print job: ${title}`);
    await shopper.reload();
    await shopper.getByRole('heading', { name: `Sent to ${FARM_NAME}` }).waitFor(WAIT);
    await saveScreenshot(shopper, import.meta.url, 'customer-sent-to-farm');

    // 2. The farm sees what it receives and accepts: the payment is captured.
    const job = await prisma().printJob.findFirstOrThrow({ where: { requestId: draft.id } });
    const workshop = await screenOf(operator, viewport, `/operator/jobs/${job.id}`);
    const shareCents = payment.amountCents - Math.max(100, Math.round(payment.amountCents * 0.1));
    await workshop.locator('.op-facts').getByText('You receive').waitFor(WAIT);
    await workshop.locator('.op-facts').getByText(usd(shareCents), { exact: true }).waitFor();
    await workshop.getByRole('button', { name: 'Accept job' }).click();
    await workshop.getByRole('heading', { name: 'Accepted — time to print' }).waitFor(WAIT);
    const captured = await eventually(async () => {
      const row = await prisma().payment.findUniqueOrThrow({ where: { id: payment.id } });
      return row.status === 'captured' ? row : undefined;
    });
    expect([captured.capturedCents, captured.shareCents]).toEqual([payment.amountCents, shareCents]);
    expect(
      await prisma().ledgerTransaction.count({ where: { paymentId: payment.id, kind: 'captured' } }),
    ).toBe(1);
    await onlyMail(customer.email, `${FARM_NAME} accepted your order: ${title}`);

    // 3. Shipped and delivered.
    await workshop.getByRole('button', { name: 'Mark shipped' }).click();
    const ship = workshop.getByRole('dialog', { name: 'Mark shipped' });
    await ship.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await ship.waitFor({ state: 'detached', ...WAIT });
    await onlyMail(customer.email, `Shipped: ${title}`);
    await workshop.getByRole('button', { name: 'Mark delivered' }).click();
    await onlyMail(customer.email, `Delivered: ${title}. How did ${FARM_NAME} do?`);
    await workshop.context().close();
    await shopper.reload();
    await shopper.locator('#claim').getByRole('button', { name: 'Report a problem' }).waitFor(WAIT);
    await saveScreenshot(shopper, import.meta.url, 'customer-delivered-claim-window');

    // 4. No claim: once the window closes, claims.close makes the share available by itself.
    await eventually(async () => {
      const { body } = await call<{ availableCents: number }>(
        `${suite.api.url}/api/operator/earnings`,
        await signIn(suite.api.url, operator.email, operator.password),
      );
      return body.availableCents === shareCents || undefined;
    }, CLAIM_WINDOW_MS + 20_000);
    await shopper.reload();
    await shopper
      .locator('#payment')
      .getByText(/^Charged/)
      .waitFor(WAIT);
    expect(await shopper.locator('#claim').getByRole('button', { name: 'Report a problem' }).count()).toBe(0);
    await shopper.context().close();

    // 5. The weekly payout states the share; staff mark it sent; the farm is told.
    expect(await payoutsRun({}, suite.workers.jobContext())).toBe('done');
    const payout = await prisma().payout.findFirstOrThrow({ where: { farmId: farm.id } });
    expect(payout.amountCents).toBe(shareCents);
    const desk = await screenOf(staff, viewport, '/admin/payments');
    const statement = desk.locator(`[data-payout-id="${payout.id}"]`);
    await statement.getByText(usd(shareCents)).waitFor(WAIT);
    await saveScreenshot(desk, import.meta.url, 'desk-payout');
    await statement.getByRole('button', { name: 'Mark sent' }).click();
    await statement.getByRole('button', { name: 'Mark sent' }).waitFor({ state: 'detached', ...WAIT });
    await desk.context().close();
    const sent = await onlyMail(operator.email, `Payout sent: ${usd(shareCents)}`);
    expect(sent.text).toContain('/operator/earnings');

    {
      const earnings = await screenOf(operator, viewport, '/operator/earnings');
      const figure = (label: string) =>
        earnings
          .locator('.figures__item', { has: earnings.locator('dt', { hasText: label }) })
          .locator('.figures__value');
      await figure('Paid out').getByText(usd(shareCents)).waitFor(WAIT);
      expect(await figure('Available').textContent()).toBe(usd(0));
      // The job's own row says its share went out with this payout.
      await earnings
        .locator(`[data-job-id="${job.id}"]`)
        .getByText(/^Paid out/)
        .waitFor(WAIT);
      const link = earnings.getByRole('link', { name: 'Statement (CSV)' }).first();
      expect(await link.getAttribute('href')).toBe(`/api/operator/payouts/${payout.id}/statement.csv`);
      await saveScreenshot(earnings, import.meta.url, 'farm-earnings-paid-out', { fullPage: true });
      const csv = await earnings.evaluate(
        async (href) => (await fetch(href as string)).text(),
        await link.getAttribute('href'),
      );
      expect(csv).toContain(title);
      expect(csv).toContain(`Total,,${(shareCents / 100).toFixed(2)}`);
      await earnings.context().close();
    }

    // Every e-mail of the order went out once, and the books balance.
    const subjects = [...(await emailsTo(customer.email)), ...(await emailsTo(operator.email))].map(
      (mail) => mail.subject,
    );
    expect(subjects.length).toBe(new Set(subjects).size);
    expect((await trialBalance(prisma())).balanceCents).toBe(0);
  }

  it('a store order paid and then refunded, and a membership invoice paid', {
    timeout: 180_000,
  }, async () => {
    const owner = await createUser(prisma(), { role: 'operator', firstName: 'Mara' });
    const storeName = `money-${randomUUID().slice(0, 8)}`;
    await prisma().store.create({
      data: {
        userId: owner.id,
        storeName,
        displayName: 'Maker Bay Workshop',
        shippingMethods: { create: [{ method: 'standard', fee: '5.00' }] },
        products: { create: [{ name: 'Cable Comb', price: '12.00', stockQuantity: 4 }] },
      },
    });
    const shopperEmail = `shopper-${randomUUID().slice(0, 8)}@example.com`;

    // The shopper checks out on a phone; the page and the e-mail say what to pay and how.
    const context = await suite.browser.newContext({ serviceWorkers: 'block', viewport: PHONE });
    const shop = await context.newPage();
    await shop.goto(`${suite.api.url}/store/${storeName}`);
    await shop.locator('html[data-app-ready]').waitFor({ state: 'attached', ...WAIT });
    await shop
      .getByRole('article', { name: 'Cable Comb' })
      .getByRole('button', { name: 'Add to Cart' })
      .click();
    await shop.getByRole('button', { name: 'Cart, 1 item', exact: true }).click();
    const checkout = shop.getByRole('dialog', { name: 'Checkout' });
    await checkout.getByLabel('Full Name').fill('Casey Shopper');
    await checkout.getByLabel('Email').fill(shopperEmail);
    await checkout.getByLabel('Street Address').fill('5 Fayette St');
    await checkout.getByLabel('City').fill('Raleigh');
    await checkout.getByLabel('State').selectOption('NC');
    await checkout.getByLabel('ZIP Code').fill('27601');
    await checkout.getByRole('button', { name: 'Place Order' }).click();
    await shop.getByRole('heading', { level: 1, name: 'Thank you, Casey Shopper!' }).waitFor(WAIT);
    const orderRow = await prisma().order.findFirstOrThrow({ where: { customerEmail: shopperEmail } });
    const payment = await prisma().payment.findFirstOrThrow({ where: { orderId: orderRow.id } });
    expect(await shop.getByTestId('payment-amount').textContent()).toBe('$17.00');
    expect(await shop.getByTestId('payment-reference').textContent()).toBe(payment.reference);
    const confirmation = await onlyMail(
      shopperEmail,
      `Your order from Maker Bay Workshop (#${orderRow.id.slice(0, 8).toUpperCase()})`,
    );
    expect(confirmation.text).toContain(payment.reference);
    expect(confirmation.text).toContain('$17.00');

    // Staff record the transfer: paid, and the shopper is told.
    await recordOnDesk(DESKTOP, payment.id, 'ACH 5512', 'desk-store-order');
    await onlyMail(shopperEmail, 'Payment received: $17.00');
    await eventually(async () =>
      (await prisma().order.findUniqueOrThrow({ where: { id: orderRow.id } })).paymentStatus === 'paid'
        ? true
        : undefined,
    );
    await shop.reload();
    await shop.getByTestId('order-payment').getByText('Paid', { exact: true }).waitFor(WAIT);

    // The store owner cancels it on a laptop: the whole payment goes back.
    const admin = await screenOf(owner, DESKTOP, `/admin/store/${storeName}`);
    await admin.getByRole('tab', { name: 'Orders' }).click();
    const row = admin.getByRole('listitem', { name: `Order ${orderRow.id.slice(0, 8).toUpperCase()}` });
    await row.getByLabel('Change status').selectOption('cancelled');
    await row.getByRole('button', { name: 'Update Status' }).click();
    await onlyMail(shopperEmail, 'Refund: $17.00');
    await onlyMail(
      shopperEmail,
      `Your order from Maker Bay Workshop was cancelled (#${orderRow.id.slice(0, 8).toUpperCase()})`,
    );
    await eventually(async () =>
      (await prisma().order.findUniqueOrThrow({ where: { id: orderRow.id } })).paymentStatus === 'refunded'
        ? true
        : undefined,
    );
    await admin.context().close();

    // Paid by transfer, the refund goes back by transfer too: staff send it and mark it sent.
    const refund = await prisma().refundTransfer.findFirstOrThrow({ where: { paymentId: payment.id } });
    expect([refund.cents, refund.sentAt]).toEqual([1700, null]);
    const refundDesk = await screenOf(staff, PHONE, '/admin/payments');
    const toSend = refundDesk.locator(`[data-refund-id="${refund.id}"]`);
    await toSend.getByText(payment.reference).waitFor(WAIT);
    await toSend.getByRole('button', { name: 'Mark sent' }).click();
    await toSend.getByText('Reference is required').waitFor(WAIT);
    await toSend.getByLabel('Bank’s reference').fill('ACH OUT 5513');
    await toSend.scrollIntoViewIfNeeded();
    await saveScreenshot(refundDesk, import.meta.url, 'desk-refund-to-send');
    await toSend.getByRole('button', { name: 'Mark sent' }).click();
    await toSend.getByText('ACH OUT 5513').waitFor(WAIT);
    await refundDesk.context().close();
    const laptopDesk = await screenOf(staff, DESKTOP, '/admin/payments#refunds-to-send');
    await laptopDesk.locator(`[data-refund-id="${refund.id}"]`).getByText('ACH OUT 5513').waitFor(WAIT);
    await saveScreenshot(laptopDesk, import.meta.url, 'desk-refund-sent');
    await laptopDesk.context().close();
    expect(
      (await prisma().refundTransfer.findUniqueOrThrow({ where: { id: refund.id } })).sentReference,
    ).toBe('ACH OUT 5513');

    await shop.reload();
    await shop
      .getByRole('heading', {
        level: 1,
        name: `Order #${orderRow.id.slice(0, 8).toUpperCase()} was cancelled`,
      })
      .waitFor(WAIT);
    await shop.getByText('The $17.00 you paid goes back the way you paid it.').waitFor();
    expect(await shop.getByRole('heading', { name: 'What happens next' }).count()).toBe(0);
    const refunded = shop.getByTestId('order-payment');
    await refunded.locator('.confirmation__muted', { hasText: /^Refunded$/ }).waitFor(WAIT);
    await refunded
      .locator('dt', { hasText: 'Refunded' })
      .locator('xpath=following-sibling::dd[1]')
      .getByText('$17.00')
      .waitFor();
    await saveScreenshot(shop, import.meta.url, 'store-order-refunded', { fullPage: true });
    await context.close();

    // A farm approved as a paid member is invoiced its signup fee; staff record the transfer on a phone.
    const member = await createUser(prisma(), { role: 'operator', firstName: 'Nico' });
    const memberFarm = await createFarm(prisma(), { zip: '60601', name: 'Loop Layers', ownerId: member.id });
    const staffCookie = await signIn(suite.api.url, staff.email, staff.password);
    const approved = await call(
      `${suite.api.url}/api/admin/print-farms/${memberFarm.id}`,
      staffCookie,
      'PUT',
      { isPaidMember: true },
    );
    expect(approved.status).toBe(200);
    const invoiceMail = await onlyMail(member.email, 'Signup fee for Loop Layers: $750.00');
    const invoicePayment = await eventually(
      async () =>
        (await prisma().payment.findFirst({
          where: { invoice: { farmId: memberFarm.id }, status: 'awaiting' },
        })) ?? undefined,
    );
    expect(invoiceMail.text).toContain(invoicePayment.reference);
    await recordOnDesk(PHONE, invoicePayment.id, 'ACH 9001', 'desk-membership');
    await onlyMail(member.email, 'Payment received: $750.00');
    await eventually(async () =>
      (await prisma().membershipInvoice.findFirstOrThrow({ where: { farmId: memberFarm.id } })).status ===
      'paid'
        ? true
        : undefined,
    );
    expect((await trialBalance(prisma())).balanceCents).toBe(0);
  });
});
