// The staff Prospect List in Chromium: enriched applications newest first, the filter and counter,
// the row dropdown that saves at once, the edit dialog, and the 401 redirect for visitors.
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signInBrowser } from '../../ops/fixtures/auth.ts';
import { recordToasts, SIGNED_OUT_TOAST, signedOutToastOn } from '../../ops/fixtures/browser.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { eventually } from '../support/server.ts';

describe('Prospect List in Chromium', () => {
  const suite = useBrowserSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
    workers: true,
    contextOptions: { viewport: { width: 1280, height: 900 } },
  });

  async function apply(firstName: string, email: string, investment: string) {
    const response = await fetch(`${suite.api.url}/api/applications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName,
        lastName: 'Prospect',
        email,
        phone: '5125550177',
        city: 'Austin',
        state: 'TX',
        experience: 'intermediate',
        investment,
        workspace: 'Garage with 220V',
      }),
    });
    expect(response.status).toBe(201);
  }

  beforeAll(async () => {
    await apply('Olive', 'olive@example.test', 'considering');
    await apply('Newton', 'OLIVE@example.test', 'immediate'); // same e-mail: a possible duplicate
    await eventually(
      async () => (await suite.api.prisma.application.count({ where: { enrichedAt: null } })) === 0,
    );
  });
  it('sends a visitor to sign in', { timeout: 60_000 }, async () => {
    const page = await suite.newPage();
    await recordToasts(page);
    await page.goto(`${suite.api.url}/admin/prospects`);
    await page.waitForURL((url) => url.pathname === '/login', { timeout: 30_000 });
    const toast = await signedOutToastOn(page, '/admin/prospects');
    expect(toast, 'the signed-out toast on /admin/prospects').toBeDefined();
    expect(toast?.shownFor).toBeGreaterThanOrEqual(SIGNED_OUT_TOAST.redirectAfterMs);
  });

  it('lists, filters and updates prospects for staff', { timeout: 90_000 }, async () => {
    const staff = await createUser(suite.api.prisma, { role: 'staff' });
    const page = await suite.newPage();
    await signInBrowser(page, suite.api.url, staff.email, staff.password);
    await page.goto(`${suite.api.url}/admin/prospects`);
    await page.getByRole('heading', { level: 1, name: 'Prospect List' }).waitFor();
    await page.getByText('2 of 2 prospects').waitFor({ timeout: 30_000 });
    const names = await page.locator('.prospect__name').allInnerTexts();
    expect(names[0]).toContain('Newton Prospect');
    expect(names[0]).toContain('Possible duplicate');
    expect(names[1]).not.toContain('Possible duplicate');
    const summary = await page.locator('.prospects-summary').innerText();
    expect(summary).toMatch(/Total Applications\s*2/);
    expect(summary).toMatch(/Ready to Invest\s*1/);
    expect(summary).toMatch(/Unique States\s*1/);
    expect(summary).toMatch(/This Week\s*2/);
    await page.getByText('Lead score').first().waitFor();

    // The row dropdown saves at once.
    await page.getByLabel('Status for Olive Prospect').selectOption('Contacted');
    await page.getByText('Changes have been saved successfully').waitFor();
    await eventually(
      async () =>
        (await suite.api.prisma.application.findFirst({ where: { firstName: 'Olive' } }))?.status ===
        'Contacted',
    );

    await page.getByLabel('Status', { exact: true }).selectOption('Contacted');
    await page.getByText('1 of 2 prospects').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('All');

    await page.getByRole('button', { name: 'Edit Newton Prospect' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Application - Newton Prospect' });
    await dialog.waitFor();
    await dialog.getByPlaceholder('Add notes about this prospect...').fill('Demo booked for Friday');
    await dialog.getByLabel('Status').selectOption('Demo');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByText('Demo booked for Friday').waitFor();
    const newton = await suite.api.prisma.application.findFirstOrThrow({ where: { firstName: 'Newton' } });
    expect(newton).toMatchObject({ status: 'Demo', notes: 'Demo booked for Friday' });
  });
});
