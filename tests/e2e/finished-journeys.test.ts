// Issue 25's small defects, in Chromium on a phone (390×844) and a laptop (1366×900): the dashboard
// counts only requests still going somewhere; the request header counts each file times its quantity;
// every offer sort chip is readable on a phone; the cart shows a product's whole name; store order
// badges say their status in words; the footer says this year; a cancelled request starts again with
// its files; an upload the checks refuse is named, not announced as a success. Screenshots under
// var/test-screenshots/finished-journeys/.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, signInBrowser, type TestUser } from '../../ops/fixtures/auth.ts';
import { binaryStlCube } from '../../ops/fixtures/tus.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { createDraftRequest, createFarm, FDM_X1, submitAndQuote } from '../support/marketplace.ts';
import { saveScreenshot, VIEWPORTS, type Viewport } from '../support/screenshots.ts';

const WAIT = { timeout: 20_000 };

describe('finished journeys', { timeout: 120_000 }, () => {
  const suite = useBrowserSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
    workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } },
    contextOptions: { serviceWorkers: 'block' },
  });
  const prisma = () => suite.api.prisma;
  let customer: TestUser;
  let quotedId: string;

  beforeAll(async () => {
    customer = await createUser(prisma(), { firstName: 'Casey' });
    for (const [index, zip] of ['78701', '78664', '78613'].entries()) {
      await createFarm(prisma(), { zip, name: `Austin Farm ${index + 1}`, inventory: [FDM_X1] });
    }
    // 2 cancelled, 1 completed, 1 draft (two files, 1 each), and one quoted with several offers.
    for (const status of ['cancelled', 'cancelled', 'completed'] as const) {
      const request = await createDraftRequest(prisma(), customer.id, {
        title: `Old ${status}`,
        zip: '78701',
      });
      await prisma().customPrintRequest.update({ where: { id: request.id }, data: { status } });
    }
    await createDraftRequest(prisma(), customer.id, {
      title: 'Two-file draft',
      parts: [{ quantity: 1 }, { quantity: 1 }],
    });
    const quoted = await createDraftRequest(prisma(), customer.id, {
      title: 'Quoted bracket set',
      zip: '78701',
      parts: [{ quantity: 2 }, { quantity: 1 }],
    });
    const cookie = await signIn(suite.api.url, customer.email, customer.password);
    expect((await submitAndQuote(suite.api.url, cookie, quoted.id)).status).toBe('quoted');
    quotedId = quoted.id;
  });

  const pageAt = async (viewport: Viewport, next: string): Promise<Page> => {
    const page = await suite.newPage({ viewport: { width: viewport.width, height: viewport.height } });
    await signInBrowser(page, suite.api.url, customer.email, customer.password, next);
    return page;
  };

  it.each(VIEWPORTS)(
    'counts active requests, parts and sort chips as a person reads them ($name)',
    async (viewport) => {
      const page = await pageAt(viewport, '/dashboard');
      const active = page.locator('.stat-card', { hasText: 'Active Requests' });
      // The two-file draft and the quoted request: not the cancelled or completed ones.
      await active.getByText('2', { exact: true }).waitFor(WAIT);
      await saveScreenshot(page, import.meta.url, 'dashboard-figures');

      // The footer says this year.
      await page.goto(`${suite.api.url}/`);
      const legal = page.locator('.footer__legal');
      await legal
        .getByText(`© ${new Date().getFullYear()} PrintFarm Network. All rights reserved.`)
        .waitFor(WAIT);

      const draft = await prisma().customPrintRequest.findFirstOrThrow({
        where: { title: 'Two-file draft' },
      });
      await page.goto(`${suite.api.url}/dashboard/requests/${draft.id}`);
      await page.locator('.request-header').getByText('2 parts').waitFor(WAIT);
      await page.goto(`${suite.api.url}/dashboard/requests/${quotedId}`);
      await page.locator('.request-header').getByText('3 parts').waitFor(WAIT);

      // Every sort chip is whole and on screen.
      const chips = page.getByRole('group', { name: 'Sort offers by' }).getByRole('button');
      await chips.first().waitFor(WAIT);
      for (const name of ['Best match', 'Price', 'Ready by', 'Distance', 'Rating']) {
        const chip = page.getByRole('group', { name: 'Sort offers by' }).getByRole('button', { name });
        const fits = await chip.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return (
            element.scrollWidth <= element.clientWidth && box.left >= 0 && box.right <= window.innerWidth
          );
        });
        expect(fits, `${name} is clipped`).toBe(true);
      }
      await page.getByRole('group', { name: 'Sort offers by' }).scrollIntoViewIfNeeded();
      await saveScreenshot(page, import.meta.url, 'offer-sort');
    },
  );

  it.each(VIEWPORTS)('announces only the designs the checks let through ($name)', async (viewport) => {
    const uploader = await createUser(prisma(), { firstName: `Uma ${viewport.name}` });
    const page = await suite.newPage({ viewport: { width: viewport.width, height: viewport.height } });
    await signInBrowser(page, suite.api.url, uploader.email, uploader.password, '/dashboard');
    await page.getByRole('button', { name: 'New Print Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload 3D Design Files' });
    const input = dialog.locator('input.uppy-Dashboard-input').first();
    await input.waitFor({ state: 'attached', ...WAIT });
    const cube = binaryStlCube(20);
    await input.setInputFiles([
      { name: 'cube.stl', mimeType: 'model/stl', buffer: cube },
      // Whole bytes, but its header promises a triangle more than it holds: the checks refuse it.
      { name: 'broken.stl', mimeType: 'model/stl', buffer: cube.subarray(0, cube.length - 30) },
    ]);
    await dialog.locator('.uppy-StatusBar-actionBtn--upload').click();

    await page.getByText('Successfully uploaded 1 file(s) for 3D printing.').waitFor(WAIT);
    // The toast counts only the design that passed; the dialog names the other and says why.
    const refused = dialog.getByRole('alert').filter({ hasText: 'This design cannot be printed:' });
    await refused.waitFor(WAIT);
    expect(await refused.textContent()).toContain(
      'broken.stl: Not a valid STL: header says 12 triangles, file holds 11.',
    );
    expect(await page.getByText('Successfully uploaded 2 file(s)').count()).toBe(0);
    await saveScreenshot(page, import.meta.url, 'upload-refused');
    const files = await prisma().projectFile.findMany({ where: { userId: uploader.id } });
    expect(Object.fromEntries(files.map((file) => [file.fileName, file.analysisStatus]))).toEqual({
      'cube.stl': 'ready',
      'broken.stl': 'rejected',
    });
  });

  it.each(VIEWPORTS)('starts a cancelled request again without a new upload ($name)', async (viewport) => {
    const title = `Shelf bracket ${viewport.name}`;
    const cancelled = await createDraftRequest(prisma(), customer.id, {
      title,
      zip: '78701',
      parts: [{ quantity: 2 }, { quantity: 1 }],
    });
    await prisma().customPrintRequest.update({ where: { id: cancelled.id }, data: { status: 'cancelled' } });
    await prisma().requestStatusHistory.create({
      data: {
        requestId: cancelled.id,
        fromStatus: 'draft',
        toStatus: 'cancelled',
        changedByUserId: customer.id,
        note: 'Cancelled by the customer',
      },
    });
    const page = await pageAt(viewport, `/dashboard/requests/${cancelled.id}`);
    const panel = page.locator('.status-panel', { hasText: 'This request was cancelled' });
    await panel.waitFor(WAIT);
    await saveScreenshot(page, import.meta.url, 'request-again-cancelled');
    await panel.getByRole('button', { name: 'Request again' }).click();

    // A new draft opens: same title, both files with their quantities, ready for 'Get quotes'.
    await page.waitForURL(
      (url) => url.pathname.startsWith('/dashboard/requests/') && !url.pathname.endsWith(cancelled.id),
      WAIT,
    );
    const header = page.locator('.request-header');
    await header.getByText(title).waitFor(WAIT);
    await header.getByText('Draft', { exact: true }).waitFor(WAIT);
    await header.getByText('3 parts').waitFor(WAIT);
    await page.getByRole('button', { name: 'Get quotes' }).waitFor(WAIT);
    const drafts = await prisma().customPrintRequest.findMany({
      where: { againOfId: cancelled.id },
      include: { files: { orderBy: { fileName: 'asc' } } },
    });
    expect(drafts).toHaveLength(1);
    expect(page.url()).toContain(drafts[0]?.id);
    expect(drafts[0]?.files.map((file) => [file.fileName, file.quantity])).toEqual([
      ['part-0.stl', 2],
      ['part-1.stl', 1],
    ]);
    await saveScreenshot(page, import.meta.url, 'request-again-draft');

    // A finished order offers it in its header.
    await prisma().customPrintRequest.update({ where: { id: cancelled.id }, data: { status: 'completed' } });
    await page.goto(`${suite.api.url}/dashboard/requests/${cancelled.id}`);
    await page.locator('.request-header').getByRole('button', { name: 'Request again' }).waitFor(WAIT);
    await saveScreenshot(page, import.meta.url, 'request-again-completed');
  });

  it.each(VIEWPORTS)(
    'shows whole product names in the cart and order statuses in words ($name)',
    async (viewport) => {
      const owner = await createUser(prisma(), { role: 'operator' });
      const storeName = `words-${viewport.name}-${Date.now()}`;
      const long = 'Corner Clamp Set for 3 mm Plywood Boxes';
      const store = await prisma().store.create({
        data: {
          userId: owner.id,
          storeName,
          displayName: 'Word Works',
          shippingMethods: { create: [{ method: 'standard', fee: '5.00' }] },
          products: { create: [{ name: long, price: '9.00', stockQuantity: 4 }] },
        },
      });
      const page = await suite.newPage({ viewport: { width: viewport.width, height: viewport.height } });
      await page.goto(`${suite.api.url}/store/${storeName}`);
      await page.locator('html[data-app-ready]').waitFor({ state: 'attached', ...WAIT });
      await page.getByRole('article', { name: long }).getByRole('button', { name: 'Add to Cart' }).click();
      await page.getByRole('button', { name: 'Cart, 1 item', exact: true }).click();
      const name = page.getByRole('dialog', { name: 'Checkout' }).locator('.cart-line__name');
      await name.waitFor(WAIT);
      expect(await name.textContent()).toBe(long);
      expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
      // Photographed once the dialog has finished fading in.
      await page.waitForFunction(() => {
        const dialog = document.querySelector('[role="dialog"]');
        return dialog !== null && getComputedStyle(dialog).opacity === '1';
      });
      await saveScreenshot(page, import.meta.url, 'cart-name');

      const order = await prisma().order.create({
        data: {
          storeId: store.id,
          customerName: 'Pat Reader',
          customerEmail: 'pat.reader@example.test',
          shippingAddress: { street: '5 Fayette St', city: 'Raleigh', state: 'NC', zipCode: '27601' },
          subtotal: '9.00',
          shippingFee: '5.00',
          totalAmount: '14.00',
          status: 'delivered',
        },
      });
      const admin = await pageAt(viewport, `/admin/store/${storeName}`);
      await admin.close();
      const ownerPage = await suite.newPage({ viewport: { width: viewport.width, height: viewport.height } });
      await signInBrowser(ownerPage, suite.api.url, owner.email, owner.password, `/admin/store/${storeName}`);
      await ownerPage.getByRole('tab', { name: 'Orders' }).click();
      const row = ownerPage.getByRole('listitem', { name: `Order ${order.id.slice(0, 8).toUpperCase()}` });
      await row.locator('.badge').getByText('Delivered', { exact: true }).waitFor(WAIT);
      await saveScreenshot(ownerPage, import.meta.url, 'order-badge');
    },
  );
});
