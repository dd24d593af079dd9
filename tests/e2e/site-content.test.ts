// Issue 16, content that looked unfinished, in Chromium at 390×844 and 1366×900: a picture drawn for
// every seeded product, /products with every store's products (where 'View All Products' and 'Back to
// Marketplace' lead), 'Visit Store' on our own store pages, no link to a host that does not exist,
// printer names as people write them, the FAQ from its content file and Contact Us through the support
// messages. Each screen is saved under var/test-screenshots/site-content/.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../ops/fixtures/auth.ts';
import { FIXED_STORES, seedStores } from '../../prisma/seed/stores.ts';
import { FAQ } from '../../pwa/src/content/faq.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { emailsTo, type ReceivedEmail } from '../support/maildev.ts';
import { saveScreenshot, VIEWPORTS, type Viewport } from '../support/screenshots.ts';
import { eventually } from '../support/server.ts';

const TIMEOUT = 30_000;
const STAFF_DESK = `desk-${randomUUID().slice(0, 8)}@printfarm.test`;
const tag = () => randomUUID().slice(0, 8);
const SEEDED_PRODUCTS = FIXED_STORES.reduce((sum, store) => sum + store.products.length, 0);

describe('site content in Chromium', () => {
  const suite = useBrowserSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true', STAFF_EMAILS: STAFF_DESK },
    workers: true,
  });

  beforeAll(async () => {
    const owner = await createUser(suite.api.prisma, { role: 'operator' });
    await seedStores(suite.api.prisma, { ownerId: owner.id });
  }, 120_000);

  async function open(path: string, viewport: Viewport): Promise<Page> {
    const page = await suite.openPage(path, { viewport });
    page.setDefaultTimeout(TIMEOUT);
    return page;
  }

  /** Every picture on screen has loaded and drawn something. */
  async function picturesDrawn(page: Page, selector: string): Promise<number> {
    await page.locator(selector).first().waitFor();
    // Pictures load as they come into view.
    for (const image of await page.locator(selector).all()) await image.scrollIntoViewIfNeeded();
    return eventually(async () => {
      const sizes = await page.locator(selector).evaluateAll((images) =>
        images.map((image) => {
          // The page's own <img>: tests/ has no DOM types, so its two properties are named here.
          const picture = image as unknown as { complete: boolean; naturalWidth: number };
          return picture.complete && picture.naturalWidth;
        }),
      );
      return sizes.every((width) => typeof width === 'number' && width > 0) ? sizes.length : undefined;
    }, TIMEOUT);
  }

  const mailTo = (address: string, subject: string): Promise<ReceivedEmail> =>
    eventually(async () => (await emailsTo(address)).find((mail) => mail.subject.includes(subject)), TIMEOUT);

  for (const viewport of VIEWPORTS) {
    describe(`at ${viewport.width}x${viewport.height}`, () => {
      it("lists every store's products with their own pictures, where the marketplace links lead", async () => {
        const home = await open('/', viewport);
        await home.getByRole('link', { name: 'View All Products →' }).click();
        await home.waitForURL(`${suite.api.url}/products`);
        await home.getByRole('heading', { level: 1, name: 'All Products' }).waitFor();
        await home.getByText(`${SEEDED_PRODUCTS} products from 3 stores`).waitFor();
        const cards = home.locator('article.network-product');
        expect(await cards.count()).toBe(SEEDED_PRODUCTS);
        // A picture of its own per product, each served as a drawn SVG.
        const sources = await cards
          .locator('img')
          .evaluateAll((images) => images.map((image) => image.getAttribute('src')));
        expect(new Set(sources).size).toBe(SEEDED_PRODUCTS);
        for (const source of sources.slice(0, 6)) {
          const answer = await fetch(`${suite.api.url}${source}`);
          expect(answer.headers.get('content-type')).toContain('image/svg+xml');
        }
        await home.getByRole('button', { name: "The Maker's Workshop" }).click();
        await home.getByText('12 products from 1 store').waitFor();
        await home.getByLabel('Search products').fill('dragon');
        await home.getByRole('button', { name: 'All stores' }).click();
        await home.getByText('1 product from 1 store').waitFor();
        await home.getByLabel('Search products').fill('');
        expect(await picturesDrawn(home, 'article.network-product img >> nth=0')).toBe(1);
        await saveScreenshot(home, import.meta.url, 'products');

        // 'Visit Store' on the landing page opens our own store, in the same tab.
        const landing = await open('/', viewport);
        const parts = landing.locator('.product-card', { hasText: 'Precision Parts Co.' });
        expect(await picturesDrawn(landing, '.product-card__image img')).toBe(2);
        await parts.scrollIntoViewIfNeeded();
        await saveScreenshot(landing, import.meta.url, 'landing-products');
        await parts.getByRole('link', { name: 'Visit Store' }).click();
        await landing.waitForURL(`${suite.api.url}/precision-parts`);
        await landing.getByRole('heading', { level: 1, name: 'Precision Parts Co.' }).waitFor();
        await landing.locator('.demo-results article img').first().waitFor();
        expect(await picturesDrawn(landing, '.demo-results article img >> nth=0')).toBe(1);
        expect(await landing.locator('.product-image--placeholder').count()).toBe(0);
        await saveScreenshot(landing, import.meta.url, 'store-pictures');
        await landing.getByRole('link', { name: /Back to Marketplace/ }).click();
        await landing.waitForURL(`${suite.api.url}/products`);
        await landing.getByRole('heading', { level: 1, name: 'All Products' }).waitFor();
      }, 120_000);

      it('has no link to a host that does not exist', async () => {
        const origin = new URL(suite.api.url).host;
        const paths = ['/', '/products', '/miniature-masters', '/precision-parts', '/makers-workshop'];
        paths.push('/faq', '/contact', '/blog', '/opportunity', '/privacy-policy', '/earnings-disclaimer');
        const outside: string[] = [];
        const page = await open('/', viewport);
        for (const path of paths) {
          await page.goto(`${suite.api.url}${path}`);
          await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
          await page.locator('main').first().waitFor();
          const hrefs = await page
            .locator('a[href]')
            .evaluateAll((links) => links.map((link) => (link as unknown as { href: string }).href));
          for (const href of hrefs) {
            const url = new URL(href);
            if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host !== origin) {
              outside.push(`${path}: ${href}`);
            }
          }
        }
        expect(outside).toEqual([]);
        await saveScreenshot(page, import.meta.url, 'links-earnings-disclaimer');
      }, 240_000);

      it('names printers as people write them', async () => {
        const farmName = `Resin Row ${tag()}`;
        const contactEmail = `resin-${tag()}@example.test`;
        const signup = await fetch(`${suite.api.url}/api/print-farms/signup`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            displayName: farmName,
            contactName: 'Rae Resin',
            contactEmail,
            contactPhone: '919-555-0147',
            fullStreetAddress: '5 Fayette St',
            streetName: 'Fayette St',
            city: 'Raleigh',
            state: 'NC',
            zipCode: '27601',
            printerInventory: [
              { technology: 'SLA/Resin', brand: 'Formlabs', model: '3+', count: 2 },
              { technology: 'FFF/FDM', brand: 'Other', model: 'Other Brand', count: 1 },
            ],
          }),
        });
        expect(signup.status).toBe(201);
        const page = await open('/print-farms', viewport);
        await page.getByPlaceholder('Search by company, city, state, ZIP or printer').fill(farmName);
        const item = page.locator('.farm-list__item', { hasText: farmName });
        await item.getByText('3 printers · Formlabs Form 3+, Other printer').waitFor();
        expect(await page.getByText(/Other Other Brand|Formlabs 3\+/).count()).toBe(0);
        await item.scrollIntoViewIfNeeded();
        await saveScreenshot(page, import.meta.url, 'printer-names');
        const welcome = await mailTo(contactEmail, 'Welcome');
        expect(welcome.text).toContain('We recorded 3 printers: Formlabs Form 3+, Other printer.');
      }, 120_000);

      it('answers from the FAQ content file, and Contact Us sends a support message', async () => {
        const page = await open('/', viewport);
        await page.locator('footer').getByRole('link', { name: 'FAQ', exact: true }).click();
        await page.waitForURL(`${suite.api.url}/faq`);
        await page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' }).waitFor();
        const entries = FAQ.flatMap((section) => section.entries);
        expect(await page.locator('details.faq__entry summary').allTextContents()).toEqual(
          entries.map((entry) => entry.question),
        );
        const first = entries[0];
        if (!first) throw new Error('the FAQ has no entries');
        await page.getByText(first.question).click();
        await page.getByText(first.answer).waitFor();
        await saveScreenshot(page, import.meta.url, 'faq', { fullPage: true });

        await page.locator('.faq__more').getByRole('link', { name: 'Contact Us' }).click();
        await page.waitForURL(`${suite.api.url}/contact`);
        await page.getByRole('heading', { level: 1, name: 'Contact Us' }).waitFor();
        const form = page.getByRole('form', { name: 'Contact us' });
        await form.getByRole('button', { name: 'Send Message' }).click();
        for (const message of ['Name is required', 'Valid email is required', 'Subject is required']) {
          await form.getByText(message).waitFor();
        }
        await form.getByText('Message is required').waitFor();
        await saveScreenshot(page, import.meta.url, 'contact-messages');
        const email = `visitor-${tag()}@example.test`;
        const subject = `Shipping to Alaska ${tag()}`;
        await form.getByLabel('Your name').fill('Vic Visitor');
        await form.getByLabel('Your e-mail').fill(email);
        await form.getByLabel('Subject').fill(subject);
        await form.getByLabel('Message').fill('Do the stores ship to Anchorage?');
        await form.getByRole('button', { name: 'Send Message' }).click();
        await page.getByRole('heading', { name: 'Thank you! Your message is on its way.' }).waitFor();
        await page.getByText(`Our team will answer you at ${email}.`).waitFor();
        await saveScreenshot(page, import.meta.url, 'contact-sent');

        const stored = await suite.api.prisma.supportMessage.findFirstOrThrow({ where: { subject } });
        expect(stored).toMatchObject({ userId: null, email, message: 'Do the stores ship to Anchorage?' });
        const staffMail = await mailTo(STAFF_DESK, subject);
        expect(staffMail.text).toContain(
          `Vic Visitor <${email}> sent a support message from the contact page.`,
        );
      }, 120_000);
    });
  }
});
