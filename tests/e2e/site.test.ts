// The customer site in Chromium: landing page sections, links and product-card rules, the live farm
// count, the mobile menu, and the privacy policy.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertFarms } from '../../ops/fixtures/networkFixtures.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';

describe('customer site', () => {
  const suite = useBrowserSuite({ contextOptions: { serviceWorkers: 'block' } });
  const openPage = (path: string, viewport = { width: 1280, height: 900 }) =>
    suite.openPage(path, { viewport });

  const hrefOf = (page: Page, name: string, scope = 'body') =>
    page.locator(scope).getByRole('link', { name, exact: true }).first().getAttribute('href');

  it('shows the landing sections in order with the spec links', async () => {
    const page = await openPage('/');
    await page.getByRole('heading', { name: 'Our Exclusive Products' }).waitFor({ timeout: 30_000 });

    const sections = await page.locator('main h2').allTextContents();
    expect(sections).toEqual([
      'Our Exclusive Products',
      'How Custom Printing Works',
      'Why Choose Our Print Network',
      'Ready to Bring Your Design to Life?',
    ]);

    // Top bar.
    expect(await hrefOf(page, 'Print Farm Network', 'header')).toBe('/print-farms');
    expect(await hrefOf(page, 'Join Network', 'header')).toBe('/opportunity');
    expect(await hrefOf(page, 'Login', 'header')).toBe('/api/login');
    expect(await hrefOf(page, 'Upload Design', 'header')).toBe('/api/login');
    // Hero, products, closing call to action.
    expect(await hrefOf(page, 'Start Custom Print Request')).toBe('/api/login');
    expect(await hrefOf(page, 'View Print Farm Network')).toBe('/print-farms');
    expect(await hrefOf(page, 'View All Products →')).toBe('/products');
    expect(await hrefOf(page, 'Get Started')).toBe('/api/login');
    expect(await hrefOf(page, 'Join Our Print Farm Network')).toBe('/opportunity');

    // Four steps and the three selling points.
    expect(await page.locator('.home-steps__item').count()).toBe(4);
    for (const reason of ['Certified Quality', 'Distributed Network', 'Expert Engineering']) {
      await page.getByRole('heading', { name: reason }).waitFor();
    }

    // Footer: every link of the spec; FAQ and Contact Us lead to their own pages (issue 16).
    expect(await hrefOf(page, 'Print Farm Network', 'footer')).toBe('/print-farms');
    expect(await hrefOf(page, 'Upload Design', 'footer')).toBe('/api/login');
    expect(await hrefOf(page, 'Join Network', 'footer')).toBe('/opportunity');
    expect(await hrefOf(page, 'G-Code Confidential', 'footer')).toBe('/blog');
    expect(await hrefOf(page, 'Earnings Disclaimer', 'footer')).toBe('/earnings-disclaimer');
    expect(await hrefOf(page, 'Privacy Policy', 'footer')).toBe('/privacy-policy');
    expect(await hrefOf(page, 'FAQ', 'footer')).toBe('/faq');
    expect(await hrefOf(page, 'Contact Us', 'footer')).toBe('/contact');
  });

  it('applies the product-card rules: our own stores, disabled Coming Soon, Request Quote', async () => {
    const page = await openPage('/');
    const cards = page.locator('.product-card');
    await cards.first().waitFor({ timeout: 30_000 });
    expect(await cards.count()).toBe(4);

    const card = (i: number) => ({
      badge: cards.nth(i).locator('.badge'),
      action: cards.nth(i).locator('.product-card__action'),
      specialties: cards.nth(i).locator('.product-card__specialties li'),
    });
    for (let i = 0; i < 4; i++) {
      expect(await card(i).specialties.count()).toBeLessThanOrEqual(2);
      await cards.nth(i).locator('svg, img').first().waitFor();
    }

    // First and third: stores on the network; 'Visit Store' opens our own store page (issue 16).
    for (const [i, path] of [
      [0, '/precision-parts'],
      [2, '/miniature-masters'],
    ] as const) {
      expect(await card(i).badge.textContent()).toBe('Available');
      expect(await card(i).badge.getAttribute('class')).toContain('badge--green');
      expect(await card(i).action.textContent()).toBe('Visit Store');
      expect(await card(i).action.getAttribute('href')).toBe(path);
      expect(await card(i).action.getAttribute('target')).toBeNull();
    }
    // Second: available without a store, so it asks for a quote.
    expect(await card(1).action.textContent()).toBe('Request Quote');
    expect(await card(1).action.getAttribute('href')).toBe('/api/login');
    // Coming Soon cards: yellow badge, dimmed, not clickable.
    for (const i of [3]) {
      expect(await card(i).badge.textContent()).toBe('Coming Soon');
      expect(await card(i).badge.getAttribute('class')).toContain('badge--yellow');
      expect(await cards.nth(i).getAttribute('aria-disabled')).toBe('true');
      expect(await card(i).action.getAttribute('aria-disabled')).toBe('true');
      expect(await card(i).action.getAttribute('href')).toBeNull();
      const style = (selector: string, property: string) =>
        page.evaluate<string>(
          `getComputedStyle(document.querySelectorAll('.product-card')[${i}].querySelector('${selector}') ?? document.querySelectorAll('.product-card')[${i}]).${property}`,
        );
      expect(await style('.product-card__action', 'pointerEvents')).toBe('none');
      expect(Number(await style(':scope', 'opacity'))).toBeLessThan(1);
    }
    await page.getByText('OEM dimensions', { exact: true }).waitFor();
  });

  it("shows '50+' until farms exist, then the real count", async () => {
    const page = await suite.newPage();
    const listed = page.waitForResponse((response) => response.url().endsWith('/api/print-farms'));
    await page.goto(new URL('/', suite.api.url).href);
    // The list answered empty, so the fallback stays.
    expect(await (await listed).json()).toEqual([]);
    const figure = page.locator('[data-figure="Active Print Farms"]');
    await figure.waitFor({ timeout: 30_000 });
    expect(await figure.textContent()).toBe('50+');
    for (const [value, label] of [
      ['15,000+', 'Custom Parts Printed'],
      ['24-72hr', 'Average Turnaround'],
      ['98.5%', 'Quality Success Rate'],
    ]) {
      expect(await page.locator(`[data-figure="${label}"]`).textContent()).toBe(value);
    }

    await insertFarms(suite.api, [
      {
        displayName: 'Count One',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        latitude: 30.27,
        longitude: -97.74,
      },
      {
        displayName: 'Count Two',
        city: 'Denver',
        state: 'CO',
        zipCode: '80202',
        latitude: 39.74,
        longitude: -105,
      },
      {
        displayName: 'Count Three',
        city: 'Boise',
        state: 'ID',
        zipCode: '83702',
        latitude: null,
        longitude: null,
      },
    ]);
    const again = await openPage('/');
    const live = again.locator('[data-figure="Active Print Farms"]');
    await again
      .locator('[data-figure="Active Print Farms"]', { hasText: /^3$/ })
      .waitFor({ timeout: 30_000 });
    expect(await live.textContent()).toBe('3');
  }, 60_000);

  it('opens and uses the mobile menu', async () => {
    const page = await openPage('/', { width: 390, height: 844 });
    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.waitFor({ timeout: 30_000 });
    const link = page.locator('header').getByRole('link', { name: 'Print Farm Network' });
    expect(await link.isVisible()).toBe(false);
    await menuButton.click();
    await link.waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await link.click();
    await page.waitForURL(/\/print-farms$/);
    await page.getByRole('heading', { level: 1, name: 'Print Farm Network' }).waitFor({ timeout: 30_000 });
    expect(await link.isVisible()).toBe(false);
  });

  it('shows the privacy policy with its sections and footer links', async () => {
    const page = await openPage('/privacy-policy');
    await page.getByRole('heading', { level: 1, name: 'Privacy Policy' }).waitFor({ timeout: 30_000 });
    await page.getByText('Last updated December 23, 2024').waitFor();
    const headings = await page.locator('main h2').allTextContents();
    expect(headings).toEqual([
      '1. Information We Collect',
      '2. How We Use Your Information',
      '3. How We Share Your Information',
      '4. Your Privacy Rights',
      '5. Data Security and Retention',
      '6. Cookies',
      '7. Contact Us',
      '8. Updates to This Policy',
    ]);
    await page.getByText('We do not sell your personal information.').waitFor();
    await page.getByText(/within 45 days/).waitFor();
    await page.getByRole('heading', { name: 'California Residents' }).waitFor();
    expect(await hrefOf(page, 'Print Farm Network', 'footer')).toBe('/print-farms');
    expect(await hrefOf(page, 'Upload Design', 'footer')).toBe('/api/login');
    expect(await hrefOf(page, 'Join Network', 'footer')).toBe('/opportunity');
    expect(await hrefOf(page, 'Blog', 'footer')).toBe('/blog');
    expect(await hrefOf(page, 'Earnings Disclaimer', 'footer')).toBe('/earnings-disclaimer');
    expect(await hrefOf(page, 'Privacy Policy', 'footer')).toBe('/privacy-policy');
    expect(await hrefOf(page, 'G-Code Confidential', 'footer')).toBe('/blog');
    expect(await hrefOf(page, 'FAQ', 'footer')).toBe('/faq');
    expect(await hrefOf(page, 'Contact Us', 'footer')).toBe('/contact');
  });
});
