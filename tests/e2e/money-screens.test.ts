// Issue 24's screens in Chromium, on a phone and a laptop: the pay step a customer lands on after
// 'Place order' (the charge lines, the reference and how to pay); a claim on delivered parts, reported
// with a photo and answered by the farm; the operator's earnings (pending, available, paid out, the
// jobs and the payouts); and staff recording a bank transfer and matching a statement on the money desk.
// Orders go through the real flow (quotes, payment, routing, capture by the workers); the claims
// window closing and the weekly payout are run straight on the database, as their jobs would.

import { markPayoutSent, statePayout } from '@printfarm/db/payments/payouts';
import { releaseJobShare } from '@printfarm/db/payments/release';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PrintRequestView } from '../../api/src/presenters/printRequest.ts';
import { createUser, signIn, signInBrowser, type TestUser } from '../../ops/fixtures/auth.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import {
  call,
  createDraftRequest,
  createOperatorFarm,
  offersOf,
  openJobOf,
  submitAndQuote,
  TEST_SHIP_TO,
} from '../support/marketplace.ts';
import { awaitingPayment, payForRequest } from '../support/payments.ts';
import { saveScreenshot, VIEWPORTS, type Viewport } from '../support/screenshots.ts';
import { eventually } from '../support/server.ts';

const WAIT = { timeout: 20_000 };
const FARM_NAME = 'Lone Star Layers';
// A 2×2 PNG: a real image by its bytes, as the claim's photo check wants.
const PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==';

