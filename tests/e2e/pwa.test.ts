// The installable, offline PWA in Chromium against the real API serving the real build: prerendered
// pages that hydrate, precompressed assets, reading offline after one visit with each view's age, writes
// refused offline (the cart excepted: it checks out once back online), a store never opened offline
// said to be unavailable rather than missing, the update prompt after a new deploy and the install
// button.
import { randomUUID } from 'node:crypto';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { addSessionCookies, holdAppEntry } from '../../ops/fixtures/browser.ts';
import { binaryStl, cubeMesh, triangles } from '../../ops/fixtures/models/builders.ts';
import { repoRoot } from '../../ops/lib/prepare.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { createDraftRequest, createFarm, FDM_X1, routeToFarm } from '../support/marketplace.ts';
import { saveScreenshot, VIEWPORTS } from '../support/screenshots.ts';

const TIMEOUT = 30_000;
const AGE = /^updated (just now|\d+ min ago)$/;

/** Waits until a service worker is active, then reloads so that it controls the page. */
async function underServiceWorker(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await page.reload();
  expect(await page.evaluate<boolean>('navigator.serviceWorker.controller !== null')).toBe(true);
}

describe('fast first paint', () => {
  const suite = useBrowserSuite();

  it('serves public pages as prerendered HTML, brotli-compressed, readable before any script runs', async () => {
    for (const [pagePath, heading] of [
      ['/', 'PrintFarm Network'],
      ['/blog', 'G-Code Confidential'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/store/miniature-masters', '>Miniature Masters</h1>'],
      // Signed-in screens paint their frame and title from the HTML, before the session answers.
      ['/dashboard', '<h1 class="dash-header__title">Custom 3D Printing Dashboard</h1>'],
      ['/operator', '<h1 class="op-header__title">Job inbox</h1>'],
    ] as const) {
      const response = await fetch(`${suite.api.url}${pagePath}`, { headers: { 'accept-encoding': 'br' } });
      expect(response.status, pagePath).toBe(200);
      expect(response.headers.get('content-encoding'), pagePath).toBe('br');
      expect(response.headers.get('cache-control'), pagePath).toBe('no-cache');
      const html = await response.text();
      expect(html, pagePath).toMatch(/<div id="root"><a href="#main" class="skip-link">/);
      if (heading) expect(html, pagePath).toContain(heading);
    }

    const page = await suite.openPage('/blog', { javaScriptEnabled: false });
    await page.getByRole('heading', { level: 1, name: 'G-Code Confidential' }).waitFor({ timeout: 5_000 });
    // The page's own title is in its HTML; no script ran to set it (the app never marked itself ready).
    expect(await page.title()).toBe('G-Code Confidential | PrintFarm Network');
    expect(await page.locator('html[data-app-ready]').count()).toBe(0);
  });

  it('serves hashed assets precompressed and immutable, and gzip to clients without brotli', async () => {
    const html = await (await fetch(`${suite.api.url}/privacy-policy`)).text();
    // The page starts its code after the first paint: boot.js names the entry.
    expect(html).toContain('<script src="/boot.js" defer');
    const script = /data-entry="([^"]+)"/.exec(html)?.[1];
    expect(script).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    const brotli = await fetch(`${suite.api.url}${script}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(brotli.headers.get('vary')).toContain('Accept-Encoding');
    const gzip = await fetch(`${suite.api.url}${script}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe(await brotli.text());
  });

  it('hydrates the prerendered page without errors and navigates in place', async () => {
    // Playwright evaluates its predicates with eval, which the app's Content-Security-Policy forbids.
    const page = await suite.newPage({ bypassCSP: true });
    const problems: string[] = [];
    page.on('console', (message) => {
      // The test database has no demo stores: their 404 is expected here, not a page problem.
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
        problems.push(message.text());
      }
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${suite.api.url}/privacy-policy`);
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor();
    // Once React has taken the prerendered page over (its fiber is on the footer's links), a link
    // navigates in place: no new page load.
    await page.evaluate('window.__samePage = true');
    await page.waitForFunction(
      "Object.keys(document.querySelector('footer a[href=\"/blog\"]')).some((key) => key.startsWith('__reactFiber'))",
    );
    await page.locator('footer').getByRole('link', { name: 'Blog', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'G-Code Confidential' }).waitFor();
    expect(await page.evaluate<boolean>('window.__samePage === true')).toBe(true);
    expect(problems).toEqual([]);

    // Every prerendered page is taken over as it is: a mismatch would be reported as an error.
    for (const pagePath of [
      '/',
      '/print-farms',
      '/opportunity',
      '/profit-calculator',
      '/store/miniature-masters',
    ]) {
      await page.goto(`${suite.api.url}${pagePath}`);
      await page.waitForFunction(
        "Object.keys(document.querySelector('#root h1') ?? {}).some((key) => key.startsWith('__reactFiber'))",
      );
      expect(problems, pagePath).toEqual([]);
    }
  });

  it("renders a customer's request on the server with its data, and the app takes it over without asking again", {
    timeout: 60_000,
  }, async () => {
    const customer = await createUser(suite.api.prisma, { firstName: 'Noor' });
    const stranger = await createUser(suite.api.prisma, { firstName: 'Ilse' });
    // A title that would end the page's data script if it were not escaped.
    const title = 'Hinge </script><script>alert(1)</script> mount';
    const request = await createDraftRequest(suite.api.prisma, customer.id, { title, zip: '78701' });
    // Its part is stored, as an uploaded part is: the page opens with the part's preview, which fetches it.
    const [file] = await suite.api.prisma.projectFile.findMany({ where: { printRequestId: request.id } });
    if (!file) throw new Error('the request has no file');
    mkdirSync(suite.api.uploadDir, { recursive: true });
    writeFileSync(path.join(suite.api.uploadDir, file.filePath), binaryStl(triangles(cubeMesh(20))));
    await suite.api.prisma.requestStatusHistory.updateMany({
      where: { requestId: request.id },
      data: { createdAt: new Date('2026-11-24T21:46:00Z') },
    });
    const pagePath = `/dashboard/requests/${request.id}`;
    const cookie = await signIn(suite.api.url, customer.email);
    const get = (cookieHeader?: string) =>
      fetch(`${suite.api.url}${pagePath}`, {
        headers: { 'accept-encoding': 'br', ...(cookieHeader ? { cookie: cookieHeader } : {}) },
      });

    const response = await get(cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('vary')).toMatch(/Cookie/);
    const html = await response.text();
    expect(html).toContain(
      '<h1 class="request-header__title">Hinge &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; mount</h1>',
    );
    expect(html).toContain('ships to Austin, TX 78701');
    // The server writes moments in UTC, and says so: it does not know the reader's time zone.
    expect(html).toContain('Tue, Nov 24, 9:46 PM UTC');
    const answers = /<script type="application\/json" id="pf-screen-answers">([^<]*)<\/script>/.exec(
      html,
    )?.[1];
    expect(JSON.parse(answers ?? 'null').map((answer: { key: unknown[] }) => answer.key)).toEqual([
      ['/api/auth/user'],
      ['/api/print-requests', request.id],
    ]);
    expect(html).not.toContain('<script>alert(1)');

    // Signed out, someone else's request, or none at all: the loading frame, with nobody's data in it.
    const strangerCookie = await signIn(suite.api.url, stranger.email);
    for (const [who, header, where] of [
      ['signed out', undefined, pagePath],
      ['a stranger', strangerCookie, pagePath],
      ['no such request', cookie, `/dashboard/requests/${randomUUID()}`],
      ['not an id', cookie, '/dashboard/requests/not-an-id'],
    ] as const) {
      const frame = await (
        await fetch(`${suite.api.url}${where}`, { headers: header ? { cookie: header } : {} })
      ).text();
      expect(frame, who).toContain('Loading your request...');
      expect(frame, who).not.toContain('Hinge');
      expect(frame, who).not.toContain('pf-screen-answers');
    }

    // Without JavaScript the request is on screen, laid out as the app lays it out: its HTML carries it.
    for (const viewport of VIEWPORTS) {
      const context = await suite.newContext({ javaScriptEnabled: false, viewport });
      await addSessionCookies(context, suite.api.url, cookie);
      const still = await context.newPage();
      await still.goto(`${suite.api.url}${pagePath}`);
      await still.getByRole('heading', { level: 1, name: title }).waitFor({ timeout: 5_000 });
      await saveScreenshot(still, import.meta.url, `request-from-server-${viewport.name}`);
    }

    // With it, the app takes the HTML over as it is (a mismatch would be an error), from the answers in
    // the page: it never asks who is signed in. Then it writes moments in the reader's own time zone.
    const live = await suite.newContext({ bypassCSP: true, timezoneId: 'Asia/Tokyo' });
    await addSessionCookies(live, suite.api.url, cookie);
    const page = await live.newPage();
    page.setDefaultTimeout(TIMEOUT);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const asked: string[] = [];
    page.on('request', (sent) => asked.push(new URL(sent.url()).pathname));
    await page.goto(`${suite.api.url}${pagePath}`);
    await page.waitForFunction(
      "Object.keys(document.querySelector('h1.request-header__title') ?? {}).some((key) => key.startsWith('__reactFiber'))",
    );
    expect(await page.locator('#pf-screen-answers').count()).toBe(0);
    await page.locator('.timeline').getByText('Wed, Nov 25, 6:46 AM', { exact: true }).waitFor();
    expect(asked).not.toContain('/api/auth/user');
    expect(problems).toEqual([]);
    // And it works as the app: the back link goes to the list in place.
    await page.evaluate('window.__samePage = true');
    await page.locator('#main').getByRole('link', { name: 'My Requests' }).click();
    await page.waitForURL(/\/dashboard\?tab=requests$/);
    expect(await page.evaluate<boolean>('window.__samePage === true')).toBe(true);
  });

  it('holds a form sent before the app has taken the page over, then sends it through the app', async () => {
    const page = await suite.newPage();
    // Keep the app's entry back until the form has been sent, as on a slow connection.
    const release = await holdAppEntry(page);
    await page.goto(`${suite.api.url}/blog`);
    const box = page.getByRole('complementary', { name: 'Stay Updated' });
    await box.getByLabel('Email address').fill('not-an-email');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    expect(await page.evaluate<boolean>('document.documentElement.dataset.appReady === undefined')).toBe(
      true,
    );
    release();
    await box.getByText('Valid email is required').waitFor();
    // Never sent as a plain GET: the address bar holds no e-mail address.
    expect(new URL(page.url()).search).toBe('');
  });

  it('presses a button pressed before the app has taken a server-rendered screen over, once it has', async () => {
    const customer = await createUser(suite.api.prisma, { firstName: 'Tove' });
    const request = await createDraftRequest(suite.api.prisma, customer.id, { title: 'Early press' });
    const context = await suite.newContext();
    await addSessionCookies(context, suite.api.url, await signIn(suite.api.url, customer.email));
    const page = await context.newPage();
    // Keep the app's entry back, as on a slow connection: the screen is on show from its HTML alone.
    const release = await holdAppEntry(page);
    await page.goto(`${suite.api.url}/dashboard/requests/${request.id}`);
    await page.getByRole('button', { name: 'Cancel request' }).click();
    expect(await page.evaluate<boolean>('document.documentElement.dataset.appReady === undefined')).toBe(
      true,
    );
    expect(await page.getByRole('dialog').count()).toBe(0);
    // A re-render may put a new button in the pressed one's place: the press goes to the new one.
    await page.evaluate(`(() => {
      const button = [...document.querySelectorAll('button')].find((each) => each.textContent.trim() === 'Cancel request');
      button.replaceWith(button.cloneNode(true));
    })()`);
    release();
    await page
      .getByRole('dialog')
      .getByText('Cancel this request?', { exact: false })
      .waitFor({ timeout: TIMEOUT });
  });

  it('shows the install button when the browser offers installing, and hands over to its dialog', async () => {
    const page = await suite.openPage('/');
    await page.getByRole('heading', { level: 1, name: 'PrintFarm Network' }).waitFor();
    // Chromium offers installing only once the app has registered its service worker, so the app's
    // code is running by then; the test waits for the same.
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    expect(await page.getByRole('button', { name: 'Install app' }).count()).toBe(0);
    await page.evaluate(`(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true });
      event.prompt = () => { window.__installPrompted = true; return Promise.resolve(); };
      event.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(event);
    })()`);
    await page.getByRole('button', { name: 'Install app' }).click();
    expect(await page.evaluate<boolean>('window.__installPrompted === true')).toBe(true);
    await page.getByRole('button', { name: 'Install app' }).waitFor({ state: 'detached' });
  });
});

describe('offline after one visit', () => {
  const suite = useBrowserSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' }, workers: true });
  let storeName: string;

  beforeAll(async () => {
    const owner = await createUser(suite.api.prisma, { role: 'operator' });
    storeName = `offline-${randomUUID().slice(0, 8)}`;
    await suite.api.prisma.store.create({
      data: {
        userId: owner.id,
        storeName,
        displayName: 'Offline Parts',
        products: { create: [{ name: 'Hinge Pin', price: '4.50', stockQuantity: 10, materialType: 'PETG' }] },
      },
    });
  }, 120_000);

  // Six screens visited online under the service worker first: about 40 s on a busy machine.
  it('reads requests, a store and the blog offline with their age, refuses writes, and checks out once back online', {
    timeout: 120_000,
  }, async () => {
    const customer = await createUser(suite.api.prisma, { firstName: 'Robin' });
    const request = await createDraftRequest(suite.api.prisma, customer.id, { title: 'Offline bracket' });
    const context = await suite.newContext();
    await addSessionCookies(context, suite.api.url, await signIn(suite.api.url, customer.email));
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    const url = (pagePath: string) => `${suite.api.url}${pagePath}`;

    // One visit online, under the service worker, to each screen.
    await page.goto(url('/dashboard?tab=requests'));
    await underServiceWorker(page);
    await page.getByText('Offline bracket').waitFor();
    await page.goto(url(`/dashboard/requests/${request.id}`));
    await page.getByRole('heading', { level: 1, name: 'Offline bracket' }).waitFor();
    await page.goto(url('/dashboard?tab=settings'));
    await page.getByLabel('First name').waitFor();
    await page.goto(url(`/store/${storeName}`));
    await page.getByRole('article', { name: 'Hinge Pin' }).waitFor();
    await page.goto(url('/blog'));
    await page.getByRole('heading', { level: 1, name: 'G-Code Confidential' }).waitFor();

    await context.setOffline(true);
    await page.goto(url('/dashboard?tab=requests'));
    await page.getByText('You are offline.').waitFor();
    await page.getByText('Offline bracket').waitFor();
    expect(await page.locator('.data-age').first().textContent()).toMatch(AGE);

    await page.goto(url(`/dashboard/requests/${request.id}`));
    await page.getByRole('heading', { level: 1, name: 'Offline bracket' }).waitFor();
    expect(await page.locator('.data-age').first().textContent()).toMatch(AGE);

    await page.goto(url('/blog'));
    await page.getByRole('heading', { level: 1, name: 'G-Code Confidential' }).waitFor();

    // A change made offline says so, and nothing reaches the server.
    await page.goto(url('/dashboard?tab=settings'));
    await page.getByLabel('First name').fill('Changed');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('You are offline. Nothing was sent: try again when you are back online.').waitFor();
    const unchanged = await suite.api.prisma.user.findUniqueOrThrow({ where: { id: customer.id } });
    expect(unchanged.firstName).toBe('Robin');

    // The cart keeps working offline: the order waits, and goes out once the connection is back.
    await page.goto(url(`/store/${storeName}`));
    const pin = page.getByRole('article', { name: 'Hinge Pin' });
    expect(await page.locator('.data-age').first().textContent()).toMatch(AGE);
    await pin.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    const email = `offline-${randomUUID().slice(0, 8)}@example.test`;
    await dialog.getByLabel('Full Name').fill('Pat Offline');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Street Address').fill('12 Oak Ave');
    await dialog.getByLabel('City').fill('Austin');
    await dialog.getByLabel('State').selectOption('TX');
    await dialog.getByLabel('ZIP Code').fill('78701');
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('Your order is saved and will be placed as soon as you are back online.').waitFor();
    await page
      .getByText('Your order from Offline Parts will be placed as soon as you are back online.')
      .waitFor();
    await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();
    expect(await suite.api.prisma.order.count({ where: { customerEmail: email } })).toBe(0);

    await context.setOffline(false);
    await page.getByText('your order from Offline Parts went through').waitFor();
    await page.getByRole('button', { name: 'Cart, 0 items' }).waitFor();
    const orders = await suite.api.prisma.order.findMany({
      where: { customerEmail: email },
      include: { items: true },
    });
    expect(orders).toHaveLength(1);
    expect(orders[0]?.items.map((item) => [item.productName, item.quantity])).toEqual([['Hinge Pin', 1]]);
  });
  it('paints a screen the person comes back to from its last copy, then from the network', {
    timeout: 60_000,
  }, async () => {
    const customer = await createUser(suite.api.prisma, { firstName: 'Rory' });
    const request = await createDraftRequest(suite.api.prisma, customer.id, { title: 'Bracket as it was' });
    const context = await suite.newContext();
    await addSessionCookies(context, suite.api.url, await signIn(suite.api.url, customer.email));
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${suite.api.url}/dashboard/requests/${request.id}`);
    await underServiceWorker(page);
    await page.getByRole('heading', { level: 1, name: 'Bracket as it was' }).waitFor();

    // The request changes while the person is away; every heading the page shows is recorded.
    await suite.api.prisma.customPrintRequest.update({
      where: { id: request.id },
      data: { title: 'Bracket as it is now' },
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { headingsSeen: string[] }).headingsSeen = seen;
      new MutationObserver(() => {
        const heading = document.querySelector('h1')?.textContent ?? '';
        if (heading && seen.at(-1) !== heading) seen.push(heading);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Bracket as it is now' }).waitFor();
    const seen = await page.evaluate(() => (window as unknown as { headingsSeen: string[] }).headingsSeen);
    expect(seen.filter((heading) => heading.startsWith('Bracket'))).toEqual([
      'Bracket as it was',
      'Bracket as it is now',
    ]);
  });

  it.each(VIEWPORTS)(
    'says a store never opened here is not available offline, and opens it once back online ($name)',
    { timeout: 60_000 },
    async (viewport) => {
      const context = await suite.newContext({
        viewport: { width: viewport.width, height: viewport.height },
      });
      const page = await context.newPage();
      page.setDefaultTimeout(TIMEOUT);
      await page.goto(`${suite.api.url}/`);
      await underServiceWorker(page);

      await context.setOffline(true);
      await page.goto(`${suite.api.url}/store/${storeName}`);
      await page.getByRole('heading', { level: 1, name: 'This store is not available offline' }).waitFor();
      await page
        .getByText('You are offline, and this store has not been opened on this device before.', {
          exact: false,
        })
        .waitFor();
      expect(await page.getByText('Store Not Found').count()).toBe(0);
      await saveScreenshot(page, import.meta.url, 'store-offline');

      // Back online, it opens by itself.
      await context.setOffline(false);
      await page.getByRole('article', { name: 'Hinge Pin' }).waitFor();
      await page.getByRole('heading', { level: 1, name: 'Offline Parts' }).waitFor();
    },
  );

  it("reads the operator's job inbox offline with its age", { timeout: 60_000 }, async () => {
    const prisma = suite.api.prisma;
    const operator = await createUser(prisma, { role: 'operator' });
    const farm = await createFarm(prisma, { zip: '78701', ownerId: operator.id, inventory: [FDM_X1] });
    const customer = await createUser(prisma);
    const request = await createDraftRequest(prisma, customer.id, { title: 'Offline gear', zip: '78701' });
    await routeToFarm(prisma, request.id, farm.id);
    const context = await suite.newContext();
    await addSessionCookies(context, suite.api.url, await signIn(suite.api.url, operator.email));
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${suite.api.url}/operator`);
    await underServiceWorker(page);
    await page.getByRole('link', { name: /Offline gear/ }).waitFor();

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Job inbox' }).waitFor();
    await page.getByRole('link', { name: /Offline gear/ }).waitFor();
    expect(await page.locator('.data-age').first().textContent()).toMatch(AGE);
  });
});

describe('a screen the server could not render', () => {
  // A copy of the build whose server entry fails: the API must still answer with the screen's frame.
  const dist = mkdtempSync(path.join(tmpdir(), 'pwa-broken-entry-'));
  const suite = useBrowserSuite({ apiEnv: { PWA_DIST: dist } });

  beforeAll(() => {
    cpSync(path.join(repoRoot, 'pwa/dist'), dist, { recursive: true });
    writeFileSync(
      path.join(dist, '.server/entry-server.js'),
      "export function renderScreen() { throw new Error('broken on purpose'); }\n",
    );
  });

  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers with its loading frame, from which the app renders it', async () => {
    const customer = await createUser(suite.api.prisma, { firstName: 'Ines' });
    const request = await createDraftRequest(suite.api.prisma, customer.id, { title: 'Frame only' });
    const cookie = await signIn(suite.api.url, customer.email);
    const response = await fetch(`${suite.api.url}/dashboard/requests/${request.id}`, {
      headers: { cookie },
    });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('Loading your request...');
    expect(html).not.toContain('pf-screen-answers');

    const context = await suite.newContext();
    await addSessionCookies(context, suite.api.url, cookie);
    const page = await context.newPage();
    await page.goto(`${suite.api.url}/dashboard/requests/${request.id}`);
    await page.getByRole('heading', { level: 1, name: 'Frame only' }).waitFor({ timeout: TIMEOUT });
  });
});

describe('a new deploy', () => {
  // The API serves a copy of the build, so the test can deploy a 'new version' of it.
  const dist = mkdtempSync(path.join(tmpdir(), 'pwa-deploy-'));
  const suite = useBrowserSuite({ apiEnv: { PWA_DIST: dist } });

  beforeAll(() => {
    cpSync(path.join(repoRoot, 'pwa/dist'), dist, { recursive: true });
  });

  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
  });

  // Two service worker installs, each precaching the whole build: on a busy machine more than 30 s.
  it('offers the new version through the update prompt, and reloads into it', {
    timeout: 90_000,
  }, async () => {
    const page = await suite.openPage('/blog');
    await page.getByRole('heading', { level: 1, name: 'G-Code Confidential' }).waitFor();
    await underServiceWorker(page);
    expect(await page.getByText('A new version is available.').count()).toBe(0);

    // Deploy: a service worker that differs from the installed one, as every new build's does.
    appendFileSync(path.join(dist, 'sw.js'), `\n// deployed ${new Date().toISOString()}\n`);
    rmSync(path.join(dist, 'sw.js.br'), { force: true });
    rmSync(path.join(dist, 'sw.js.gz'), { force: true });
    await page.evaluate(
      'navigator.serviceWorker.getRegistration().then((registration) => registration.update())',
    );
    await page.getByText('A new version is available.').waitFor({ timeout: TIMEOUT });
    // Listening before the click: on a busy machine the reload can be over before click() returns.
    const reloaded = page.waitForEvent('load', { timeout: TIMEOUT });
    await page.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByRole('heading', { level: 1, name: 'G-Code Confidential' }).waitFor();
    expect(await page.getByText('A new version is available.').count()).toBe(0);
  });
});
