// 'Print as is, or fix the file?' in Chromium, on a phone and on a laptop (issue 23): an open box is
// quoted with its warning shown on the request (and its holes marked on the preview); one customer
// uploads a fixed file, which takes the open one's place; another prints it as it is and orders it,
// giving the address the farm ships to. The farm's job shows the warning and the customer's answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, signIn, signInBrowser } from '../../ops/fixtures/auth.ts';
import { cubeMesh, obj, opened } from '../../ops/fixtures/models/builders.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { createFarm, FDM_X1, submitAndQuote, uploadedRequest } from '../support/marketplace.ts';
import { saveScreenshot, VIEWPORTS } from '../support/screenshots.ts';

const WAIT = { timeout: 20_000 };
const uploadDir = mkdtempSync(path.join(tmpdir(), 'printability-e2e-'));
const OPEN_BOX = obj(opened(cubeMesh(30)));
const CLOSED_BOX = obj(cubeMesh(30));

describe('print as is, or fix the file', () => {
  const suite = useBrowserSuite({
    apiEnv: { UPLOAD_DIR: uploadDir, RATE_LIMIT_DISABLED: 'true' },
    workers: { env: { UPLOAD_DIR: uploadDir, SLICER_PATH: '/nonexistent/prusa-slicer' } },
    contextOptions: { serviceWorkers: 'block' },
  });
  afterAll(() => rmSync(uploadDir, { recursive: true, force: true }));

  /** A customer with the open box quoted by an Austin farm, and the page of that request. */
  async function quotedOpenBox(viewport: { width: number; height: number }) {
    const { prisma } = suite.api;
    await createFarm(prisma, { zip: '78701', name: `Austin Layers ${viewport.width}`, inventory: [FDM_X1] });
    const customer = await createUser(prisma, { firstName: 'Robin', lastName: 'Reyes' });
    const cookie = await signIn(suite.api.url, customer.email, customer.password);
    const draft = await uploadedRequest(suite.api.url, cookie, OPEN_BOX, 'open-box.obj', '78701');
    expect((await submitAndQuote(suite.api.url, cookie, draft.id)).status).toBe('quoted');
    const page = await suite.newPage({ viewport });
    await signInBrowser(
      page,
      suite.api.url,
      customer.email,
      customer.password,
      `/dashboard/requests/${draft.id}`,
    );
    await page.waitForURL((url) => url.pathname === `/dashboard/requests/${draft.id}`, WAIT);
    return { page, requestId: draft.id };
  }

  const fileCard = (page: Page, name: string) => page.locator(`.request-file[data-file-name="${name}"]`);

  for (const viewport of VIEWPORTS) {
    it(`shows the warning and takes the answer: print as is, then order (${viewport.name})`, {
      timeout: 120_000,
    }, async () => {
      const { page, requestId } = await quotedOpenBox(viewport);
      const card = fileCard(page, 'open-box.obj');
      const warning = card.locator('.finding[data-code="open_edges"]');
      await warning.waitFor(WAIT);
      expect(await warning.textContent()).toContain('has holes in its surface (4 open edges)');
      await card.getByRole('button', { name: 'Print as is' }).waitFor(WAIT);
      await card.getByRole('button', { name: 'Upload a fixed file' }).waitFor(WAIT);
      // The preview draws the part as it prints, its holes marked (or says WebGL is off).
      await card.locator('.model-viewer__stage:not([data-state="loading"])').waitFor(WAIT);
      await card.scrollIntoViewIfNeeded();
      await saveScreenshot(page, import.meta.url, `warning-${viewport.name}`);

      await card.getByRole('button', { name: 'Print as is' }).click();
      await card.getByText('You chose to print this file as it is.').waitFor(WAIT);
      const row = await suite.api.prisma.projectFile.findFirstOrThrow({
        where: { printRequestId: requestId },
      });
      expect(row.printAsIsAt).not.toBeNull();
      await saveScreenshot(page, import.meta.url, `answered-${viewport.name}`);

      // Ordering asks where to ship; the warning is answered, so the dialog does not ask again.
      await page.locator('.offer-card').first().getByRole('button', { name: 'Accept' }).click();
      const dialog = page.getByRole('dialog', { name: /^Order from / });
      await dialog.waitFor(WAIT);
      expect(await dialog.locator('.accept-dialog__warnings').count()).toBe(0);
      expect(await dialog.getByLabel('Full name').inputValue()).toBe('Robin Reyes');
      await dialog.getByLabel('Street address').fill('700 Lavaca St');
      await dialog.getByLabel('State').selectOption('TX');
      await saveScreenshot(page, import.meta.url, `ship-to-${viewport.name}`);
      await dialog.getByRole('button', { name: 'Place order' }).click();
      await page.locator('.request-header').getByText('Ordered', { exact: true }).waitFor(WAIT);
      const ordered = await suite.api.prisma.customPrintRequest.findUniqueOrThrow({
        where: { id: requestId },
      });
      expect(ordered.shippingAddress).toMatchObject({
        name: 'Robin Reyes',
        street: '700 Lavaca St',
        zipCode: '78701',
      });
    });

    it(`replaces the file with a fixed one, whose warning is gone (${viewport.name})`, {
      timeout: 120_000,
    }, async () => {
      const { page, requestId } = await quotedOpenBox(viewport);
      const card = fileCard(page, 'open-box.obj');
      await card.getByRole('button', { name: 'Upload a fixed file' }).click(WAIT);
      const dialog = page.getByRole('dialog', { name: 'Upload a fixed open-box.obj' });
      const input = dialog.locator('input.uppy-Dashboard-input').first();
      await input.waitFor({ state: 'attached', timeout: 30_000 });
      await input.setInputFiles([
        { name: 'closed-box.obj', mimeType: 'model/obj', buffer: Buffer.from(CLOSED_BOX) },
      ]);
      await dialog.locator('.uppy-StatusBar-actionBtn--upload').click();
      // The fixed file is measured in the request, the open one is gone.
      await fileCard(page, 'closed-box.obj').locator('.request-file__metrics').first().waitFor(WAIT);
      await page.keyboard.press('Escape');
      await fileCard(page, 'open-box.obj').waitFor({ state: 'detached', ...WAIT });
      expect(await fileCard(page, 'closed-box.obj').locator('.finding[data-severity="warns"]').count()).toBe(
        0,
      );
      const files = await suite.api.prisma.projectFile.findMany({
        where: { printRequestId: requestId, deletedAt: null },
      });
      expect(files.map((file) => file.originalFileName)).toEqual(['closed-box.obj']);
      await saveScreenshot(page, import.meta.url, `fixed-${viewport.name}`);
    });
  }
});
