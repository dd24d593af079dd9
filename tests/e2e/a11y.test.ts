// Every screen a visitor, customer, shopper, operator or staff member opens, checked by axe-core in
// Chromium at phone and laptop width: zero violations, of any impact.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { addSessionCookies } from '../../ops/fixtures/browser.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { createDraftRequest, createFarm, FDM_X1, routeToFarm } from '../support/marketplace.ts';

const axeSource: string = createRequire(import.meta.url)('axe-core').source;
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
] as const;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Loaded into every document of a context before the app: axe itself, and a count of the app's fetches
 * still in flight, so a check waits for exactly its data and no longer (the app's CSP forbids injected
 * scripts, hence bypassCSP).
 */
const PAGE_SCRIPT = `${axeSource}
window.__fetchesInFlight = 0;
const appFetch = window.fetch.bind(window);
window.fetch = (...args) => {
  window.__fetchesInFlight += 1;
  return appFetch(...args).finally(() => { window.__fetchesInFlight -= 1; });
};`;

/** Waits until no fetch has been in flight for two frames in a row. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(`new Promise((resolve) => {
    let quiet = 0;
    const tick = () => {
      quiet = window.__fetchesInFlight === 0 ? quiet + 1 : 0;
      if (quiet >= 2) resolve(true); else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`);
}

/** axe's violations on the page as it stands. */
function violations(page: Page): Promise<Violation[]> {
  return page.evaluate<Violation[]>(`axe.run(document, { resultTypes: ['violations'] }).then((result) =>
    result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    })))`);
}

describe('accessibility (axe-core)', () => {
  const suite = useBrowserSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' } });
  const cookies: Record<'customer' | 'operator' | 'staff', string> = {
    customer: '',
    operator: '',
    staff: '',
  };
  let requestId: string;
  let jobId: string;
  let storeName: string;

  beforeAll(async () => {
    const prisma = suite.api.prisma;
    const customer = await createUser(prisma, { firstName: 'Casey' });
    const operator = await createUser(prisma, { role: 'operator', firstName: 'Olive' });
    const staff = await createUser(prisma, { role: 'staff', firstName: 'Sam' });
    const farm = await createFarm(prisma, { zip: '78701', ownerId: operator.id, inventory: [FDM_X1] });
    const request = await createDraftRequest(prisma, customer.id, {
      title: 'Bracket for a11y',
      zip: '78701',
    });
    requestId = request.id;
    const { job } = await routeToFarm(prisma, request.id, farm.id);
    jobId = job.id;
    storeName = `a11y-${randomUUID().slice(0, 8)}`;
    await prisma.store.create({
      data: {
        userId: operator.id,
        storeName,
        displayName: 'Accessible Parts',
        description: 'Parts for everyone.',
        products: { create: [{ name: 'Hinge Pin', price: '4.50', stockQuantity: 10, materialType: 'PETG' }] },
      },
    });
    cookies.customer = await signIn(suite.api.url, customer.email);
    cookies.operator = await signIn(suite.api.url, operator.email);
    cookies.staff = await signIn(suite.api.url, staff.email);
  });

  const screens = (): [string, keyof typeof cookies | null, string][] => [
    ['/', null, 'h1'],
    ['/print-farms', null, '.farm-map, .farm-list'],
    ['/opportunity', null, 'h1'],
    ['/profit-calculator', null, 'h1'],
    ['/blog', null, 'h1'],
    ['/blog/running-a-print-queue', null, 'h1'],
    ['/store/miniature-masters', null, 'h1'],
    [`/store/${storeName}`, null, '.product-card'],
    ['/privacy-policy', null, 'h1'],
    ['/earnings-disclaimer', null, 'h1'],
    ['/login', null, 'form'],
    ['/signup', null, 'form'],
    ['/no-such-page', null, 'h1'],
    ['/dashboard', 'customer', '.dash-main h1'],
    ['/dashboard?tab=upload', 'customer', '.dash-main h1'],
    ['/dashboard?tab=requests', 'customer', '.request-row'],
    ['/dashboard?tab=files', 'customer', '.dash-main h1'],
    ['/dashboard?tab=history', 'customer', '.dash-main h1'],
    ['/dashboard?tab=settings', 'customer', 'form'],
    [`/dashboard/requests/${requestId}`, 'customer', 'h1'],
    ['/operator', 'operator', '.op-jobs'],
    [`/operator/jobs/${jobId}`, 'operator', 'h1'],
    ['/operator/settings', 'operator', 'h1'],
    [`/admin/store/${storeName}`, 'operator', 'h1'],
    [`/admin/store/${storeName}?tab=products`, 'operator', 'h1'],
    [`/admin/store/${storeName}?tab=orders`, 'operator', 'h1'],
    [`/admin/store/${storeName}?tab=shipping`, 'operator', 'h1'],
    ['/admin', 'staff', 'h1'],
    ['/admin/prospects', 'staff', 'h1'],
    ['/admin/nodes', 'staff', 'h1'],
    ['/admin/settings', 'staff', 'h1'],
  ];

  for (const viewport of VIEWPORTS) {
    it(`finds no violations at ${viewport.width}×${viewport.height}`, { timeout: 180_000 }, async () => {
      const found: Record<string, Violation[]> = {};
      for (const role of [null, 'customer', 'operator', 'staff'] as const) {
        const context = await suite.newContext({ viewport, bypassCSP: true });
        await context.addInitScript({ content: PAGE_SCRIPT });
        if (role) await addSessionCookies(context, suite.api.url, cookies[role]);
        const page = await context.newPage();
        page.setDefaultTimeout(30_000);
        for (const [path, screenRole, ready] of screens()) {
          if (screenRole !== role) continue;
          await page.goto(`${suite.api.url}${path}`);
          await page.locator(ready).first().waitFor();
          // Wait for the app to have taken the page over, so axe sees the final markup.
          await page.locator('ol[aria-label="Notifications (F8)"]').waitFor({ state: 'attached' });
          await settled(page);
          const problems = await violations(page);
          if (problems.length > 0) found[path] = problems;
        }
      }
      expect(found).toEqual({});
    });
  }
});
