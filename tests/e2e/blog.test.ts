// G-Code Confidential in Chromium: search, category filters, the article view, and the 'Stay Updated'
// double opt-in through the link in the e-mail MailDev received.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { emailsTo } from '../support/maildev.ts';
import { eventually } from '../support/server.ts';

describe('blog in Chromium', () => {
  const suite = useBrowserSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
    workers: true,
    contextOptions: { viewport: { width: 1280, height: 900 } },
  });

  const cardTitles = (page: Page) => page.locator('.blog-card__title').allInnerTexts();

  it('searches title, excerpt and tags, filters by category and opens an article', {
    timeout: 60_000,
  }, async () => {
    const page = await suite.openPage('/blog');
    await page.getByRole('heading', { level: 1, name: 'G-Code Confidential' }).waitFor();
    expect(await cardTitles(page)).toHaveLength(5);
    for (const name of ['All', 'Materials', 'Strategy', 'Equipment', 'Success Stories', 'Operations']) {
      await page.getByRole('button', { name, exact: true }).waitFor();
    }

    const search = page.getByLabel('Search articles');
    await search.fill('PeTg'); // a tag, any case
    await eventually(async () => (await cardTitles(page)).length === 1);
    expect((await cardTitles(page))[0]).toContain('PETG vs PLA');
    await search.fill('batching'); // a tag of the operations article
    await eventually(async () => (await cardTitles(page)).length === 1);
    expect((await cardTitles(page))[0]).toContain('Running a Print Queue');
    await search.fill('');

    await page.getByRole('button', { name: 'Success Stories', exact: true }).click();
    await eventually(async () => (await cardTitles(page)).length === 1);
    expect((await cardTitles(page))[0]).toContain('From Side Hustle to Full Time');
    await search.fill('filament');
    await page.getByText('No articles found matching your criteria.').waitFor();
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await eventually(async () => (await cardTitles(page)).length >= 1);

    await search.fill('');
    await page.getByRole('link', { name: /Pricing for Profit/ }).click();
    await page.getByRole('heading', { level: 1, name: /Pricing for Profit/ }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/blog/pricing-strategy-for-print-farms');
    await page.getByRole('heading', { name: 'Price against the alternative' }).waitFor();
    await page.getByRole('button', { name: /Back to Blog/ }).click();
    await page.getByRole('heading', { level: 1, name: 'G-Code Confidential' }).waitFor();
    expect(await cardTitles(page)).toHaveLength(5);
  });

  it('subscribes, then confirms through the link in the e-mail', { timeout: 60_000 }, async () => {
    const email = `blog-reader-${randomUUID().slice(0, 8)}@example.test`;
    const page = await suite.openPage('/blog');
    const box = page.getByRole('complementary', { name: 'Stay Updated' });
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await box.getByText('Valid email is required').waitFor();
    await box.getByLabel('Email address').fill(email);
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByText('Check your inbox to confirm your subscription.').waitFor({ timeout: 30_000 });
    expect(await box.getByLabel('Email address').inputValue()).toBe('');

    const mail = await eventually(async () => (await emailsTo(email))[0], 30_000);
    const link = mail.text?.match(/https?:\/\/\S+\/api\/newsletter\/confirm\?token=[\w-]+/)?.[0];
    expect(link).toBeTruthy();
    // The link names the configured public origin; open the same path on this test's server.
    const url = new URL(link ?? '');
    await page.goto(`${suite.api.url}${url.pathname}${url.search}`);
    await page.waitForURL((current) => current.pathname === '/blog' && current.search === '?subscribed=1');
    await page
      .getByText("Thanks for confirming! You're now subscribed to G-Code Confidential.")
      .first()
      .waitFor();
    const row = await suite.api.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(row.confirmedAt).not.toBeNull();

    await page.goto(`${suite.api.url}/api/newsletter/confirm?token=forged-token-that-matches-nothing`);
    await page.waitForURL((current) => current.search === '?subscribed=invalid');
    await page
      .getByText('That confirmation link is invalid or has already been replaced.', { exact: false })
      .first()
      .waitFor();
  });
});