describe('money screens', () => {
  const suite = useBrowserSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
    workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } },
    contextOptions: { serviceWorkers: 'block' },
  });
  const prisma = () => suite.api.prisma;
  const url = (path: string) => `${suite.api.url}${path}`;
  let customer: TestUser;
  let customerCookie: string;
  let staff: TestUser;
  let operator: Awaited<ReturnType<typeof createOperatorFarm>>;

  beforeAll(async () => {
    operator = await createOperatorFarm(prisma(), suite.api.url, { zip: '78701', name: FARM_NAME });
    customer = await createUser(prisma(), { firstName: 'Casey', lastName: 'Customer' });
    customerCookie = await signIn(suite.api.url, customer.email, customer.password);
    staff = await createUser(prisma(), { role: 'staff' });
  });

  async function pageAs(user: TestUser, viewport: Viewport, next: string): Promise<Page> {
    const page = await suite.newPage({ viewport: { width: viewport.width, height: viewport.height } });
    await signInBrowser(page, suite.api.url, user.email, user.password, next);
    await page.waitForURL((at) => at.pathname === next.split(/[?#]/)[0], WAIT);
    return page;
  }

  /** A request quoted by the farm; the customer has not chosen yet. */
  async function quoted(title: string): Promise<PrintRequestView> {
    const draft = await createDraftRequest(prisma(), customer.id, { title, zip: '78701' });
    const request = await submitAndQuote(suite.api.url, customerCookie, draft.id);
    expect(request.status, request.quoteIssue ?? '').toBe('quoted');
    return request;
  }

  /** Quoted and the farm's offer accepted over the API: the payment now awaits the customer's money. */
  async function ordered(title: string) {
    const request = await quoted(title);
    const offer = (await offersOf(suite.api.url, customerCookie, request.id)).find(
      (each) => each.farmId === operator.farm.id,
    );
    const accepted = await call<PrintRequestView>(
      url(`/api/print-requests/${request.id}/offers/${offer?.id}/accept`),
      customerCookie,
      'POST',
      { shippingAddress: TEST_SHIP_TO },
    );
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    return { request: accepted.body, payment: await awaitingPayment(prisma(), request.id) };
  }

  const act = async (jobId: string, action: string, body?: unknown) => {
    const answer = await call(url(`/api/operator/jobs/${jobId}/${action}`), operator.cookie, 'POST', body);
    expect(answer.status, `${action}: ${JSON.stringify(answer.body)}`).toBe(200);
  };

  /** Paid, routed to the farm and accepted there (the capture makes the farm's share pending). */
  async function accepted(title: string) {
    const { request } = await ordered(title);
    await payForRequest(prisma(), request.id);
    const job = await openJobOf(prisma(), request.id);
    await act(job.id, 'accept');
    await eventually(
      async () =>
        (await prisma().payment.findFirst({ where: { requestId: request.id, status: 'captured' } })) ??
        undefined,
    );
    return { request, job };
  }

  async function delivered(title: string) {
    const { request, job } = await accepted(title);
    await act(job.id, 'progress', { percent: 60 });
    await act(job.id, 'ship', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    await act(job.id, 'deliver');
    return { request, job };
  }

  /** The claims window closed with no claim: the share is available, as claims.close leaves it. */
  async function released(jobId: string) {
    await prisma().printJob.update({
      where: { id: jobId },
      data: { claimsCloseAt: new Date(Date.now() - 1000) },
    });
    expect(await prisma().$transaction((tx) => releaseJobShare(tx, jobId))).toBe(true);
  }

  /** The weekly run states the farm's whole available balance as a payout; staff may mark it sent. */
  async function payout({ send }: { send: boolean }) {
    const stated = await prisma().$transaction((tx) =>
      statePayout(tx, { kind: 'farm', id: operator.farm.id }, 'invoice'),
    );
    if (!stated) throw new Error('nothing to pay out');
    if (send) await prisma().$transaction((tx) => markPayoutSent(tx, stated.id, null));
    return stated;
  }

  it('leads from Place order to the pay step: the charge lines, the reference and how to pay', {
    timeout: 180_000,
  }, async () => {
    for (const viewport of VIEWPORTS) {
      const request = await quoted(`Drone camera mount ${viewport.name}`);
      const page = await pageAs(customer, viewport, `/dashboard/requests/${request.id}`);
      const offer = page.locator('.offer-card', { hasText: FARM_NAME });
      await offer.getByRole('button', { name: 'Accept' }).click(WAIT);
      const dialog = page.getByRole('dialog', { name: `Order from ${FARM_NAME}?` });
      await dialog.getByLabel('Full name').fill('Casey Customer');
      await dialog.getByLabel('Street address').fill('9 Elm St');
      await dialog.getByRole('button', { name: 'Place order' }).click();
      await dialog.waitFor({ state: 'detached', ...WAIT });

      const payment = await awaitingPayment(prisma(), request.id);
      const section = page.locator('#payment');
      await section.getByText('Awaiting your payment').waitFor(WAIT);
      // The section has the focus (so a screen reader reads it next) and is on screen.
      await page.waitForFunction(() => document.activeElement?.id === 'payment', undefined, WAIT);
      await page.waitForFunction(
        () => {
          const top = document.getElementById('payment')?.getBoundingClientRect().top ?? -1;
          return top >= 0 && top < window.innerHeight / 3;
        },
        undefined,
        WAIT,
      );
      expect(await section.locator('.charge-lines tbody th').allTextContents()).toEqual([
        'Printed parts',
        'Shipping',
        'Tax',
      ]);
      const total = `$${(payment.amountCents / 100).toFixed(2)}`;
      expect(await section.getByTestId('payment-total').textContent()).toBe(total);
      expect(await section.getByTestId('payment-reference').textContent()).toBe(payment.reference);
      await section.getByText(`with the reference ${payment.reference}`).waitFor();
      await page.getByText('We send your order to the farm as soon as your payment arrives.').waitFor();
      await saveScreenshot(page, import.meta.url, 'pay-step');
      await saveScreenshot(page, import.meta.url, 'pay-step-page', { fullPage: true });

      // The copy button puts the reference on the clipboard.
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await section.getByRole('button', { name: `Copy reference ${payment.reference}` }).click();
      await section.getByRole('button', { name: `Reference ${payment.reference} copied` }).waitFor(WAIT);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(payment.reference);
    }
  });

  it('reports a problem with a photo, and the farm answers it with a refund', {
    timeout: 180_000,
  }, async () => {
    const { request, job } = await delivered('Replacement dishwasher wheel');
    const [phone, laptop] = VIEWPORTS as [Viewport, Viewport];

    const shopper = await pageAs(customer, phone, `/dashboard/requests/${request.id}`);
    const claim = shopper.locator('#claim');
    await claim.getByRole('button', { name: 'Report a problem' }).click(WAIT);
    const dialog = shopper.getByRole('dialog', { name: 'Report a problem' });
    await dialog.getByLabel('What went wrong').selectOption('damaged');
    await dialog.getByLabel('Details').fill('Cracked');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.getByText('Describe the problem in at least 10 characters').waitFor(WAIT);
    await dialog.getByLabel('Details').fill('Two of the four wheels arrived cracked along the hub.');
    await dialog.getByLabel('Photos (optional)').setInputFiles({
      name: 'cracked.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG.split(',')[1] ?? '', 'base64'),
    });
    await dialog.getByRole('img', { name: 'cracked.png' }).waitFor(WAIT);
    await saveScreenshot(shopper, import.meta.url, 'claim-dialog');
    await dialog.getByRole('button', { name: 'Send report' }).click();
    await dialog.waitFor({ state: 'detached', ...WAIT });
    await claim.getByText(`Waiting for ${FARM_NAME}’s answer`).waitFor(WAIT);
    await claim.getByText('1 sent').waitFor();
    await saveScreenshot(shopper, import.meta.url, 'claim-reported', { fullPage: true });

    for (const viewport of [phone, laptop]) {
      const workshop = await pageAs(operator.user, viewport, `/operator/jobs/${job.id}`);
      const card = workshop.locator('.op-claim');
      await card.getByText('Two of the four wheels arrived cracked along the hub.').waitFor(WAIT);
      const photo = card.getByRole('img').first();
      await photo.waitFor();
      await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth), WAIT).toBe(2);
      await workshop.locator('.op-facts').getByText('You receive').waitFor();
      await saveScreenshot(workshop, import.meta.url, 'job-claim', { fullPage: true });
    }
    const workshop = await pageAs(operator.user, laptop, `/operator/jobs/${job.id}`);
    const card = workshop.locator('.op-claim');
    await card.getByRole('radio', { name: /^Refund/ }).check(WAIT);
    await card.getByLabel('Refund ($)').fill('500');
    await card.getByRole('button', { name: 'Send answer' }).click();
    await card.getByText(/At most \$[\d.]+ can be refunded/).waitFor(WAIT);
    await card.getByLabel('Refund ($)').fill('5.00');
    await card
      .getByLabel('Message to the customer (optional)')
      .fill('Sorry about that: $5 back for the wheels.');
    await card.getByRole('button', { name: 'Send answer' }).click();
    await card.getByText('You refunded $5.00', { exact: false }).waitFor(WAIT);

    const answered = await pageAs(customer, phone, `/dashboard/requests/${request.id}#claim`);
    const answer = answered.locator('#claim');
    await answer.getByText(`${FARM_NAME} refunded $5.00`).waitFor(WAIT);
    await answer.getByText('Sorry about that: $5 back for the wheels.').waitFor();
    await answer.getByRole('button', { name: 'Dispute' }).waitFor();
    await saveScreenshot(answered, import.meta.url, 'claim-answered');
    // Paid and captured, the pay step is a record of what was charged (and of the claim's refund).
    await answered
      .locator('#payment')
      .getByText(/^Charged/)
      .scrollIntoViewIfNeeded();
    await saveScreenshot(answered, import.meta.url, 'payment-charged');
    const row = await prisma().jobClaim.findUniqueOrThrow({ where: { requestId: request.id } });
    expect([row.status, row.refundCents]).toEqual(['refunded', 500]);
  });

  it('shows the operator what is pending, available and paid out, job by job', {
    timeout: 240_000,
  }, async () => {
    // Paid out: delivered, window closed, stated and sent. Available: released, stated, not yet sent.
    // Pending: accepted (captured) and delivered within the window.
    const paidOut = await delivered('Bracket set, paid out');
    await released(paidOut.job.id);
    await payout({ send: true });
    const available = await delivered('Hinge pins, available');
    await released(available.job.id);
    const pending = await accepted('Gear housing, pending');

    const earnings = await call<{
      pendingCents: number;
      availableCents: number;
      paidOutCents: number;
      jobs: { jobId: string; shareCents: number; money: string }[];
    }>(url('/api/operator/earnings'), operator.cookie);
    const share = (jobId: string) => earnings.body.jobs.find((each) => each.jobId === jobId)?.shareCents ?? 0;
    expect(earnings.body.paidOutCents).toBe(share(paidOut.job.id));
    expect(earnings.body.availableCents).toBe(share(available.job.id));
    expect(earnings.body.pendingCents).toBeGreaterThanOrEqual(share(pending.job.id));
    const usd = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2 })}`;

    for (const viewport of VIEWPORTS) {
      const page = await pageAs(operator.user, viewport, '/operator/earnings');
      await page.getByRole('heading', { level: 1, name: 'Earnings' }).waitFor(WAIT);
      const figure = (label: string) =>
        page
          .locator('.figures__item', { has: page.locator('dt', { hasText: label }) })
          .locator('.figures__value');
      await figure('Paid out').getByText(usd(earnings.body.paidOutCents)).waitFor(WAIT);
      expect(await figure('Pending').textContent()).toBe(usd(earnings.body.pendingCents));
      expect(await figure('Available').textContent()).toBe(usd(earnings.body.availableCents));
      expect(await figure('Paid out').textContent()).toBe(usd(earnings.body.paidOutCents));
      await page.getByText('Until the claims window closes').waitFor();
      const row = page.locator(`tr[data-job-id="${pending.job.id}"]`);
      await row.getByText(usd(share(pending.job.id))).waitFor();
      await page
        .locator(`tr[data-job-id="${available.job.id}"]`)
        .getByText(/Released .* for the weekly payout/)
        .waitFor();
      const statement = page.getByRole('link', { name: 'Statement (CSV)' }).first();
      expect(await statement.getAttribute('href')).toMatch(
        /^\/api\/operator\/payouts\/[\w-]+\/statement\.csv$/,
      );
      await saveScreenshot(page, import.meta.url, 'earnings', { fullPage: true });
      // The job screen says what the farm receives beside the price.
      await page.locator(`tr[data-job-id="${pending.job.id}"]`).getByRole('link').click();
      await page.locator('.op-facts').getByText('You receive').waitFor(WAIT);
      await page.getByText(usd(share(pending.job.id)), { exact: true }).waitFor();
    }
    // The statement downloads as CSV for its operator.
    const sent = await prisma().payout.findFirstOrThrow({
      where: { farmId: operator.farm.id, status: 'sent' },
    });
    const csv = await fetch(url(`/api/operator/payouts/${sent.id}/statement.csv`), {
      headers: { cookie: operator.cookie },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain('Bracket set, paid out');
  });

  it('lets staff record a transfer and match a bank statement, with the trial balance at $0.00', {
    timeout: 240_000,
  }, async () => {
    // Something on every list: a disputed claim, a payout to send, a refund.
    const disputed = await delivered('Cable clips, disputed');
    const claimed = await call(
      url(`/api/print-requests/${disputed.request.id}/claim`),
      customerCookie,
      'POST',
      {
        reason: 'wrong',
        details: 'These are M3 clips; the order was for M4.',
        photos: [PNG],
      },
    );
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(201);
    await act(disputed.job.id, 'claim', { resolution: 'reprint', message: 'We reprint them in M4.' });
    const dispute = await call(
      url(`/api/print-requests/${disputed.request.id}/claim/dispute`),
      customerCookie,
      'POST',
      {
        reason: 'I needed them this week; a reprint is too late.',
      },
    );
    expect(dispute.status).toBe(200);
    const forPayout = await delivered('Spacer kit, for payout');
    await released(forPayout.job.id);
    await payout({ send: false });

    for (const viewport of VIEWPORTS) {
      const byHand = await ordered(`Lamp shade ${viewport.name}`);
      const byStatement = await ordered(`Shelf bracket ${viewport.name}`);
      const page = await pageAs(staff, viewport, '/admin/payments');
      await page.getByRole('heading', { level: 1, name: 'Payments' }).waitFor(WAIT);
      const balance = page.getByTestId('trial-balance');
      await balance.waitFor(WAIT);
      expect(await balance.textContent()).toMatch(/Trial balance \$0\.00 over [\d,]+ transactions/);
      expect(await balance.getAttribute('class')).toContain('ledger-balance--even');
      await page.locator('[data-claim-id]').getByText('Disputed', { exact: true }).waitFor(WAIT);
      await page.getByRole('button', { name: 'Mark sent' }).first().waitFor();
      await saveScreenshot(page, import.meta.url, 'staff-payments', { fullPage: true });

      // Recording the transfer by hand: the amount is prefilled with what is owed.
      const row = page.locator(`[data-payment-id="${byHand.payment.id}"]`);
      const owed = (byHand.payment.amountCents / 100).toFixed(2);
      expect(await row.getByLabel('Amount ($)').inputValue()).toBe(owed);
      await row.getByRole('button', { name: 'Record transfer' }).click();
      await row.getByText('Reference is required').waitFor(WAIT);
      await row.getByLabel('Bank’s reference').fill(`ACH ${viewport.name} 0042`);
      await row.getByRole('button', { name: 'Record transfer' }).click();
      await row.waitFor({ state: 'detached', ...WAIT });
      const recorded = await prisma().payment.findUniqueOrThrow({ where: { id: byHand.payment.id } });
      expect([recorded.status, recorded.receivedCents]).toEqual(['authorized', byHand.payment.amountCents]);

      // A statement: one line pays the other order by its reference, one matches nothing.
      const amount = (byStatement.payment.amountCents / 100).toFixed(2);
      const csv = [
        'Date,Description,Amount',
        `2026-11-28,TRANSFER ${byStatement.payment.reference} CASEY CUSTOMER,${amount}`,
        '2026-11-28,Coffee beans,-14.50',
      ].join('\n');
      await page.getByLabel('Bank statement (CSV)').fill(csv);
      await page.getByRole('button', { name: 'Match statement' }).click();
      await page.getByRole('heading', { name: 'Matched (1)', exact: true }).waitFor(WAIT);
      await page.getByText(`${byStatement.payment.reference} · paid in full (by reference)`).waitFor();
      await page.getByRole('heading', { name: 'Not matched (1)' }).waitFor();
      await page.getByText('Money out, not a payment received').waitFor();
      await page
        .locator(`[data-payment-id="${byStatement.payment.id}"]`)
        .waitFor({ state: 'detached', ...WAIT });
      await page.locator('#statement').scrollIntoViewIfNeeded();
      await saveScreenshot(page, import.meta.url, 'staff-statement', { fullPage: true });
      expect(await balance.textContent()).toMatch(/Trial balance \$0\.00/);
    }
  });
});
