// Moving around the site in Chromium on a phone (390×844) and a laptop (1366×900): an unknown page,
// blog article or store answers HTTP 404 with the 404 screen and its own title inside the site's
// header and footer; a new page opens at its top and Back returns to where the person was; the phone's
// menu carries the footer's links. Screenshots go to var/test-screenshots/navigation-journeys/.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../ops/fixtures/auth.ts';
import { holdAppEntry } from '../../ops/fixtures/browser.ts';
import { BLOG_ARTICLES } from '../../pwa/src/content/blog/index.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { PHONE, saveScreenshot, VIEWPORTS, type Viewport } from '../support/screenshots.ts';
import { eventually } from '../support/server.ts';

const WAIT = { timeout: 30_000 };
const STORE_NAME = 'night-owl-prints';

describe('navigation', { timeout: 120_000 }, () => {
  const suite = useBrowserSuite({ contextOptions: { serviceWorkers: 'block' } });
  const shot = (page: Page, name: string) => saveScreenshot(page, import.meta.url, name);
  const open = (path: string, viewport: Viewport) =>
    suite.openPage(path, { viewport: { width: viewport.width, height: viewport.height } });
  const scrollY = (page: Page) => page.evaluate<number>('window.scrollY');

  beforeAll(async () => {
    const owner = await createUser(suite.api.prisma, { role: 'operator' });
    await suite.api.prisma.store.create({
      data: { userId: owner.id, storeName: STORE_NAME, displayName: 'Night Owl Prints' },
    });
    await suite.api.prisma.store.create({
      data: { userId: owner.id, storeName: 'closed-shop', displayName: 'Closed Shop', isActive: false },
    });
  });

  it('answers 200 for every screen of the app and 404 for anything else', async () => {
    const status = async (path: string) =>
      (await fetch(`${suite.api.url}${path}`, { headers: { accept: 'text/html' } })).status;
    const article = BLOG_ARTICLES[0]?.id ?? '';
    for (const path of [
      '/',
      '/blog',
      `/blog/${article}`,
      `/store/${STORE_NAME}`,
      '/dashboard',
      '/Dashboard',
    ]) {
      expect(await status(path), path).toBe(200);
    }
    for (const path of ['/admin/store/anything', '/operator/jobs/anything', '/dashboard/requests/abc']) {
      expect(await status(path), path).toBe(200);
    }
    for (const path of [
      '/no-such-page',
      '/blog/no-such-article',
      '/store/no-such-store',
      '/store/closed-shop',
    ]) {
      const response = await fetch(`${suite.api.url}${path}`);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).toContain('text/html');
    }
    expect(await status('/dashboard/extra/segments')).toBe(404);
  });

  it.each(VIEWPORTS)(
    'shows the 404 screen with its own title for an unknown page, article and store ($name)',
    async (viewport) => {
      const page = await open('/', viewport);
      const cases = [
        { path: '/no-such-page', title: '404 Page Not Found', back: 'Back to home' },
        { path: '/blog/no-such-article', title: 'Article Not Found', back: 'Back to Blog' },
        { path: `/store/no-such-store`, title: 'Store Not Found', back: 'Back to home' },
      ];
      for (const { path, title, back } of cases) {
        const response = await page.goto(`${suite.api.url}${path}`);
        expect(response?.status(), path).toBe(404);
        await page.getByRole('heading', { level: 1, name: title }).waitFor(WAIT);
        await eventually(async () => (await page.title()) === `${title} · PrintFarm Network`);
        // The site's header and footer stay around the screen.
        await page.locator('header.topbar').waitFor(WAIT);
        await page.getByRole('contentinfo').waitFor(WAIT);
        await page.getByRole('link', { name: back }).waitFor(WAIT);
        await shot(page, `not-found-${title.toLowerCase().replaceAll(' ', '-')}`);
      }
      await page.getByRole('link', { name: 'Back to home' }).click();
      await page.waitForURL((url) => url.pathname === '/', WAIT);
    },
  );

  it.each(VIEWPORTS)(
    'opens a new page at its top and returns to the same place on Back ($name)',
    async (viewport) => {
      const page = await open('/', viewport);
      const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' });
      await footerLink.scrollIntoViewIfNeeded();
      const footerAt = await scrollY(page);
      expect(footerAt).toBeGreaterThan(viewport.height);
      await footerLink.click();
      await page.waitForURL((url) => url.pathname === '/privacy-policy', WAIT);
      await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor(WAIT);
      await eventually(async () => (await scrollY(page)) === 0);
      await shot(page, 'privacy-policy-from-footer');

      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/', WAIT);
      await eventually(async () => Math.abs((await scrollY(page)) - footerAt) <= 2);
      await page.goForward();
      await page.waitForURL((url) => url.pathname === '/privacy-policy', WAIT);
      await eventually(async () => (await scrollY(page)) === 0);

      // A blog article opens at its title, wherever its card was.
      await page.goto(`${suite.api.url}/blog`);
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached', ...WAIT });
      const last = page.locator('.blog-card__link').last();
      await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
      await last.scrollIntoViewIfNeeded();
      const cardAt = await scrollY(page);
      expect(cardAt).toBeGreaterThan(0);
      const title = (await last.textContent()) ?? '';
      await last.click();
      await page.getByRole('heading', { level: 1, name: title }).waitFor(WAIT);
      await eventually(async () => (await scrollY(page)) === 0);
      await shot(page, 'blog-article-opened');
      await page.goBack();
      await eventually(async () => Math.abs((await scrollY(page)) - cardAt) <= 2);
    },
  );

  it('returns on Back to where the person scrolled before the app had loaded', async () => {
    const page = await suite.newPage({ viewport: { width: PHONE.width, height: PHONE.height } });
    // The prerendered page shows while its code is held back; the person scrolls down meanwhile.
    const release = await holdAppEntry(page);
    await page.goto(`${suite.api.url}/`);
    const footerLink = page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' });
    await footerLink.scrollIntoViewIfNeeded();
    const footerAt = await scrollY(page);
    expect(footerAt).toBeGreaterThan(PHONE.height);
    expect(await page.locator('html[data-app-ready]').count()).toBe(0);

    release();
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached', ...WAIT });
    expect(await scrollY(page)).toBe(footerAt);
    await footerLink.click();
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor(WAIT);
    await eventually(async () => (await scrollY(page)) === 0);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/', WAIT);
    await eventually(async () => Math.abs((await scrollY(page)) - footerAt) <= 2);
  });

  it.each(VIEWPORTS)(
    "puts every footer section's main links in the phone's menu ($name)",
    async (viewport) => {
      const page = await open('/', viewport);
      const footer = page.getByRole('contentinfo');
      expect(await footer.getByRole('link', { name: 'FAQ', exact: true }).getAttribute('href')).toBe('/faq');
      expect(await footer.getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe('/contact');
      const header = page.locator('header.topbar');
      const wanted = {
        Blog: '/blog',
        FAQ: '/faq',
        'Contact Us': '/contact',
        'Earnings Disclaimer': '/earnings-disclaimer',
        'Privacy Policy': '/privacy-policy',
        'Print Farm Network': '/print-farms',
        'Join Network': '/opportunity',
        Login: '/api/login',
      };
      if (viewport.width < 768) {
        await page.getByRole('button', { name: 'Open menu' }).click();
        for (const [name, href] of Object.entries(wanted)) {
          const link = header.getByRole('link', { name, exact: true });
          await link.waitFor({ state: 'visible', ...WAIT });
          expect(await link.getAttribute('href'), name).toBe(href);
        }
        await shot(page, 'phone-menu');
        await header.getByRole('link', { name: 'Blog', exact: true }).click();
        await page.waitForURL((url) => url.pathname === '/blog', WAIT);
        // Following a link closes the menu.
        await page.getByRole('button', { name: 'Open menu' }).waitFor(WAIT);
      } else {
        // The wide bar keeps to its own links; the footer has the rest.
        expect(await header.getByRole('link', { name: 'Blog', exact: true }).count()).toBe(0);
        expect(await header.getByRole('link', { name: 'Print Farm Network' }).isVisible()).toBe(true);
        await shot(page, 'desktop-header');
      }
    },
  );
});
