// The service worker's account cache belongs to one account: when the next person signs in on the same
// device by a path that runs none of the app's own sign-in code (single sign-on is a server redirect),
// after the last one left by the admin Logout or had their session ended by the server, no screen shows
// the last person's answers, not even as a first frame, and the cache holds none of them.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser, signIn, signInBrowser, type TestUser } from '../../ops/fixtures/auth.ts';
import { addSessionCookies } from '../../ops/fixtures/browser.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { createDraftRequest } from '../support/marketplace.ts';
import { saveScreenshot, VIEWPORTS } from '../support/screenshots.ts';

const TIMEOUT = 30_000;

/** Every answer in the service worker's account cache, as its URL path and body text. */
function accountCacheEntries(page: Page): Promise<Array<{ path: string; body: string }>> {
  return page.evaluate(async () => {
    if (!(await caches.has('account-api'))) return [];
    const cache = await caches.open('account-api');
    const entries = [];
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      entries.push({ path: new URL(request.url).pathname, body: (await response?.text()) ?? '' });
    }
    return entries;
  });
}

/** Notes, from the page's first frame on, which of `words` it ever showed (read as window.wordsSeen). */
async function watchForWords(context: BrowserContext, words: string[]): Promise<void> {
  await context.addInitScript((watched: string[]) => {
    const seen = new Set<string>();
    (window as unknown as { wordsSeen: Set<string> }).wordsSeen = seen;
    new MutationObserver(() => {
      const text = document.body?.textContent ?? '';
      for (const word of watched) if (text.includes(word)) seen.add(word);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, words);
}

/** What would tell the last person's answers on screen or in the cache. */
const wordsOf = (staff: TestUser) => ['Avelina', 'Formerstaff', staff.email, 'Avelina private bracket'];

describe('the offline account cache and a change of account', () => {
  const suite = useBrowserSuite();

  /**
   * Staff member A signs in with the password form, opens the admin dashboard, the customer dashboard and
   * a request of theirs under the service worker (filling its account cache), and leaves by `leave`.
   */
  async function fillAsStaff(leave: (page: Page, staff: TestUser) => Promise<void>) {
    const staff = await createUser(suite.api.prisma, {
      role: 'staff',
      firstName: 'Avelina',
      lastName: 'Formerstaff',
    });
    const request = await createDraftRequest(suite.api.prisma, staff.id, {
      title: 'Avelina private bracket',
    });
    const context = await suite.newContext();
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    await signInBrowser(page, suite.api.url, staff.email, staff.password, '/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await page.reload();
    expect(await page.evaluate<boolean>('navigator.serviceWorker.controller !== null')).toBe(true);
    await page.goto(`${suite.api.url}/dashboard/requests/${request.id}`);
    await page.getByRole('heading', { level: 1, name: 'Avelina private bracket' }).waitFor();
    await page.goto(`${suite.api.url}/dashboard`);
    await page.getByText('Welcome back, Avelina!').waitFor();
    await page.waitForLoadState('networkidle');

    // The cache holds A's answers now: otherwise the rest would prove nothing.
    const filled = await accountCacheEntries(page);
    expect(filled.find((entry) => entry.path === '/api/auth/user')?.body).toContain(staff.email);
    expect(filled.some((entry) => entry.path === `/api/print-requests/${request.id}`)).toBe(true);

    await leave(page, staff);
    return { context, page, staff, request };
  }

  /** Customer B signs in as single sign-on does (the server sets the cookies, no app code runs), then opens the dashboard. */
  async function signInAsNextPerson(context: BrowserContext, page: Page, words: string[]) {
    const customer = await createUser(suite.api.prisma, { firstName: 'Bertram', lastName: 'Nextperson' });
    await addSessionCookies(context, suite.api.url, await signIn(suite.api.url, customer.email));
    await watchForWords(context, words);
    await page.goto(`${suite.api.url}/dashboard`);
    await page.getByText('Welcome back, Bertram!').waitFor();
    await page.waitForLoadState('networkidle');
    return customer;
  }

  async function expectNothingOf(page: Page, staff: TestUser, requestId: string) {
    const words = wordsOf(staff);
    const seen = await page.evaluate(() => [...(window as unknown as { wordsSeen: Set<string> }).wordsSeen]);
    expect(seen).toEqual([]);
    for (const entry of await accountCacheEntries(page)) {
      expect(entry.path).not.toContain(requestId);
      for (const word of words) expect(entry.body, entry.path).not.toContain(word);
    }
  }

  it("shows the next person none of the last one's answers after the admin Logout", {
    timeout: 90_000,
  }, async () => {
    const { context, page, staff, request } = await fillAsStaff(async (page) => {
      await page.goto(`${suite.api.url}/admin`);
      await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor();
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize({ width: viewport.width, height: viewport.height });
        await saveScreenshot(page, import.meta.url, 'admin-dashboard-logout');
      }
      await page.getByRole('link', { name: 'Logout' }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await expect
        .poll(async () => (await page.context().cookies()).map((cookie) => cookie.name))
        .not.toContain('pf.signed-in');
    });
    await signInAsNextPerson(context, page, wordsOf(staff));
    await expectNothingOf(page, staff, request.id);
  });

  it("shows the next person none of the last one's answers after the server ended the session", {
    timeout: 90_000,
  }, async () => {
    const { context, page, staff, request } = await fillAsStaff(async (_page, staff) => {
      // As an expiry or a password reset elsewhere does: the session rows go, the browser is not told.
      await suite.api.prisma.session.deleteMany({ where: { sess: { path: ['userId'], equals: staff.id } } });
    });
    await signInAsNextPerson(context, page, wordsOf(staff));
    await expectNothingOf(page, staff, request.id);
  });
});
