// The customer dashboard in Chromium: sign in, upload two designs through the Uppy dialog, watch
// them finish, and see both analysed in the File Manager with a 3-D preview.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signInBrowser, type TestUser } from '../../ops/fixtures/auth.ts';
import { launchBrowser } from '../../ops/fixtures/browser.ts';
import { binaryStlCube, objTetrahedron } from '../../ops/fixtures/tus.ts';
import { startApi, startWorkers, type TestApi, type TestWorkers } from '../support/server.ts';

describe('customer dashboard', () => {
  let api: TestApi;
  let workers: TestWorkers;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let uploadDir: string;
  let customer: TestUser;

  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), 'dashboard-e2e-'));
    api = await startApi({ env: { UPLOAD_DIR: uploadDir } });
    workers = await startWorkers({ env: { UPLOAD_DIR: uploadDir } });
    browser = await launchBrowser();
    customer = await createUser(api.prisma, { firstName: 'Dana' });
    context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    page = await context.newPage();
    await signInBrowser(page, api.url, customer.email, customer.password, '/dashboard');
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await workers?.close();
    await api?.close();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  it('greets the customer with real, empty figures', async () => {
    await page.goto(`${api.url}/dashboard`);
    await page.getByRole('heading', { name: 'Custom 3D Printing Dashboard' }).waitFor({ timeout: 30_000 });
    await page.getByText('Welcome back, Dana!').waitFor();
    await page.getByText('No print requests yet. Upload a design to get started!').waitFor();
    // A customer without a farm sees membership as an offer for print-farm members, folded away.
    await page.getByText('For print farm members').waitFor();
    await page.getByText('Membership & Payment Information').waitFor();
    const overview = page.getByRole('link', { name: 'Overview' });
    expect(await overview.getAttribute('aria-current')).toBe('page');
    const sidebar = page.locator('.dash-sidebar');
    expect((await sidebar.boundingBox())?.width).toBe(256);
    await page.getByRole('button', { name: 'Collapse sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(64);
    await page.getByRole('button', { name: 'Expand sidebar' }).click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(256);
    if (process.env.E2E_DEBUG) await page.screenshot({ path: '/tmp/dashboard-overview.png', fullPage: true });
  });

  it('uploads two files through the dialog and shows them analysed with a 3-D preview', {
    timeout: 120_000,
  }, async () => {
    page.on('console', (message) => process.env.E2E_DEBUG && console.log('browser:', message.text()));
    try {
      await uploadAndInspect();
    } catch (error) {
      if (process.env.E2E_DEBUG) await page.screenshot({ path: '/tmp/dashboard-e2e.png', fullPage: true });
      throw error;
    }
  });

  it('shows the request, saves settings and sends a support message', { timeout: 90_000 }, async () => {
    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByText('Your Print Requests').waitFor();
    // 'View Details' opens the request's own page inside the dashboard.
    await page.getByRole('link', { name: 'View Details' }).first().click();
    await page.waitForURL(/\/dashboard\/requests\/[0-9a-f-]+$/);
    await page.getByRole('heading', { name: 'Timeline' }).waitFor({ timeout: 15_000 });
    await page.getByRole('link', { name: 'My Requests' }).first().click();
    await page.waitForURL(/\?tab=requests$/);

    await page.getByRole('link', { name: 'Settings' }).click();
    const firstName = page.getByLabel('First name');
    await firstName.waitFor({ timeout: 15_000 });
    await firstName.fill('Dani');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Welcome back, Dani!').waitFor({ timeout: 15_000 });

    await page.getByRole('link', { name: 'Overview' }).click();
    await page.getByRole('button', { name: 'Support' }).click();
    const support = page.getByRole('dialog', { name: 'Contact Support' });
    await support.getByRole('button', { name: 'Send Message' }).click();
    await support.getByText('Subject is required').waitFor();
    await support.getByLabel('Subject').fill('Wall thickness');
    await support.getByLabel('Message').fill('Is 0.8 mm enough for PETG?');
    await support.getByRole('button', { name: 'Send Message' }).click();
    await page.getByText('Message sent').waitFor({ timeout: 15_000 });
    expect(await api.prisma.supportMessage.count({ where: { userId: customer.id } })).toBe(1);
  });

  async function uploadAndInspect() {
    await page.getByRole('button', { name: 'New Print Request' }).click();
    const dialog = page.getByRole('dialog', { name: 'Upload 3D Design Files' });
    await dialog.getByText('Upload your 3D printing files (STL, OBJ, 3MF, GCODE, etc.)').waitFor();
    await dialog.getByText('Supported formats: 3MF, STL, OBJ, STEP, GCODE, PLY').waitFor();
    const input = dialog.locator('input.uppy-Dashboard-input').first();
    await input.waitFor({ state: 'attached', timeout: 30_000 });
    await input.setInputFiles([
      { name: 'cube.stl', mimeType: 'model/stl', buffer: binaryStlCube(20) },
      { name: 'tetra.obj', mimeType: 'model/obj', buffer: Buffer.from(objTetrahedron(10)) },
    ]);
    // Nothing starts until the user starts it.
    await dialog.getByText('cube.stl').first().waitFor();
    expect(await api.prisma.projectFile.count()).toBe(0);

    await dialog.locator('.uppy-StatusBar-actionBtn--upload').click();
    await dialog.locator('.uppy-StatusBar.is-complete').waitFor({ timeout: 30_000 });
    if (process.env.E2E_DEBUG) await page.screenshot({ path: '/tmp/dashboard-upload.png' });
    // After the server's checks of both designs (under a second each, longer on a busy machine).
    await page.getByText('Successfully uploaded 2 file(s) for 3D printing.').waitFor({ timeout: 30_000 });
    expect(await api.prisma.projectFile.count({ where: { userId: customer.id } })).toBe(2);
    // The dialog says what happened: both designs went into one request, and it leads there.
    const files = await api.prisma.projectFile.findMany({ where: { userId: customer.id } });
    expect(new Set(files.map((file) => file.printRequestId)).size).toBe(1);
    await dialog
      .getByText('Your 2 designs are uploaded into one request, to be quoted together.', { exact: false })
      .waitFor();
    const onward = dialog.locator('.upload-dialog__next-actions').getByRole('button');
    expect(await onward.allTextContents()).toEqual(['Continue to your request']);

    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'File Manager' }).click();
    await page.waitForURL(/\?tab=files$/);
    // The URL changes before React marks the tab current; wait for the mark, not the URL.
    await page.locator('a[aria-current="page"]', { hasText: 'File Manager' }).waitFor();

    for (const name of ['cube.stl', 'tetra.obj']) {
      const card = page.locator(`.file-card[data-file-name="${name}"]`);
      await card.waitFor({ timeout: 15_000 });
      await page
        .locator(`.file-card[data-file-name="${name}"][data-status="ready"]`)
        .waitFor({ timeout: 30_000 });
      await card.locator('canvas.model-canvas, .model-viewer__status').first().waitFor({ timeout: 30_000 });
    }
    const cube = page.locator('.file-card[data-file-name="cube.stl"]');
    await cube.getByText('8.000 cm³').waitFor();
    expect(await page.locator('canvas.model-canvas').count()).toBe(2);
    if (process.env.E2E_DEBUG) await page.screenshot({ path: '/tmp/dashboard-files.png', fullPage: true });
  }
});
