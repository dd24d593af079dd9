// The shopper's and the owner's journey in Chromium: browse a store, fill the cart, check out (with the
// form's rules), get the confirmation e-mail; the owner sees the order in store admin and ships it.
import { randomUUID } from 'node:crypto';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '../../ops/fixtures/auth.ts';
import {
  addSessionCookies,
  recordToasts,
  SIGNED_OUT_TOAST,
  signedOutToastOn,
} from '../../ops/fixtures/browser.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { emailsTo } from '../support/maildev.ts';
import { outboxMails } from '../support/outboxMail.ts';
import { saveScreenshot, VIEWPORTS } from '../support/screenshots.ts';
import { eventually } from '../support/server.ts';

const TIMEOUT = 30_000;
// SCREENSHOTS=/some/dir keeps a picture of each screen for a human look.
const SHOTS = process.env.SCREENSHOTS;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe('storefront and store admin in Chromium', () => {
  const suite = useBrowserSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' }, workers: true });
  let owner: TestUser;
  let storeName: string;
  const shopperEmail = `shopper-${randomUUID().slice(0, 8)}@example.test`;
  const contexts: BrowserContext[] = [];

  async function newPage(cookieHeader?: string): Promise<Page> {
    const context = await suite.browser.newContext();
    contexts.push(context);
    if (cookieHeader) await addSessionCookies(context, suite.api.url, cookieHeader);
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    return page;
  }

  beforeAll(async () => {
    owner = await createUser(suite.api.prisma, { role: 'operator' });
    storeName = `garage-${randomUUID().slice(0, 8)}`;
    await suite.api.prisma.store.create({
      data: {
        userId: owner.id,
        storeName,
        displayName: 'Garage Parts',
        description: 'Replacement parts printed to order.',
        products: {
          create: [
            {
              name: 'Dryer Knob',
              description: 'Fits most dryers.',
              price: '12.50',
              stockQuantity: 3,
              printTime: 61,
              materialType: 'PETG',
              tags: ['dryer', 'knob', 'laundry', 'ge'],
            },
            { name: 'Fridge Clip', price: '6.00', stockQuantity: 20, materialType: 'PLA' },
            { name: 'Sold Out Wheel', price: '9.00', stockQuantity: 0 },
          ],
        },
      },
    });
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  it('checks out from a store and the owner ships the order', async () => {
    const page = await newPage();
    await page.goto(`${suite.api.url}/store/${storeName}`);
    await page.getByRole('heading', { level: 1, name: 'Garage Parts' }).waitFor();
    const knob = page.getByRole('article', { name: 'Dryer Knob' });
    await knob.getByText('Only 3 left').waitFor();
    await shot(page, 'store');
    await knob.getByText('~2h').waitFor();
    expect(await knob.locator('.product-card__tags li').count()).toBe(3);
    expect(
      await page
        .getByRole('article', { name: 'Sold Out Wheel' })
        .getByRole('button', { name: 'Add to Cart' })
        .isDisabled(),
    ).toBe(true);

    await knob.getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByText('Dryer Knob has been added to your cart').waitFor();
    await page
      .getByRole('article', { name: 'Fridge Clip' })
      .getByRole('button', { name: 'Add to Cart' })
      .click();

    // The cart survives a reload.
    await page.reload();
    await page.getByRole('button', { name: 'Cart, 2 items' }).click();
    const dialog = page.getByRole('dialog', { name: 'Checkout' });
    await dialog.getByRole('button', { name: 'Increase quantity of Dryer Knob' }).click();
    await dialog.getByRole('button', { name: 'Increase quantity of Dryer Knob' }).click();
    expect(await dialog.getByRole('button', { name: 'Increase quantity of Dryer Knob' }).isDisabled()).toBe(
      true,
    );
    await dialog.getByRole('button', { name: 'Decrease quantity of Dryer Knob' }).click();
    expect(await dialog.getByTestId('order-total').textContent()).toBe('$31.00');

    // Validate on submit and focus the first field with an error.
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    await dialog.getByText('Name is required').waitFor();
    await dialog.getByText('Street address is required').waitFor();
    expect(
      await dialog.getByLabel('Full Name').evaluate((input) => input.ownerDocument.activeElement === input),
    ).toBe(true);

    await dialog.getByLabel('Full Name').fill('Pat Shopper');
    await dialog.getByText('Name is required').waitFor({ state: 'detached' });
    await dialog.getByLabel('Email').fill(shopperEmail);
    await dialog.getByLabel('Phone (optional)').fill('555-0134');
    await dialog.getByLabel('Street Address').fill('12 Oak Ave');
    await dialog.getByLabel('City').fill('Austin');
    await dialog.getByLabel('State').selectOption('TX');
    await dialog.getByLabel('ZIP Code').fill('78701');
    await dialog.getByLabel('Shipping Method').selectOption('expedited');
    expect(await dialog.getByTestId('order-total').textContent()).toBe('$40.99');
    await shot(page, 'checkout');
    await dialog.getByLabel('Order Notes (optional)').fill('Leave at the door');
    await dialog.getByRole('button', { name: 'Place Order' }).click();

    await page.getByText('Order placed successfully!').waitFor();
    await page.getByText('You will receive a confirmation email shortly.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The order's confirmation page opens (issue 16); the cart is empty again.
    await page.getByRole('heading', { level: 1, name: 'Thank you, Pat Shopper!' }).waitFor();
    await page.goto(`${suite.api.url}/store/${storeName}`);
    await page.getByRole('button', { name: 'Cart, 0 items' }).waitFor();

    const order = await suite.api.prisma.order.findFirstOrThrow({
      where: { customerEmail: shopperEmail },
      include: { items: true },
    });
    expect(order.totalAmount.toFixed(2)).toBe('40.99');
    expect(order.notes).toBe('Leave at the door');
    const confirmation = await eventually(async () => (await emailsTo(shopperEmail))[0], 30_000);
    expect(confirmation.text).toContain('Total: $40.99');

    // The owner signs in, finds the order and ships it.
    const admin = await newPage(await signIn(suite.api.url, owner.email, owner.password));
    await admin.goto(`${suite.api.url}/admin/store/${storeName}`);
    await admin.getByRole('heading', { name: 'Garage Parts - Store Admin' }).waitFor();
    await admin.getByText('Pat Shopper').waitFor();
    await shot(admin, 'store-admin-overview');
    await admin.getByRole('tab', { name: 'Orders' }).click();
    expect(new URL(admin.url()).searchParams.get('tab')).toBe('orders');
    const row = admin.getByRole('listitem', { name: `Order ${order.id.slice(0, 8).toUpperCase()}` });
    await row.getByLabel('Change status').selectOption('processing');
    await row.getByRole('button', { name: 'Update Status' }).click();
    // The badge says the status as people write it (issue 25, defect 9).
    await row.getByText('Processing', { exact: true }).waitFor();
    await row.getByLabel('Change status').selectOption('shipped');
    await row.getByRole('button', { name: 'Update Status' }).click();
    await row.getByText('Tracking number is required').waitFor();
    await row.getByText('Choose a carrier', { exact: true }).last().waitFor();
    await row.getByLabel('Carrier').selectOption('UPS');
    await row.getByLabel('Tracking Number').fill('1Z999AA10123456784');
    for (const viewport of VIEWPORTS) {
      await admin.setViewportSize(viewport);
      await row.getByLabel('Carrier').scrollIntoViewIfNeeded();
      await saveScreenshot(admin, import.meta.url, 'store-admin-ship-form');
    }
    await row.getByRole('button', { name: 'Update Status' }).click();
    await row.getByText('Shipped', { exact: true }).waitFor();
    await admin.getByText(`Order #${order.id.slice(0, 8).toUpperCase()} is now Shipped.`).waitFor();
    for (const viewport of VIEWPORTS) {
      await admin.setViewportSize(viewport);
      await saveScreenshot(admin, import.meta.url, 'store-admin-orders', { fullPage: true });
    }
    await admin.getByRole('tab', { name: 'Overview' }).click();
    await admin.getByText('Shipped', { exact: true }).first().waitFor();
    for (const viewport of VIEWPORTS) {
      await admin.setViewportSize(viewport);
      await saveScreenshot(admin, import.meta.url, 'store-admin-overview');
    }
    const shipped = await eventually(
      async () => (await emailsTo(shopperEmail)).find((mail) => mail.subject.includes('has shipped')),
      30_000,
    );
    // The carrier, its tracking page and the order's signed link (issue 25, defect 4).
    const upsUrl = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
    expect(shipped.text).toContain('Carrier: UPS');
    expect(shipped.text).toContain(`Track your parcel: ${upsUrl}`);
    const orderLink = (shipped.text ?? '').match(/See your order at any time: (\S+)/)?.[1] ?? '';
    expect(orderLink).toContain(`/orders/${order.id}?token=`);
    expect(shipped.html).toContain(upsUrl);

    // The link opens the confirmation page, which links the carrier's tracking page.
    const shopper = await newPage();
    for (const viewport of VIEWPORTS) {
      await shopper.setViewportSize(viewport);
      // The e-mail's link names the configured public origin; the test server listens elsewhere.
      const link = new URL(orderLink);
      await shopper.goto(`${suite.api.url}${link.pathname}${link.search}`);
      const tracking = shopper.getByRole('link', { name: '1Z999AA10123456784' });
      expect(await tracking.getAttribute('href')).toBe(upsUrl);
      await shopper.getByText('Your order has shipped with UPS.').waitFor();
      await tracking.scrollIntoViewIfNeeded();
      await saveScreenshot(shopper, import.meta.url, 'order-confirmation-shipped');
    }

    // Delivered: the shopper hears once.
    await admin.getByRole('tab', { name: 'Orders' }).click();
    await row.getByLabel('Change status').selectOption('delivered');
    await row.getByRole('button', { name: 'Update Status' }).click();
    await row.getByText('Delivered', { exact: true }).waitFor();
    const delivered = await eventually(
      async () => (await emailsTo(shopperEmail)).find((mail) => mail.subject.includes('has been delivered')),
      30_000,
    );
    expect(delivered.text).toContain(orderLink);
    expect(await outboxMails(suite.api.prisma, `order-delivered:${order.id}`)).toBe(1);
  }, 180_000);

  it('shows Store Not Found for an unknown store and keeps another operator out of the admin', async () => {
    const page = await newPage();
    await page.goto(`${suite.api.url}/store/no-such-store-here`);
    await page.getByRole('heading', { name: 'Store Not Found' }).waitFor();
    await page
      .getByText("The store you're looking for doesn't exist or is temporarily unavailable.")
      .waitFor();

    // Signed out: the admin says so and sends the browser to /api/login after 500 ms.
    const anonymous = await newPage();
    await recordToasts(anonymous);
    await anonymous.goto(`${suite.api.url}/admin/store/${storeName}`);
    await anonymous.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    const toast = await signedOutToastOn(anonymous, `/admin/store/${storeName}`);
    expect(toast, 'the signed-out toast on the store admin').toBeDefined();
    expect(toast?.shownFor).toBeGreaterThanOrEqual(SIGNED_OUT_TOAST.redirectAfterMs);

    const other = await createUser(suite.api.prisma, { role: 'operator' });
    const intruder = await newPage(await signIn(suite.api.url, other.email, other.password));
    await intruder.goto(`${suite.api.url}/admin/store/${storeName}`);
    await intruder.getByRole('heading', { name: 'Store Not Found' }).waitFor();
    await intruder.getByText("The store you're looking for doesn't exist.").waitFor();
  }, 90_000);

  it('lets the owner add, edit and delete products and save the store settings', async () => {
    const admin = await newPage(await signIn(suite.api.url, owner.email, owner.password));
    await admin.goto(`${suite.api.url}/admin/store/${storeName}?tab=products`);
    await admin.getByRole('tab', { name: 'Products', selected: true }).waitFor();
    await admin.getByRole('button', { name: 'Add Product' }).click();
    const form = admin.getByRole('dialog', { name: 'Add Product' });
    await form.getByLabel('Stock Quantity').fill('-1');
    await form.getByRole('button', { name: 'Add Product' }).click();
    await form.getByText('Product name is required').waitFor();
    await form.getByText('Price is required').waitFor();
    await form.getByText('Stock quantity must be non-negative').waitFor();
    await form.getByLabel('Product Name').fill('Spa Jet Cap');
    await form.getByLabel('Price ($)').fill('7.5');
    await form.getByLabel('Stock Quantity').fill('4');
    await form.getByLabel('Print Time (minutes)').fill('90');
    await form.getByLabel('Tags').fill('spa, jet, spa');
    await form.getByRole('button', { name: 'Add Product' }).click();
    await form.waitFor({ state: 'detached' });
    const card = admin.getByRole('article', { name: 'Spa Jet Cap' });
    await card.getByText('$7.50').waitFor();
    const saved = await suite.api.prisma.product.findFirstOrThrow({ where: { name: 'Spa Jet Cap' } });
    expect([saved.stockQuantity, saved.printTime, saved.tags, saved.isActive]).toEqual([
      4,
      90,
      ['spa', 'jet'],
      true,
    ]);

    await card.getByRole('button', { name: 'Edit Spa Jet Cap' }).click();
    const edit = admin.getByRole('dialog', { name: 'Edit Product' });
    expect(await edit.getByLabel('Tags').inputValue()).toBe('spa,jet');
    await edit.getByLabel('Stock Quantity').fill('9');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await card.getByText('Stock: 9').waitFor();

    // Three sell while the owner edits the description: saving keeps the 6 left, not the 9 shown.
    await card.getByRole('button', { name: 'Edit Spa Jet Cap' }).click();
    expect(await edit.getByLabel('Stock Quantity').inputValue()).toBe('9');
    await suite.api.prisma.product.update({
      where: { id: saved.id },
      data: { stockQuantity: { decrement: 3 } },
    });
    await edit.getByLabel('Description').fill('Fits the 2019 model.');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'detached' });
    await card.getByText('Stock: 6').waitFor();
    const edited = await suite.api.prisma.product.findUniqueOrThrow({ where: { id: saved.id } });
    expect([edited.description, edited.stockQuantity]).toEqual(['Fits the 2019 model.', 6]);

    await card.getByRole('button', { name: 'Delete Spa Jet Cap' }).click();
    await admin
      .getByRole('dialog', { name: 'Delete product?' })
      .getByRole('button', { name: 'Delete' })
      .click();
    await card.waitFor({ state: 'detached' });
    expect(await suite.api.prisma.product.count({ where: { name: 'Spa Jet Cap' } })).toBe(0);

    await admin.getByRole('button', { name: 'Store Settings' }).click();
    const settings = admin.getByRole('dialog', { name: 'Store Settings' });
    await settings.getByLabel('Store Name').fill('');
    await settings.getByRole('button', { name: 'Update Store' }).click();
    await settings.getByText('Store name is required').waitFor();
    await settings.getByLabel('Store Name').fill('Garage Parts Plus');
    await settings.getByRole('button', { name: 'Update Store' }).click();
    await admin.getByRole('heading', { name: 'Garage Parts Plus - Store Admin' }).waitFor();
    await admin.getByRole('tab', { name: 'Shipping' }).click();
    // No rules of its own yet: the form shows the network's fees.
    expect(await admin.getByLabel('Overnight fee ($)').inputValue()).toBe('24.99');
  }, 120_000);
});
