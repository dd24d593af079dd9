// Accounts and the places each role works, in Chromium on a phone (390×844) and a laptop (1366×900):
// every role signs in to its own home and signs out again from wherever it is; signed in, the site's
// header shows the person's menu, never 'Login'; staff pages show a 403 screen to anyone else; a farm
// claimed from its e-mail link is shown where the new operator lands; only a returning user is
// welcomed back; the membership card speaks to customers and to operators. Screenshots of every
// screen go to var/test-screenshots/accounts-journeys/.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createFarmClaim } from '../../api/src/services/farmClaims.ts';
import { createUser, signInBrowser, type TestUser } from '../../ops/fixtures/auth.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { createFarm } from '../support/marketplace.ts';
import { saveScreenshot, VIEWPORTS, type Viewport } from '../support/screenshots.ts';

const WAIT = { timeout: 30_000 };
const phone = (viewport: Viewport) => viewport.width < 768;

describe('accounts and role homes', { timeout: 120_000 }, () => {
  const suite = useBrowserSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
    contextOptions: { serviceWorkers: 'block' },
  });

  const pageAt = (viewport: Viewport) =>
    suite.newPage({ viewport: { width: viewport.width, height: viewport.height } });
  const shot = (page: Page, name: string, fullPage = false) =>
    saveScreenshot(page, import.meta.url, name, { fullPage });

  async function signedOut(page: Page): Promise<boolean> {
    return (await page.request.get(`${suite.api.url}/api/auth/user`)).status() === 401;
  }

  /** Opens the site header's account menu (inside the small-screen menu on a phone). */
  async function openAccountMenu(page: Page, viewport: Viewport, name: string) {
    if (phone(viewport)) await page.getByRole('button', { name: 'Open menu' }).click();
    else await page.locator('.topbar').getByRole('button', { name }).click();
    await page.locator('.topbar').getByRole('button', { name: 'Sign out' }).waitFor(WAIT);
  }

  /** The header shows 'Login' to a visitor (in the small-screen menu on a phone). */
  async function expectLoginInHeader(page: Page, viewport: Viewport) {
    if (phone(viewport)) await page.getByRole('button', { name: 'Open menu' }).click();
    await page.locator('.topbar').getByRole('link', { name: 'Login' }).waitFor(WAIT);
    if (phone(viewport)) await page.getByRole('button', { name: 'Close menu' }).click();
  }

  async function signOutFromHeader(page: Page) {
    await page.locator('.topbar').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL((url) => url.pathname === '/', WAIT);
    await page.getByText('You have signed out of PrintFarm Network.').waitFor(WAIT);
  }

  it.each(VIEWPORTS)(
    'a customer lands on the dashboard and signs out from its sidebar and from the header ($name)',
    async (viewport) => {
      const customer = await createUser(suite.api.prisma, { firstName: 'Casey', lastName: 'Shopper' });
      const page = await pageAt(viewport);
      await signInBrowser(page, suite.api.url, customer.email, customer.password);
      expect(new URL(page.url()).pathname).toBe('/dashboard');
      await page.getByRole('heading', { name: 'Custom 3D Printing Dashboard' }).waitFor(WAIT);

      // The sidebar's Sign out (inside the drawer on a phone).
      if (phone(viewport)) await page.getByRole('button', { name: 'Menu', exact: true }).click();
      const sidebar = page.getByRole('complementary', { name: 'Dashboard' });
      await shot(page, 'customer-dashboard-sign-out');
      await sidebar.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/', WAIT);
      expect(await signedOut(page)).toBe(true);
      await expectLoginInHeader(page, viewport);

      // Signed in again, the header has the person's menu and no 'Login'.
      await signInBrowser(page, suite.api.url, customer.email, customer.password);
      await page.goto(`${suite.api.url}/`);
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached', ...WAIT });
      await openAccountMenu(page, viewport, 'Casey Shopper');
      const header = page.locator('.topbar');
      expect(await header.getByRole('link', { name: 'Login' }).count()).toBe(0);
      expect(await header.getByRole('link', { name: 'Dashboard' }).getAttribute('href')).toBe('/dashboard');
      expect(await header.getByRole('link', { name: 'Operator area' }).count()).toBe(0);
      expect(await header.getByRole('link', { name: 'Staff', exact: true }).count()).toBe(0);
      await shot(page, 'customer-header-menu');
      await signOutFromHeader(page);
      expect(await signedOut(page)).toBe(true);
      await expectLoginInHeader(page, viewport);
    },
  );

  it.each(VIEWPORTS)(
    'an operator lands in the operator area and signs out from its bar and from the header ($name)',
    async (viewport) => {
      const operator = await createUser(suite.api.prisma, {
        role: 'operator',
        firstName: 'Olive',
        lastName: 'Farmer',
      });
      await createFarm(suite.api.prisma, { zip: '78701', ownerId: operator.id, name: 'Olive Print Works' });
      const page = await pageAt(viewport);
      await signInBrowser(page, suite.api.url, operator.email, operator.password);
      expect(new URL(page.url()).pathname).toBe('/operator');
      await page.getByRole('heading', { level: 1, name: 'Job inbox' }).waitFor(WAIT);
      await shot(page, 'operator-area');

      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL((url) => url.pathname === '/', WAIT);
      expect(await signedOut(page)).toBe(true);

      await signInBrowser(page, suite.api.url, operator.email, operator.password);
      await page.goto(`${suite.api.url}/blog`);
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached', ...WAIT });
      await openAccountMenu(page, viewport, 'Olive Farmer');
      await shot(page, 'operator-header-menu');
      const header = page.locator('.topbar');
      expect(await header.getByRole('link', { name: 'Login' }).count()).toBe(0);
      await header.getByRole('link', { name: 'Operator area' }).click();
      await page.waitForURL((url) => url.pathname === '/operator', WAIT);
      await page.getByRole('heading', { level: 1, name: 'Job inbox' }).waitFor(WAIT);

      await page.goto(`${suite.api.url}/`);
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached', ...WAIT });
      await openAccountMenu(page, viewport, 'Olive Farmer');
      await signOutFromHeader(page);
      expect(await signedOut(page)).toBe(true);
    },
  );

  it.each(VIEWPORTS)(
    'staff land on the admin dashboard and sign out from the header ($name)',
    async (viewport) => {
      const staff = await createUser(suite.api.prisma, {
        role: 'staff',
        firstName: 'Sasha',
        lastName: 'Staff',
      });
      const page = await pageAt(viewport);
      await signInBrowser(page, suite.api.url, staff.email, staff.password);
      expect(new URL(page.url()).pathname).toBe('/admin');
      await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor(WAIT);
      await openAccountMenu(page, viewport, 'Sasha Staff');
      const header = page.locator('.topbar');
      expect(await header.getByRole('link', { name: 'Staff', exact: true }).getAttribute('href')).toBe(
        '/admin',
      );
      expect(await header.getByRole('link', { name: 'Operator area' }).count()).toBe(0);
      await shot(page, 'staff-header-menu');
      await signOutFromHeader(page);
      expect(await signedOut(page)).toBe(true);
      await expectLoginInHeader(page, viewport);
    },
  );

  it.each(VIEWPORTS)(
    'shows an operator and a customer a 403 screen on the staff pages, with the way to their own home ($name)',
    async (viewport) => {
      const operator = await createUser(suite.api.prisma, { role: 'operator' });
      const page = await pageAt(viewport);
      await signInBrowser(page, suite.api.url, operator.email, operator.password);
      for (const path of ['/admin', '/admin/prospects', '/admin/nodes', '/admin/settings']) {
        await page.goto(`${suite.api.url}${path}`);
        await page.getByRole('heading', { level: 1, name: 'Staff only' }).waitFor(WAIT);
        await page.getByText(`You are signed in as ${operator.email}, an operator account.`).waitFor(WAIT);
        // No staff tabs over an error.
        expect(await page.getByRole('navigation', { name: 'Staff' }).count()).toBe(0);
        expect(await page.getByText('Error loading print farm data').count()).toBe(0);
      }
      // The API refuses as well: the screen is not the only guard.
      expect((await page.request.get(`${suite.api.url}/api/admin/print-farms`)).status()).toBe(403);
      await shot(page, 'operator-403');
      await page.getByRole('link', { name: 'Go to your operator area' }).click();
      await page.waitForURL((url) => url.pathname === '/operator', WAIT);

      const customer = await createUser(suite.api.prisma);
      const customerPage = await pageAt(viewport);
      await signInBrowser(customerPage, suite.api.url, customer.email, customer.password);
      await customerPage.goto(`${suite.api.url}/admin`);
      await customerPage.getByRole('heading', { level: 1, name: 'Staff only' }).waitFor(WAIT);
      await shot(customerPage, 'customer-403');
      await customerPage.getByRole('link', { name: 'Go to your dashboard' }).click();
      await customerPage.waitForURL((url) => url.pathname === '/dashboard', WAIT);
    },
  );

  it.each(VIEWPORTS)(
    'shows a farm claimed from its e-mail link, with a success message, where the operator lands ($name)',
    async (viewport) => {
      const owner = await createUser(suite.api.prisma, { firstName: 'Quinn' });
      const farm = await createFarm(suite.api.prisma, {
        zip: '80202',
        name: `Mile High Layers ${viewport.name}`,
        contactEmail: owner.email,
      });
      const token = await suite.api.prisma.$transaction((tx) => createFarmClaim(tx, farm));
      const page = await pageAt(viewport);
      // The link from the e-mail: sign in first, then the claim, then the operator area.
      await page.goto(`${suite.api.url}/api/print-farms/claim?token=${token}`);
      await page.waitForURL((url) => url.pathname === '/login', WAIT);
      await page.getByLabel('Email').fill(owner.email);
      await page.getByLabel('Password', { exact: true }).fill(owner.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/operator', WAIT);
      expect(new URL(page.url()).searchParams.get('farmId')).toBe(farm.id);
      const notice = page.getByRole('status', { name: 'Farm claimed' });
      await notice
        .getByRole('heading', { name: `${farm.displayName} is now linked to your account` })
        .waitFor(WAIT);
      await notice.getByText('Denver, CO').waitFor(WAIT);
      await page.getByRole('heading', { level: 1, name: 'Job inbox' }).waitFor(WAIT);
      await shot(page, 'farm-claimed');
      expect((await suite.api.prisma.printFarm.findUniqueOrThrow({ where: { id: farm.id } })).userId).toBe(
        owner.id,
      );

      await notice.getByRole('button', { name: 'Dismiss' }).click();
      await notice.waitFor({ state: 'detached', ...WAIT });
      expect(new URL(page.url()).searchParams.get('claimed')).toBeNull();
    },
  );

  it.each(VIEWPORTS)("says 'Welcome back' only to a returning user ($name)", async (viewport) => {
    const page = await pageAt(viewport);
    const email = `ada-${viewport.name}-${Date.now()}@example.test`;
    const password = 'analytical engine 1843';
    await page.goto(`${suite.api.url}/signup`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard', WAIT);
    await page.getByText('Welcome, Ada!').waitFor(WAIT);
    expect(await page.getByText('Welcome back').count()).toBe(0);
    await shot(page, 'greeting-new-user');

    // A reload is still the first visit; signing in again is a return.
    await page.reload();
    await page.getByText('Welcome, Ada!').waitFor(WAIT);
    if (phone(viewport)) await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page
      .getByRole('complementary', { name: 'Dashboard' })
      .getByRole('button', { name: 'Sign out' })
      .click();
    await page.waitForURL((url) => url.pathname === '/', WAIT);
    await signInBrowser(page, suite.api.url, email, password);
    await page.getByText('Welcome back, Ada!').waitFor(WAIT);
    await shot(page, 'greeting-returning-user');
  });

  it.each(VIEWPORTS)(
    'shows customers membership as an offer for farms, and operators their own membership ($name)',
    async (viewport) => {
      const customer = await createUser(suite.api.prisma);
      const page = await pageAt(viewport);
      await signInBrowser(page, suite.api.url, customer.email, customer.password);
      const offer = page.locator('.membership-card');
      await offer.getByRole('heading', { name: 'For print farm members' }).waitFor(WAIT);
      expect(await offer.getByRole('link', { name: 'Learn how to join' }).getAttribute('href')).toBe(
        '/opportunity',
      );
      // Folded away under its heading until asked for.
      const details = offer.locator('details');
      expect(await details.getAttribute('open')).toBeNull();
      expect(await offer.getByText('Monthly membership').isVisible()).toBe(false);
      await offer.scrollIntoViewIfNeeded();
      await shot(page, 'membership-customer');

      const operator: TestUser = await createUser(suite.api.prisma, { role: 'operator' });
      const paid = await createFarm(suite.api.prisma, {
        zip: '60601',
        ownerId: operator.id,
        name: 'Paid Loop Prints',
      });
      await suite.api.prisma.printFarm.update({ where: { id: paid.id }, data: { isPaidMember: true } });
      await createFarm(suite.api.prisma, { zip: '98101', ownerId: operator.id, name: 'Free Sound Prints' });
      const operatorPage = await pageAt(viewport);
      await signInBrowser(operatorPage, suite.api.url, operator.email, operator.password);
      // An operator's home is the operator area; the dashboard is one link away.
      expect(new URL(operatorPage.url()).pathname).toBe('/operator');
      await operatorPage.goto(`${suite.api.url}/dashboard`);
      const card = operatorPage.locator('.membership-card');
      await card.getByRole('heading', { name: 'Membership & Payment Information' }).waitFor(WAIT);
      const paidRow = card.locator('.membership-farm', { hasText: 'Paid Loop Prints' });
      await paidRow.getByText('Paid', { exact: true }).waitFor(WAIT);
      const now = new Date();
      const due = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(
        new Date(now.getUTCFullYear(), now.getUTCMonth() + 1, 1),
      );
      await paidRow.getByText(`Paid member: $15.00 next due ${due}`).waitFor(WAIT);
      const freeRow = card.locator('.membership-farm', { hasText: 'Free Sound Prints' });
      await freeRow.getByText('Free', { exact: true }).waitFor(WAIT);
      await freeRow.getByText(/^Free listing, no fees/).waitFor(WAIT);
      await card.scrollIntoViewIfNeeded();
      await shot(operatorPage, 'membership-operator');
    },
  );
});
