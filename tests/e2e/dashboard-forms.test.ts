// The dashboard and the forms in Chromium on a phone (390×844) and a laptop (1366×900): the phone's
// drawer over the page and a content column that is never squeezed; state lists in order of the name
// shown; fields of one row level with each other; a problem toast that leaves once fixed; the upload
// dialog in the product's colours, asking before Escape discards chosen files; the staff farm table's
// search and pages, membership wording and the user list's role dropdowns. Screenshots go to
// var/test-screenshots/dashboard-forms/.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signInBrowser, type TestUser } from '../../ops/fixtures/auth.ts';
import { insertFarms, scatteredFarms } from '../../ops/fixtures/networkFixtures.ts';
import { binaryStlCube } from '../../ops/fixtures/tus.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { saveScreenshot, VIEWPORTS, type Viewport } from '../support/screenshots.ts';
import { eventually } from '../support/server.ts';

const WAIT = { timeout: 30_000 };
const PRIMARY = 'rgb(194, 65, 12)';
const phone = (viewport: Viewport) => viewport.width < 768;

describe('dashboard and forms', { timeout: 120_000 }, () => {
  const suite = useBrowserSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
    contextOptions: { serviceWorkers: 'block' },
  });
  const shot = (page: Page, name: string, fullPage = false) =>
    saveScreenshot(page, import.meta.url, name, { fullPage });
  const pageAt = (viewport: Viewport) =>
    suite.newPage({ viewport: { width: viewport.width, height: viewport.height } });
  const box = async (locator: Locator) => {
    const found = await locator.boundingBox();
    if (!found) throw new Error('element is not on screen');
    return found;
  };

  let customer: TestUser;
  let staff: TestUser;

  beforeAll(async () => {
    customer = await createUser(suite.api.prisma, { firstName: 'Casey' });
    staff = await createUser(suite.api.prisma, { role: 'staff' });
    // The staff table as the issue found it: 73 farms, one of them paid.
    const ids = await insertFarms(suite.api, scatteredFarms(73));
    await suite.api.prisma.printFarm.update({
      where: { id: ids[0] ?? '' },
      data: { isPaidMember: true, displayName: 'Zebra Paid Prints' },
    });
    await suite.api.prisma.printFarm.update({
      where: { id: ids[1] ?? '' },
      data: { displayName: 'Yak Free Prints' },
    });
    await createUser(suite.api.prisma, {
      role: 'operator',
      email: 'maximilian.bartholomew-fitzgerald.operations@an-extremely-long-farm-domain.example',
      firstName: 'Maximilian',
      lastName: 'Bartholomew-Fitzgerald',
    });
  });

  it.each(VIEWPORTS)(
    'lays the dashboard out for the screen: a drawer on a phone, a sidebar beside the content on a laptop ($name)',
    async (viewport) => {
      const page = await pageAt(viewport);
      await signInBrowser(page, suite.api.url, customer.email, customer.password);
      await page.getByRole('heading', { name: 'Custom 3D Printing Dashboard' }).waitFor(WAIT);
      const main = page.locator('main.dash-main');
      const sidebar = page.getByRole('complementary', { name: 'Dashboard' });
      const newRequest = page.getByRole('button', { name: 'New Print Request' });
      // 'New Print Request' on one line, its words whole.
      const button = await box(newRequest);
      expect(button.height).toBeLessThanOrEqual(48);
      expect(await newRequest.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);

      const pageWidth = await page.evaluate<number>('document.documentElement.clientWidth');
      if (phone(viewport)) {
        // The content has the whole width; the sidebar is out of sight until asked for.
        expect((await box(main)).width).toBe(pageWidth);
        expect(await sidebar.isVisible()).toBe(false);
        await shot(page, 'dashboard-phone');
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
        await sidebar.getByRole('link', { name: 'My Requests' }).waitFor({ state: 'visible', ...WAIT });
        // Over the page from its left edge, once it has slid in.
        await eventually(async () => Math.abs((await box(sidebar)).x) < 0.5);
        expect((await box(sidebar)).width).toBeGreaterThan(250);
        // Labels, not icons alone, and the page still behind it.
        for (const label of ['Overview', 'Upload Files', 'File Manager', 'Settings', 'Sign out']) {
          await sidebar.getByText(label, { exact: true }).waitFor({ state: 'visible', ...WAIT });
        }
        await shot(page, 'dashboard-drawer-open');
        await sidebar.getByRole('link', { name: 'My Requests' }).click();
        await page.waitForURL((url) => url.search === '?tab=requests', WAIT);
        await eventually(async () => !(await sidebar.isVisible()));
        await page.getByRole('heading', { name: 'My Requests' }).waitFor(WAIT);
        // Escape closes it too.
        await page.getByRole('button', { name: 'Menu', exact: true }).click();
        await sidebar.getByRole('link', { name: 'Overview' }).waitFor({ state: 'visible', ...WAIT });
        await page.keyboard.press('Escape');
        await eventually(async () => !(await sidebar.isVisible()));
      } else {
        expect((await box(sidebar)).width).toBe(256);
        expect((await box(main)).width).toBe(pageWidth - 256);
        expect(await page.getByRole('button', { name: 'Menu', exact: true }).isVisible()).toBe(false);
        await shot(page, 'dashboard-desktop');
      }
    },
  );

  /** The list's choices (the placeholder aside) as shown and as sent. */
  async function stateOptions(select: Locator): Promise<{ label: string; value: string }[]> {
    const options = await select
      .locator('option')
      .evaluateAll((all) =>
        all.map((option) => ({ label: option.textContent ?? '', value: option.getAttribute('value') ?? '' })),
      );
    return options.filter((option) => option.value !== '');
  }

  function expectNamesInOrder(options: { label: string; value: string }[]) {
    expect(options).toHaveLength(50);
    expect(options.slice(0, 2)).toEqual([
      { label: 'Alabama', value: 'AL' },
      { label: 'Alaska', value: 'AK' },
    ]);
    const labels = options.map((option) => option.label);
    expect(labels).toEqual(labels.toSorted((a, b) => a.localeCompare(b, 'en')));
  }

  it.each(VIEWPORTS)(
    'offers states by name, Alabama before Alaska, in the application, farm signup and address forms ($name)',
    async (viewport) => {
      const page = await suite.openPage('/opportunity', {
        viewport: { width: viewport.width, height: viewport.height },
      });
      const form = page.getByRole('form', { name: 'Operator application' });
      expectNamesInOrder(await stateOptions(form.getByLabel('State')));
      await form.getByLabel('State').selectOption({ label: 'North Carolina' });
      expect(await form.getByLabel('State').inputValue()).toBe('NC');
      await form.scrollIntoViewIfNeeded();
      await shot(page, 'application-form');

      await page.goto(`${suite.api.url}/print-farms?tab=join`);
      const signupState = page.locator('.signup-form').getByLabel('State');
      await signupState.waitFor(WAIT);
      expectNamesInOrder(await stateOptions(signupState));

      await signInBrowser(page, suite.api.url, customer.email, customer.password, '/dashboard?tab=settings');
      await page.getByLabel('Save a default shipping address').check();
      const addressState = page.getByRole('group', { name: 'Default shipping address' }).getByLabel('State');
      expectNamesInOrder(await stateOptions(addressState));
      await shot(page, 'address-form');
    },
  );

  it.each(VIEWPORTS)(
    'keeps the fields of one row at one height with their labels level ($name)',
    async (viewport) => {
      const page = await suite.openPage('/opportunity', {
        viewport: { width: viewport.width, height: viewport.height },
      });
      const form = page.getByRole('form', { name: 'Operator application' });
      const pairs = [
        ['First Name', 'Last Name'],
        ['City', 'State'],
        ['3D Printing Experience', 'Investment Timeline'],
      ] as const;
      for (const [left, right] of pairs) {
        const a = await box(form.getByLabel(left));
        const b = await box(form.getByLabel(right));
        expect(Math.abs(a.height - b.height), `${left} / ${right} heights`).toBeLessThanOrEqual(0.5);
        if (!phone(viewport)) {
          // Side by side on a laptop: the same line, the labels on one line above.
          expect(Math.abs(a.y - b.y), `${left} / ${right} tops`).toBeLessThanOrEqual(0.5);
          const labelA = await box(form.locator('label', { hasText: left }));
          const labelB = await box(form.locator('label', { hasText: right }));
          expect(Math.abs(labelA.y - labelB.y), `${left} / ${right} labels`).toBeLessThanOrEqual(0.5);
        }
      }
      await form.getByRole('button', { name: 'Submit Application' }).click();
      await form.getByText('First name is required').waitFor(WAIT);
      // An error under one field leaves its neighbour where it was.
      const first = await box(form.getByLabel('First Name'));
      const last = await box(form.getByLabel('Last Name'));
      expect(Math.abs(first.height - last.height)).toBeLessThanOrEqual(0.5);
      await form.scrollIntoViewIfNeeded();
      await shot(page, 'application-form-errors');

      await signInBrowser(page, suite.api.url, customer.email, customer.password, '/dashboard?tab=settings');
      await page.getByLabel('Save a default shipping address').check();
      const address = page.getByRole('group', { name: 'Default shipping address' });
      const heights = await Promise.all(
        ['City', 'State', 'ZIP code', 'Country'].map(
          async (label) => (await box(address.getByLabel(label))).height,
        ),
      );
      expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(0.5);
      await shot(page, 'settings-form');
    },
  );

  it.each(VIEWPORTS)(
    "takes 'add at least one printer' away once a printer is added ($name)",
    async (viewport) => {
      const page = await suite.openPage('/print-farms?tab=join', {
        viewport: { width: viewport.width, height: viewport.height },
      });
      const toast = page.getByText('Please add at least one printer to your inventory.');
      await page.getByRole('button', { name: 'Register Print Farm' }).click();
      await toast.waitFor(WAIT);
      await shot(page, 'printer-toast-shown');
      await page.getByRole('button', { name: '+ Add Printer' }).click();
      await toast.waitFor({ state: 'hidden', timeout: 5_000 });
      await page.locator('.inventory__row').first().scrollIntoViewIfNeeded();
      await shot(page, 'printer-toast-gone');
    },
  );

  it.each(VIEWPORTS)(
    'dresses the upload dialog in our colours and asks before Escape discards chosen files ($name)',
    async (viewport) => {
      const page = await pageAt(viewport);
      await signInBrowser(page, suite.api.url, customer.email, customer.password);
      await page.getByRole('button', { name: 'New Print Request' }).click();
      const dialog = page.getByRole('dialog', { name: 'Upload 3D Design Files' });
      const browse = dialog.locator('.uppy-Dashboard-browse');
      await browse.waitFor(WAIT);
      expect(await browse.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).color)).toBe(
        PRIMARY,
      );
      await shot(page, 'upload-dialog-empty');

      // Nothing chosen: Escape just closes.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached', ...WAIT });

      await page.getByRole('button', { name: 'New Print Request' }).click();
      const input = dialog.locator('input.uppy-Dashboard-input').first();
      await input.waitFor({ state: 'attached', ...WAIT });
      await input.setInputFiles([{ name: 'bracket.stl', mimeType: 'model/stl', buffer: binaryStlCube(10) }]);
      const upload = dialog.locator('.uppy-StatusBar-actionBtn--upload');
      await upload.waitFor(WAIT);
      expect(
        await upload.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).backgroundColor),
      ).toBe(PRIMARY);
      await shot(page, 'upload-dialog-file-chosen');

      await page.keyboard.press('Escape');
      const confirm = page.getByRole('dialog', { name: 'Discard the files you chose?' });
      await confirm.getByText('1 file is not uploaded yet. Closing this window discards it.').waitFor(WAIT);
      await shot(page, 'upload-dialog-discard-question');
      await confirm.getByRole('button', { name: 'Keep files' }).click();
      await confirm.waitFor({ state: 'detached', ...WAIT });
      await dialog.getByText('bracket.stl').first().waitFor(WAIT);

      await dialog.getByRole('button', { name: 'Close dialog' }).click();
      await confirm.getByRole('button', { name: 'Discard files' }).click();
      await dialog.waitFor({ state: 'detached', ...WAIT });
      expect(await suite.api.prisma.projectFile.count({ where: { userId: customer.id } })).toBe(0);
    },
  );

  it.each(VIEWPORTS)(
    'pages and searches the staff farm table and words membership as Paid or Free ($name)',
    async (viewport) => {
      const page = await pageAt(viewport);
      await signInBrowser(page, suite.api.url, staff.email, staff.password);
      const table = page.locator('.farm-table');
      const count = page.locator('.farm-table__count');
      await count.getByText('Showing 1–20 of 73 farms').waitFor(WAIT);
      expect(await table.locator('tbody tr.farm-table__row').count()).toBe(20);
      await page.getByText('Page 1 of 4').waitFor(WAIT);
      await page.locator('.farm-table__toolbar').scrollIntoViewIfNeeded();
      await shot(page, 'farm-table-page-1');

      await page.getByRole('button', { name: 'Next' }).click();
      await count.getByText('Showing 21–40 of 73 farms').waitFor(WAIT);
      await page.getByText('Page 2 of 4').waitFor(WAIT);
      expect(await page.getByRole('button', { name: 'Previous' }).isEnabled()).toBe(true);

      const search = page.getByLabel('Search farms');
      await search.fill('zebra paid');
      await count.getByText('Showing 1–1 of 1 farm').waitFor(WAIT);
      const paid = table.locator('tbody tr.farm-table__row', { hasText: 'Zebra Paid Prints' });
      await paid.getByText('Paid', { exact: true }).waitFor(WAIT);
      await paid.getByText('Pays $15.00/mo · $750.00 signup').waitFor(WAIT);
      expect(await page.getByRole('navigation', { name: 'Farm pages' }).count()).toBe(0);
      await shot(page, 'farm-table-search-paid');

      await search.fill('Yak Free');
      const free = table.locator('tbody tr.farm-table__row', { hasText: 'Yak Free Prints' });
      await free.getByText('Free', { exact: true }).waitFor(WAIT);
      await free.getByText('No fees · $15.00/mo if paid').waitFor(WAIT);
      await search.fill('no farm is called this');
      await count.getByText('No farms match').waitFor(WAIT);
    },
  );

  it.each(VIEWPORTS)(
    'keeps the role dropdowns inside the user card, long e-mails included ($name)',
    async (viewport) => {
      const page = await pageAt(viewport);
      await signInBrowser(page, suite.api.url, staff.email, staff.password, '/admin/settings');
      const card = page.locator('.card', { has: page.getByRole('heading', { name: 'User Management' }) });
      await page.getByLabel('Search users').fill('bartholomew');
      const role = card.getByLabel(
        'Role of maximilian.bartholomew-fitzgerald.operations@an-extremely-long-farm-domain.example',
      );
      await role.waitFor(WAIT);
      await role.scrollIntoViewIfNeeded();
      const cardBox = await box(card);
      const roleBox = await box(role);
      expect(roleBox.x).toBeGreaterThanOrEqual(cardBox.x);
      expect(roleBox.x + roleBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      expect(await role.inputValue()).toBe('operator');
      await shot(page, 'user-roles');
    },
  );
});
