// The three demo storefronts in Chromium, on the real seeded stores: search, filters, sorts, favourites,
// views, the cart and the workshop's custom-order request.
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../ops/fixtures/auth.ts';
import { seedStores } from '../../prisma/seed/stores.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { emailsTo } from '../support/maildev.ts';
import { eventually } from '../support/server.ts';

const TIMEOUT = 30_000;
// SCREENSHOTS=/some/dir keeps a picture of each storefront for a human look.
const SHOTS = process.env.SCREENSHOTS;

describe('demo storefronts', () => {
  const suite = useBrowserSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' }, workers: true });
  let context: BrowserContext;
  let ownerEmail: string;

  async function open(path: string): Promise<Page> {
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${suite.api.url}${path}`);
    return page;
  }

  async function shot(page: Page, name: string) {
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
  }

  beforeAll(async () => {
    const owner = await createUser(suite.api.prisma, { role: 'operator' });
    ownerEmail = owner.email;
    await seedStores(suite.api.prisma, { ownerId: owner.id });
    // One picture that cannot load, to see the placeholder take its place (the others are drawn at build time).
    await suite.api.prisma.product.updateMany({
      where: { name: 'Elven Ranger' },
      data: { imageUrl: `${'http://127.0.0.1:9'}/missing.png` },
    });
    context = await suite.browser.newContext({ viewport: { width: 1280, height: 900 } });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });

  it('miniatures: search, categories, sorts, favourites and Add to Cart', async () => {
    const page = await open('/miniature-masters');
    await page.getByRole('heading', { level: 1, name: 'Miniature Masters' }).waitFor();
    const cards = page.locator('article.minis-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(14);
    await page
      .getByRole('article', { name: 'Elven Ranger' })
      .getByRole('img', { name: /Elven Ranger/ })
      .waitFor();
    expect(await page.locator('article[aria-label="Elven Ranger"] .product-image--placeholder').count()).toBe(
      1,
    );
    await shot(page, 'miniature-masters');

    await page.getByRole('button', { name: 'Monsters' }).click();
    expect(await cards.count()).toBe(4);
    await page.getByRole('button', { name: 'All' }).click();
    await page.getByLabel('Search miniatures').fill('SPELL effect');
    expect(await cards.count()).toBe(1);
    await page.getByLabel('Search miniatures').fill('');
    await page.getByLabel('Sort by').selectOption('price-low');
    expect(await cards.first().getAttribute('aria-label')).toBe('Halfling Rogue');
    await page.getByLabel('Sort by').selectOption('price-high');
    expect(await cards.first().getAttribute('aria-label')).toBe('Ancient Red Dragon');

    const favourite = page.getByRole('button', { name: 'Add Beholder to favourites' });
    await favourite.click();
    await page.getByRole('button', { name: 'Remove Beholder from favourites' }).waitFor();
    await page.reload();
    await page.getByRole('button', { name: 'Remove Beholder from favourites' }).waitFor();

    const beholder = page.getByRole('article', { name: 'Beholder' });
    await beholder.getByRole('button', { name: 'Add to Cart' }).click();
    const added = beholder.getByRole('button', { name: 'Added to Cart' });
    await added.waitFor();
    expect(await added.isDisabled()).toBe(true);
    expect(
      await page
        .getByRole('article', { name: 'Gelatinous Cube' })
        .getByRole('button', { name: 'Add to Cart' })
        .isDisabled(),
    ).toBe(true);
    await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
    // 'Back to Marketplace' leads to the network's product list (issue 16).
    await page.getByRole('link', { name: /Back to Marketplace/ }).click();
    await page.waitForURL(`${suite.api.url}/products`);
  }, 120_000);

  it('parts: category sidebar, search by tag, list view and the Filters toggle', async () => {
    const page = await open('/store/precision-parts');
    await page.getByRole('heading', { level: 1, name: 'Precision Parts Co.' }).waitFor();
    const cards = page.locator('.demo-results article');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(14);
    await page.getByRole('navigation', { name: 'Categories' }).getByRole('button', { name: /^HVAC/ }).click();
    expect(await cards.count()).toBe(3);
    await page
      .getByRole('navigation', { name: 'Categories' })
      .getByRole('button', { name: /^All Products/ })
      .click();
    await page.getByLabel('Search parts').fill('whirlpool');
    expect(await cards.count()).toBe(1);
    await page.getByLabel('Search parts').fill('');
    await page.getByRole('button', { name: 'List' }).click();
    await page.locator('.parts-list').waitFor();
    await shot(page, 'precision-parts-list');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('navigation', { name: 'Categories' }).waitFor({ state: 'detached' });
  }, 90_000);

  it('workshop: the Request Custom Order dialog records the request and e-mails the owner', async () => {
    const page = await open('/makers-workshop');
    await page.getByRole('heading', { level: 1, name: "The Maker's Workshop" }).waitFor();
    await page.locator('.demo-results article').first().waitFor();
    await shot(page, 'makers-workshop');
    await page.getByRole('button', { name: 'Request Custom Order' }).click();
    const dialog = page.getByRole('dialog', { name: 'Request Custom Order' });
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await dialog.getByText('Full name is required').waitFor();
    await dialog.getByText('Project description is required').waitFor();
    expect(await dialog.getByLabel('Project Description').getAttribute('rows')).toBe('4');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Request Custom Order' }).click();
    await dialog.getByLabel('Full Name').fill('Robin Woodworker');
    await dialog.getByLabel('Email Address').fill('robin@example.test');
    await dialog.getByLabel('Project Description').fill('A router fence for a 12 inch table');
    await dialog.getByLabel('Budget Range').fill('$40-$60');
    await dialog.getByRole('button', { name: 'Submit Request' }).click();
    await page.getByText('Request sent!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    const row = await suite.api.prisma.customOrderRequest.findFirstOrThrow({
      where: { email: 'robin@example.test' },
    });
    expect(row.budget).toBe('$40-$60');
    await eventually(
      async () => (await emailsTo(ownerEmail)).find((mail) => mail.subject.includes('Robin Woodworker')),
      30_000,
    );
  }, 90_000);
});
