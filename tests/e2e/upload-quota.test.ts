// The upload dialog tells a customer why the server refused a file (here: five uploads already in
// progress), in the server's own words, on a phone and on a laptop.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createUser, signIn, signInBrowser } from '../../ops/fixtures/auth.ts';
import { binaryStlCube, createUpload } from '../../ops/fixtures/tus.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { saveScreenshot, VIEWPORTS } from '../support/screenshots.ts';

const QUOTA_MESSAGE =
  'You already have 5 uploads in progress. Let one finish, or remove one, before starting another.';

const uploadDir = await mkdtemp(path.join(tmpdir(), 'upload-quota-e2e-'));

describe('upload dialog at the quota', () => {
  const suite = useBrowserSuite({ apiEnv: { UPLOAD_DIR: uploadDir, RATE_LIMIT_DISABLED: 'true' } });
  afterAll(() => rm(uploadDir, { recursive: true, force: true }));

  for (const viewport of VIEWPORTS) {
    it(`shows the server's reason when a sixth upload is refused (${viewport.name})`, {
      timeout: 90_000,
    }, async () => {
      const customer = await createUser(suite.api.prisma);
      const cookie = await signIn(suite.api.url, customer.email, customer.password);
      for (let i = 0; i < 5; i += 1) {
        const open = await createUpload(suite.api.url, cookie, 1_000, { filename: `open${i}.stl` });
        expect(open.status).toBe(201);
      }
      const page = await suite.newPage({ viewport: { width: viewport.width, height: viewport.height } });
      await signInBrowser(page, suite.api.url, customer.email, customer.password, '/dashboard');
      await page.getByRole('button', { name: 'New Print Request' }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Upload 3D Design Files' });
      const input = dialog.locator('input.uppy-Dashboard-input').first();
      await input.waitFor({ state: 'attached', timeout: 30_000 });
      await input.setInputFiles([{ name: 'cube.stl', mimeType: 'model/stl', buffer: binaryStlCube(20) }]);
      await dialog.getByText('cube.stl').first().waitFor();
      await dialog.locator('.uppy-StatusBar-actionBtn--upload').click();

      await page.getByText(QUOTA_MESSAGE).first().waitFor({ timeout: 20_000 });
      await saveScreenshot(page, import.meta.url, `quota-refused-${viewport.name}`);
      expect(await suite.api.prisma.projectFile.count({ where: { userId: customer.id } })).toBe(0);
      expect(await suite.api.prisma.openUpload.count({ where: { userId: customer.id } })).toBe(5);
    });
  }
});
