// Staff screens on a phone (issue 25, defect 12), in Chromium at 390×844 and 1366×900: /admin/nodes is
// a compact list with search and filters instead of a tall column of full cards; the figures on /admin
// and /admin/prospects take a fifth of the screen at most; no staff page is wider than the screen, the
// farm table included. Screenshots under var/test-screenshots/staff-phone/.
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signInBrowser, type TestUser } from '../../ops/fixtures/auth.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { createFarm } from '../support/marketplace.ts';
import { saveScreenshot, VIEWPORTS, type Viewport } from '../support/screenshots.ts';

const WAIT = { timeout: 30_000 };
const ZIPS = ['78701', '80202', '10001', '94103', '60601'];
const FARMS = 40;

describe('staff screens on a phone', { timeout: 120_000 }, () => {
  const suite = useBrowserSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' } });
  let staff: TestUser;

  beforeAll(async () => {
    const prisma = suite.api.prisma;
    staff = await createUser(prisma, { role: 'staff' });
    for (let index = 0; index < FARMS; index++) {
      await createFarm(prisma, {
        zip: ZIPS[index % ZIPS.length] as string,
        name: `Node ${String(index + 1).padStart(2, '0')}`,
        // Every eighth farm is down for maintenance and takes no orders.
        ...(index % 8 === 0 ? { nodeStatus: 'maintenance' as const, isActive: false } : {}),
      });
    }
    for (const [index, state] of ['TX', 'CO', 'NY', 'CA'].entries()) {
      await prisma.application.create({
        data: {
          firstName: `Applicant${index}`,
          lastName: 'Prospect',
          email: `applicant${index}@example.test`,
          phone: '5125550101',
          city: 'Austin',
          state,
        },
      });
    }
  }, 120_000);

  const open = async (viewport: Viewport, path: string): Promise<Page> => {
    const page = await suite.newPage({ viewport: { width: viewport.width, height: viewport.height } });
    await signInBrowser(page, suite.api.url, staff.email, staff.password, path);
    return page;
  };
  /** The figures take at most a fifth of the screen, and what follows them starts on the first one. */
  const expectRoomUnder = async (figures: Locator, viewport: Viewport) => {
    const box = await figures.evaluate((element) => {
      const { height, bottom } = element.getBoundingClientRect();
      return { height, bottom };
    });
    expect(box.height).toBeLessThanOrEqual(viewport.height * 0.2);
    expect(box.bottom).toBeLessThan(viewport.height * 0.75);
  };
  /** How far the page reaches past the right edge of the screen (0 when it fits). */
  const overflow = (page: Page) =>
    page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

  it.each(VIEWPORTS)('lists the nodes compactly, with search and filters ($name)', async (viewport) => {
    const page = await open(viewport, '/admin/nodes');
    await page.getByRole('heading', { name: 'Activate Manufacturing Nodes' }).waitFor(WAIT);
    const list = page.getByRole('list', { name: 'Nodes' });
    await list.getByRole('listitem').first().waitFor(WAIT);
    await page.getByText(`${FARMS} nodes`, { exact: true }).waitFor(WAIT);
    await saveScreenshot(page, import.meta.url, 'nodes');
    expect(await list.getByRole('listitem').count()).toBe(FARMS);
    expect(await overflow(page)).toBe(0);
    // Compact rows: a few short lines each (a full card was over 900 px tall on a phone).
    const heights = await list
      .getByRole('listitem')
      .evaluateAll((rows) => rows.map((row) => row.getBoundingClientRect().height));
    expect(Math.max(...heights)).toBeLessThanOrEqual(viewport.width < 500 ? 160 : 120);

    // Details open in place: the operator, the scorecard and the status control.
    const first = list.getByRole('listitem', { name: 'Node 02' });
    await first.getByText('Details').click();
    await first.getByRole('region', { name: 'Node 02 scorecard' }).waitFor(WAIT);
    await first.getByLabel('Status').waitFor(WAIT);
    await saveScreenshot(page, import.meta.url, 'nodes-details');

    // Search: every word must match the name, place or operator.
    await page.getByLabel('Search nodes').fill('Denver');
    await page.getByText(`8 of ${FARMS} nodes`, { exact: true }).waitFor(WAIT);
    expect(await list.getByRole('listitem').count()).toBe(8);
    await page.getByLabel('Search nodes').fill('');
    // Filters: the nodes in maintenance, or those not taking orders.
    await page.getByLabel('Status', { exact: true }).first().selectOption('maintenance');
    await page.getByText(`5 of ${FARMS} nodes`, { exact: true }).waitFor(WAIT);
    const names = await list.getByRole('heading', { level: 2 }).allTextContents();
    expect(names.toSorted()).toEqual(['Node 01', 'Node 09', 'Node 17', 'Node 25', 'Node 33']);
    await page.getByLabel('Status', { exact: true }).first().selectOption('all');
    await page.getByLabel('Show').selectOption('active');
    await page.getByText(`35 of ${FARMS} nodes`, { exact: true }).waitFor(WAIT);
    await page.getByLabel('Search nodes').fill('no such farm');
    await page.getByText('No node matches.').waitFor(WAIT);
    await page.getByRole('button', { name: 'Clear the filters' }).click();
    await page.getByText(`${FARMS} nodes`, { exact: true }).waitFor(WAIT);
    await saveScreenshot(page, import.meta.url, 'nodes-filtered');
  });

  it.each(VIEWPORTS)('keeps the figures small and every table on the screen ($name)', async (viewport) => {
    const page = await open(viewport, '/admin');
    const stats = page.locator('.staff-stats').first();
    await stats.getByText('Total Print Farms').waitFor(WAIT);
    await page.locator('.farm-table').waitFor(WAIT);
    await saveScreenshot(page, import.meta.url, 'admin');
    expect(await overflow(page)).toBe(0);
    // The farm table fits its column: no sideways scrolling inside it either.
    const table = await page
      .locator('.farm-table__scroll')
      .evaluate((scroll) => scroll.scrollWidth - scroll.clientWidth);
    expect(table).toBe(0);
    await expectRoomUnder(stats, viewport);
    await page.locator('.farm-table').scrollIntoViewIfNeeded();
    await saveScreenshot(page, import.meta.url, 'admin-farms');

    await page.goto(`${suite.api.url}/admin/prospects`);
    const summary = page.locator('.prospects-summary');
    await summary.getByText('Total Applications').waitFor(WAIT);
    expect(await overflow(page)).toBe(0);
    await expectRoomUnder(summary, viewport);
    await saveScreenshot(page, import.meta.url, 'prospects');
  });
});
