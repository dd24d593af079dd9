// Issue 16, shop and checkout, in Chromium at 390×844 and 1366×900: the address rules' messages, the
// store's own shipping in the server's total, the confirmation page (and its signed link from the
// e-mail), the Shipping tab's rules and packing slip, custom order requests in the Requests tab with the
// requester's acknowledgement, an offline checkout that keeps the cart, and a queued order sent again
// through an unreachable server and a 502. Each screen is saved under var/test-screenshots/shop-checkout/.
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '../../ops/fixtures/auth.ts';
import { addSessionCookies } from '../../ops/fixtures/browser.ts';
import { seedStores } from '../../prisma/seed/stores.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { emailsTo, type ReceivedEmail } from '../support/maildev.ts';
import { saveScreenshot, VIEWPORTS, type Viewport } from '../support/screenshots.ts';
import { eventually } from '../support/server.ts';

const TIMEOUT = 30_000;
const ZIP_MESSAGE = 'Enter a 5-digit ZIP code or ZIP+4, such as 27601 or 27601-1234';
const tag = () => randomUUID().slice(0, 8);

describe('shop and checkout in Chromium', () => {
  const suite = useBrowserSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' }, workers: true });
  let owner: TestUser;
  let ownerCookie: string;

  beforeAll(async () => {
    owner = await createUser(suite.api.prisma, { role: 'operator' });
    ownerCookie = await signIn(suite.api.url, owner.email, owner.password);
    await seedStores(suite.api.prisma, { ownerId: owner.id });
  }, 120_000);

  /** A store of the owner's with its own rules: Standard $5, Expedited $12, free from $75, no Overnight. */
  async function createStore(displayName: string) {
    const storeName = `shop-${tag()}`;
    const store = await suite.api.prisma.store.create({
      data: {
        userId: owner.id,
        storeName,
        displayName,
        freeShippingOver: '75.00',
        shippingMethods: {
          create: [
            { method: 'standard', fee: '5.00' },
            { method: 'expedited', fee: '12.00' },
          ],
        },
        products: {
          create: [
            { name: 'Shop Lamp', description: 'A clamp-on lamp.', price: '29.99', stockQuantity: 10 },
            { name: 'Big Jig', price: '80.00', stockQuantity: 5 },
          ],
        },
      },
    });
    return { id: store.id, storeName };
  }

  async function open(path: string, viewport: Viewport, cookie?: string): Promise<Page> {
    const context = await suite.newContext({ viewport });
    if (cookie) await addSessionCookies(context, suite.api.url, cookie);
    const page = await context.newPage();
    page.setDefaultTimeout(TIMEOUT);
    await page.goto(`${suite.api.url}${path}`);
    await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
    return page;
  }

  async function openCheckout(page: Page, product: string): Promise<Locator> {
    await page.getByRole('article', { name: product }).getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).click();
    return page.getByRole('dialog', { name: 'Checkout' });
  }

  async function fillCustomer(dialog: Locator, email: string) {
    await dialog.getByLabel('Full Name').fill('Casey Shopper');
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByLabel('Street Address').fill('5 Fayette St');
    await dialog.getByLabel('City').fill('Raleigh');
  }

  const mailTo = (address: string, subject: string): Promise<ReceivedEmail> =>
    eventually(async () => (await emailsTo(address)).find((mail) => mail.subject.includes(subject)), TIMEOUT);

  for (const viewport of VIEWPORTS) {
    describe(`at ${viewport.width}x${viewport.height}`, () => {
      it("checks the address, charges the store's shipping in the server's total and opens the confirmation page", async () => {
        const store = await createStore(`Lamp Works ${viewport.name}`);
        const email = `casey-${tag()}@example.test`;
        const page = await open(`/store/${store.storeName}`, viewport);
        const dialog = await openCheckout(page, 'Shop Lamp');
        await fillCustomer(dialog, email);

        // The state is a list of the 50 states by name; a ZIP like 'ABC' is refused with its message.
        const state = dialog.getByLabel('State');
        const states = await state.locator('option:not([disabled])').allTextContents();
        expect(states).toHaveLength(50);
        expect(states.slice(0, 2)).toEqual(['Alabama', 'Alaska']);
        await dialog.getByLabel('ZIP Code').fill('ABC');
        await dialog.getByRole('button', { name: 'Place Order' }).click();
        await dialog.getByText('State is required').waitFor();
        await dialog.getByText(ZIP_MESSAGE).waitFor();
        await saveScreenshot(page, import.meta.url, 'checkout-address-messages');
        expect(await suite.api.prisma.order.count({ where: { storeId: store.id } })).toBe(0);

        await state.selectOption({ label: 'North Carolina' });
        await dialog.getByLabel('ZIP Code').fill('27601');
        await dialog.getByText(ZIP_MESSAGE).waitFor({ state: 'detached' });
        // The store's own methods and fees, and how far the cart is from free Standard shipping.
        const method = dialog.getByLabel('Shipping Method');
        expect(await method.locator('option').allTextContents()).toEqual([
          'Standard (5–7 days) - $5.00',
          'Expedited (2–3 days) - $12.00',
        ]);
        expect(await dialog.getByTestId('shipping-fee').textContent()).toBe('$5.00');
        await dialog.getByText('Add $45.01 more for free Standard shipping.').waitFor();
        await method.selectOption('expedited');
        expect(await dialog.getByTestId('order-total').textContent()).toBe('$41.99');
        await saveScreenshot(page, import.meta.url, 'checkout-filled');
        await dialog.getByRole('button', { name: 'Place Order' }).click();

        await page.waitForURL(/\/orders\/[0-9a-f-]{36}\?token=/);
        await page.getByRole('heading', { level: 1, name: 'Thank you, Casey Shopper!' }).waitFor();
        const order = await suite.api.prisma.order.findFirstOrThrow({ where: { customerEmail: email } });
        const number = order.id.slice(0, 8).toUpperCase();
        expect([
          order.subtotal.toFixed(2),
          order.shippingFee.toFixed(2),
          order.totalAmount.toFixed(2),
        ]).toEqual(['29.99', '12.00', '41.99']);
        expect(order.shippingAddress).toMatchObject({ state: 'NC', zipCode: '27601' });
        await page.getByRole('heading', { name: `Order #${number}` }).waitFor();
        expect(await page.getByTestId('confirmation-email').textContent()).toBe(email);
        expect(await page.getByTestId('confirmation-total').textContent()).toBe('$41.99');
        await page.getByText('Shipping (Expedited, 2–3 days)').waitFor();
        await page.getByRole('heading', { name: 'What happens next' }).waitFor();
        await page.getByText('Raleigh, North Carolina 27601').waitFor();
        // What to pay and how: the total, by bank transfer, with the payment's reference.
        const payment = await suite.api.prisma.payment.findFirstOrThrow({ where: { orderId: order.id } });
        expect(await page.getByTestId('payment-amount').textContent()).toBe('$41.99');
        expect(await page.getByTestId('payment-reference').textContent()).toBe(payment.reference);
        expect(await page.getByTestId('payment-instructions').textContent()).toContain(payment.reference);
        await saveScreenshot(page, import.meta.url, 'order-confirmation', { fullPage: true });

        // The e-mail carries the same signed link; it opens the order in a browser with no session.
        const mail = await mailTo(email, `#${number}`);
        expect(mail.text).toContain('Shipping (Expedited, 2–3 days): $12.00');
        expect(mail.text).toContain(`Order #${number} · 1 item`);
        const link = new URL(/See your order at any time: (\S+)/.exec(mail.text ?? '')?.[1] ?? '');
        const fromMail = await open(`${link.pathname}${link.search}`, viewport);
        await fromMail.getByRole('heading', { level: 1, name: 'Thank you, Casey Shopper!' }).waitFor();
        expect(await fromMail.getByTestId('confirmation-total').textContent()).toBe('$41.99');

        // A link whose token was changed opens nothing but a clear message.
        const token = link.searchParams.get('token') ?? '';
        const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
        const bad = await open(`${link.pathname}?token=${tampered}`, viewport);
        await bad.getByRole('heading', { level: 1, name: 'This order link is not valid' }).waitFor();
        expect(await bad.getByText('Casey Shopper').count()).toBe(0);
        await saveScreenshot(bad, import.meta.url, 'order-link-invalid');
      }, 180_000);

      it('lets the owner set the shipping rules that checkout and the server charge, and prints a slip', async () => {
        const store = await createStore(`Rules Shop ${viewport.name}`);
        // Until the owner saves, the form shows what the store charges now.
        const admin = await open(`/admin/store/${store.storeName}?tab=shipping`, viewport, ownerCookie);
        const rules = admin.getByRole('form', { name: 'Shipping rules' });
        await rules.getByLabel('Standard fee ($)').waitFor();
        expect(await rules.getByLabel('Standard fee ($)').inputValue()).toBe('5.00');
        await rules.getByLabel('Standard fee ($)').fill('6.5');
        await rules.getByLabel('Offer Overnight').check();
        await rules.getByLabel('Overnight fee ($)').fill('abc');
        await rules.getByLabel('Free Standard shipping from ($)').fill('60');
        await rules.getByRole('button', { name: 'Save Shipping Rules' }).click();
        await rules.getByText('Enter a fee such as 5 or 4.99').waitFor();
        await rules.getByLabel('Overnight fee ($)').fill('30');
        expect(await rules.getByTestId('shipping-preview').textContent()).toBe('Flat $6.50, free over $60');
        await rules.getByRole('button', { name: 'Save Shipping Rules' }).click();
        await admin.getByText('Your store now shows: Flat $6.50, free over $60.').waitFor();
        await saveScreenshot(admin, import.meta.url, 'store-admin-shipping', { fullPage: true });
        const saved = await suite.api.prisma.storeShippingMethod.findMany({
          where: { storeId: store.id },
          orderBy: { method: 'asc' },
        });
        expect(saved.map((row) => [row.method, row.fee.toFixed(2)])).toEqual([
          ['expedited', '12.00'],
          ['overnight', '30.00'],
          ['standard', '6.50'],
        ]);

        // A shopper's checkout and the server's total use the new rules.
        const email = `rules-${tag()}@example.test`;
        const page = await open(`/store/${store.storeName}`, viewport);
        const dialog = await openCheckout(page, 'Shop Lamp');
        await fillCustomer(dialog, email);
        await dialog.getByLabel('State').selectOption('NC');
        await dialog.getByLabel('ZIP Code').fill('27601-1234');
        expect(await dialog.getByTestId('shipping-fee').textContent()).toBe('$6.50');
        await dialog.getByLabel('Shipping Method').selectOption('overnight');
        expect(await dialog.getByTestId('order-total').textContent()).toBe('$59.99');
        await dialog.getByRole('button', { name: 'Place Order' }).click();
        await page.getByRole('heading', { level: 1, name: 'Thank you, Casey Shopper!' }).waitFor();
        const order = await suite.api.prisma.order.findFirstOrThrow({ where: { customerEmail: email } });
        expect([order.shippingFee.toFixed(2), order.totalAmount.toFixed(2)]).toEqual(['30.00', '59.99']);

        // The packing slip counts the items as people do and names the method in words.
        const slips = await open(`/admin/store/${store.storeName}?tab=shipping`, viewport, ownerCookie);
        const slipOpened = slips.context().waitForEvent('page');
        await slips.getByRole('button', { name: 'Print Packing Slip' }).click();
        const slip = await slipOpened;
        await slip.waitForLoadState();
        const text = await slip.locator('body').innerText();
        expect(text).toContain(`Order #${order.id.slice(0, 8).toUpperCase()}`);
        expect(text).toContain('· 1 item');
        expect(text).toContain('Shipping method: Overnight, next business day');
        await saveScreenshot(slip, import.meta.url, 'packing-slip');
      }, 180_000);

      it('shows a custom order request in the Requests tab with its status, and thanks the requester once', async () => {
        const name = `Robin ${tag()}`;
        const email = `robin-${tag()}@example.test`;
        const page = await open('/makers-workshop', viewport);
        // The workshop advertises what its own rules charge.
        await page.locator('.demo-results article').first().waitFor();
        expect(await page.getByTestId('store-shipping').textContent()).toBe('Flat $5, free over $75');
        await page.getByRole('button', { name: 'Request Custom Order' }).click();
        const dialog = page.getByRole('dialog', { name: 'Request Custom Order' });
        await dialog.getByLabel('Full Name').fill(name);
        await dialog.getByLabel('Email Address').fill(email);
        await dialog.getByLabel('Project Description').fill('A router fence for a 12 inch table');
        await dialog.getByLabel('Timeline').fill('within 2 weeks');
        await dialog.getByRole('button', { name: 'Submit Request' }).click();
        await page.getByText('Request sent!').waitFor();

        const ack = await mailTo(email, 'We received your custom order request');
        expect(ack.subject).toBe("We received your custom order request (The Maker's Workshop)");
        // A receipt to an address nobody verified: it does not quote the request (the store's e-mail does).
        expect(ack.text).not.toContain('A router fence for a 12 inch table');
        const toOwner = await mailTo(owner.email, name);
        expect(toOwner.text).toContain('A router fence for a 12 inch table');
        const request = await suite.api.prisma.customOrderRequest.findFirstOrThrow({ where: { email } });
        expect(
          await suite.api.prisma.emailLog.count({ where: { messageKey: `custom-order-ack:${request.id}` } }),
        ).toBe(1);
        expect(await emailsTo(email)).toHaveLength(1);

        const admin = await open('/admin/store/makers-workshop?tab=requests', viewport, ownerCookie);
        const row = admin.getByRole('listitem', { name: `Request from ${name}` });
        await row.getByText('A router fence for a 12 inch table').waitFor();
        await row.locator('.badge', { hasText: 'New' }).waitFor();
        await row.getByText('within 2 weeks').waitFor();
        await row.getByLabel('Status').selectOption('quoted');
        await admin.getByText(`${name}'s request is now Quoted.`).waitFor();
        await row.locator('.badge', { hasText: 'Quoted' }).waitFor();
        await saveScreenshot(admin, import.meta.url, 'store-admin-requests', { fullPage: true });
        await eventually(async () =>
          (await suite.api.prisma.customOrderRequest.findUniqueOrThrow({ where: { id: request.id } }))
            .status === 'quoted'
            ? true
            : undefined,
        );
      }, 120_000);

      it('says an offline checkout is offline, keeps the cart, and places the order once back', async () => {
        const store = await createStore(`Offline Shop ${viewport.name}`);
        const email = `offline-${tag()}@example.test`;
        const page = await open(`/store/${store.storeName}`, viewport);
        await page.getByRole('article', { name: 'Shop Lamp' }).waitFor();
        await page.context().setOffline(true);
        const dialog = await openCheckout(page, 'Shop Lamp');
        await fillCustomer(dialog, email);
        await dialog.getByLabel('State').selectOption('NC');
        await dialog.getByLabel('ZIP Code').fill('27601');
        await dialog.getByRole('button', { name: 'Place Order' }).click();
        await page.getByText('You are offline', { exact: true }).waitFor();
        await page
          .getByText('Your order is saved and will be placed as soon as you are back online.')
          .waitFor();
        await page
          .getByText(`Your order from Offline Shop ${viewport.name} will be placed as soon as`)
          .waitFor();
        await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
        expect(await page.getByText(/contact the store/i).count()).toBe(0);
        await saveScreenshot(page, import.meta.url, 'checkout-offline');
        expect(await suite.api.prisma.order.count({ where: { customerEmail: email } })).toBe(0);
        await page.context().setOffline(false);
        await page.getByText(`your order from Offline Shop ${viewport.name} went through`).waitFor();
        await page.getByRole('button', { name: 'Cart, 0 items', exact: true }).waitFor();
        expect(await suite.api.prisma.order.count({ where: { customerEmail: email } })).toBe(1);

        // The browser thinks it is online but the server cannot be reached: the same, never 'contact the store'.
        const unreachable = `unreachable-${tag()}@example.test`;
        await page.route('**/api/stores/*/orders', (route) => route.abort('internetdisconnected'));
        const again = await openCheckout(page, 'Shop Lamp');
        await fillCustomer(again, unreachable);
        await again.getByLabel('State').selectOption('NC');
        await again.getByLabel('ZIP Code').fill('27601');
        await again.getByRole('button', { name: 'Place Order' }).click();
        await page
          .getByText('Your order is saved and will be placed as soon as you are back online.')
          .waitFor();
        await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
        expect(await page.getByText(/contact the store/i).count()).toBe(0);
        await page.unroute('**/api/stores/*/orders');
        await page.reload();
        await eventually(async () =>
          (await suite.api.prisma.order.count({ where: { customerEmail: unreachable } })) === 1
            ? true
            : undefined,
        );
      }, 120_000);
    });
  }

  it('keeps sending a queued order through an unreachable server and a 502, and leaves what was added since in the cart', async () => {
    const store = await createStore('Flaky Uplink Shop');
    const email = `flaky-${tag()}@example.test`;
    const page = await open(`/store/${store.storeName}`, VIEWPORTS[0] as Viewport);
    // Online as far as the browser knows, so no 'online' event ever comes: first no internet, then a proxy's 502.
    let server: 'unreachable' | 'bad gateway' | 'up' = 'unreachable';
    const answered = { 'bad gateway': 0, up: 0 };
    await page.route('**/api/stores/*/orders', (route) => {
      if (server === 'unreachable') return route.abort('internetdisconnected');
      answered[server] += 1;
      return server === 'up' ? route.continue() : route.fulfill({ status: 502, body: 'Bad Gateway' });
    });
    const dialog = await openCheckout(page, 'Shop Lamp');
    await fillCustomer(dialog, email);
    await dialog.getByLabel('State').selectOption('NC');
    await dialog.getByLabel('ZIP Code').fill('27601');
    await dialog.getByRole('button', { name: 'Place Order' }).click();
    await page.getByText('Your order is saved and will be placed as soon as you are back online.').waitFor();
    await page.getByRole('article', { name: 'Big Jig' }).getByRole('button', { name: 'Add to Cart' }).click();
    await page.getByRole('button', { name: 'Cart, 2 items', exact: true }).waitFor();

    server = 'bad gateway';
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await eventually(async () => (answered['bad gateway'] > 0 ? true : undefined), TIMEOUT);
    await page.getByText('Your order from Flaky Uplink Shop is being placed…').waitFor();
    expect(await page.getByText(/was not placed/).count()).toBe(0);

    server = 'up';
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.getByText('your order from Flaky Uplink Shop went through').waitFor();
    await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).waitFor();
    const orders = await suite.api.prisma.order.findMany({
      where: { customerEmail: email },
      include: { items: true },
    });
    expect(orders.map((order) => order.items.map((item) => [item.productName, item.quantity]))).toEqual([
      [['Shop Lamp', 1]],
    ]);
    expect(await page.getByText(/was not placed/).count()).toBe(0);
  }, 120_000);
});
