// The Print Farm Network page in Chromium against the real API and workers: tabs and deep links, the
// offline map (markers, info windows, selection, clusters), the farm list, and the signup form end to end.
import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { insertFarms } from '../../ops/fixtures/networkFixtures.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { eventually } from '../support/server.ts';

const SIGNUP_PATH = '/api/print-farms/signup';

describe('Print Farm Network page', () => {
  const suite = useBrowserSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
    workers: true,
    contextOptions: { serviceWorkers: 'block' },
  });

  async function openPage(path: string): Promise<{ page: Page; signupCalls: Request[] }> {
    const page = await suite.newPage({ viewport: { width: 1280, height: 900 } });
    const signupCalls: Request[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === SIGNUP_PATH)
        signupCalls.push(request);
    });
    await page.goto(new URL(path, suite.api.url).href);
    return { page, signupCalls };
  }

  const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
  // Required fields' labels end with an asterisk that screen readers skip.
  const label = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*\\*?$`);
  const field = (page: Page, text: string) => page.getByLabel(label(text));

  /** Fills every field of the signup form for an Austin farm with two printer rows (5 printers). */
  async function fillSignupForm(page: Page, company: string): Promise<void> {
    await field(page, 'Company Name').waitFor({ timeout: 30_000 });
    await field(page, 'Company Name').fill(company);
    await field(page, 'Contact Name').fill('Dana Ruiz');
    await field(page, 'Contact Email').fill('dana@lonestarlayers.com');
    await field(page, 'Contact Phone').fill('512-555-0134');
    await field(page, 'Full Street Address').fill('123 Congress Avenue');
    expect(await field(page, 'Public Street Name').inputValue()).toBe('Congress Avenue');
    await page.getByText('Public display: Congress Avenue').waitFor();
    await field(page, 'City').fill('Austin');
    await field(page, 'State').selectOption('TX');
    await field(page, 'ZIP Code').fill('78701');

    const addPrinter = page.getByRole('button', { name: '+ Add Printer' });
    await addPrinter.click();
    await addPrinter.click();
    const rows = page.locator('.inventory__row');
    const fillRow = async (i: number, values: [string, string, string, string]) => {
      const row = rows.nth(i);
      await row.getByLabel(label('Technology')).selectOption(values[0]);
      await row.getByLabel(label('Brand')).selectOption(values[1]);
      await row.getByLabel(label('Model')).selectOption(values[2]);
      await row.getByLabel(label('Count')).fill(values[3]);
    };
    await fillRow(0, ['FFF/FDM', 'Prusa', 'MK4', '3']);
    await fillRow(1, ['SLA/Resin', 'Formlabs', 'Form 4', '2']);
    expect(await page.locator('.inventory__total').textContent()).toBe('Total Printers: 5');
    await field(page, 'Website').fill('https://lonestarlayers.com');
  }

  it('opens the tabs from the URL and the join card, and shows the empty map', async () => {
    const { page } = await openPage('/print-farm-network');
    await page.getByRole('heading', { level: 1, name: 'Print Farm Network' }).waitFor({ timeout: 30_000 });
    expect(await tab(page, 'Explore Network').getAttribute('aria-selected')).toBe('true');
    await page.getByText('No Print Farms Yet').waitFor();
    await page.getByText('Be the first to register your print farm and appear on the map!').waitFor();
    await page.getByText('Click on any farm to view their details and contact information.').waitFor();
    await page.getByRole('heading', { name: 'Print Farm Locations' }).waitFor();
    // Top navigation.
    const header = page.locator('header');
    expect(await header.getByRole('link', { name: 'Home', exact: true }).getAttribute('href')).toBe('/');
    expect(await header.getByRole('link', { name: 'Join Network' }).getAttribute('href')).toBe(
      '/opportunity',
    );
    expect(await header.getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/api/login');
    expect(await header.getByRole('link', { name: 'Upload Design' }).getAttribute('href')).toBe('/api/login');

    await page.getByRole('heading', { name: 'Want to Join Our Network?' }).waitFor();
    await page.getByRole('button', { name: 'Join the Network' }).click();
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: 'Join Network' }).waitFor();
    expect(new URL(page.url()).search).toBe('?tab=join');
    for (const text of [
      'Network Benefits',
      'Getting Started',
      'Receive custom print orders automatically',
      'Set your own pricing and availability',
      'Quality scoring and feedback system',
      'Optional custom ordering page',
      'Complete the form',
      'Your farm appears on the map',
      'Start fulfilling orders',
      'Build a reputation',
    ]) {
      await page.getByText(text, { exact: true }).waitFor();
    }

    const joined = await openPage('/print-farms?tab=join');
    await joined.page.getByRole('heading', { name: 'Register Your Print Farm' }).waitFor({ timeout: 30_000 });
    expect(await tab(joined.page, 'Join Network').getAttribute('aria-selected')).toBe('true');

    const search = await openPage('/print-farms?tab=search');
    await search.page.locator('input[type="search"]:focus').waitFor({ timeout: 30_000 });
    expect(await tab(search.page, 'Explore Network').getAttribute('aria-selected')).toBe('true');
  }, 90_000);

  it('shows every validation message for bad input and sends nothing', async () => {
    const { page, signupCalls } = await openPage('/print-farms?tab=join');
    const submit = page.getByRole('button', { name: 'Register Print Farm' });
    await submit.waitFor({ timeout: 30_000 });
    await submit.click();
    for (const message of [
      'Company name is required',
      'Contact name is required',
      'Valid email address is required',
      'Phone number is required',
      'Full street address is required',
      'Street name is required',
      'City is required',
      'State is required',
      'ZIP code is required',
      'Must specify at least one printer',
    ]) {
      await page.locator('.field__error', { hasText: message }).first().waitFor({ timeout: 10_000 });
    }
    await page.getByText('Please add at least one printer to your inventory.').waitFor();
    // Messages are red.
    const color = await page.evaluate<string>(
      `getComputedStyle(document.querySelector('.field__error')).color`,
    );
    expect(color).toBe('rgb(220, 38, 38)');

    // Too short, malformed.
    await field(page, 'Contact Email').fill('not-an-email');
    await field(page, 'Contact Phone').fill('555-0100');
    await field(page, 'ZIP Code').fill('787');
    await field(page, 'Company Name').fill('Valid Name');
    await submit.click();
    await page.locator('.field__error', { hasText: 'Valid email address is required' }).waitFor();
    await page.locator('.field__error', { hasText: 'Phone number is required' }).waitFor();
    await page.locator('.field__error', { hasText: 'ZIP code is required' }).waitFor();
    expect(await page.locator('.field__error', { hasText: 'Company name is required' }).count()).toBe(0);

    // One inventory row: cascading selects and the count rule.
    await page.getByRole('button', { name: '+ Add Printer' }).click();
    const row = page.locator('.inventory__row').first();
    const technology = row.getByLabel(label('Technology'));
    const brand = row.getByLabel(label('Brand'));
    const model = row.getByLabel(label('Model'));
    const count = row.getByLabel(label('Count'));
    expect(await brand.isDisabled()).toBe(true);
    expect(await model.isDisabled()).toBe(true);
    await technology.selectOption('FFF/FDM');
    expect(await brand.isDisabled()).toBe(false);
    expect(await model.isDisabled()).toBe(true);
    await brand.selectOption('Prusa');
    expect(await model.isDisabled()).toBe(false);
    await model.selectOption('MK4');
    // A new technology clears brand and model.
    await technology.selectOption('SLA/Resin');
    expect(await brand.inputValue()).toBe('');
    expect(await model.inputValue()).toBe('');
    expect(await model.isDisabled()).toBe(true);
    expect(await brand.locator('option').allTextContents()).toContain('Elegoo');
    await count.fill('0');
    await submit.click();
    await row.locator('.field__error', { hasText: 'Must have at least 1 printer' }).waitFor();
    await row.locator('.field__error', { hasText: 'Brand is required' }).waitFor();
    expect(await page.locator('.inventory__total').textContent()).toBe('Total Printers: 0');

    // Removing the last row brings the empty-inventory toast back.
    await row.getByRole('button', { name: 'Remove printer 1' }).click();
    await submit.click();
    await page.getByText('Please add at least one printer to your inventory.').waitFor();

    expect(signupCalls).toHaveLength(0);
  }, 90_000);

  it('registers a farm with two printer rows, then shows it on the map with its info window', async () => {
    const { page, signupCalls } = await openPage('/print-farms?tab=join');
    await fillSignupForm(page, 'Lone Star Layers');

    // The request is held until the in-flight label has been seen.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(`**${SIGNUP_PATH}`, async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Register Print Farm' }).click();
    await page.getByRole('button', { name: 'Registering...' }).waitFor();
    release();
    await page.getByText('Success!').waitFor({ timeout: 30_000 });
    await page.getByText('Your print farm has been registered successfully.').waitFor();
    expect(signupCalls).toHaveLength(1);
    expect(signupCalls[0]?.postDataJSON()).toMatchObject({
      displayName: 'Lone Star Layers',
      streetName: 'Congress Avenue',
      printerInventory: [
        { technology: 'FFF/FDM', brand: 'Prusa', model: 'MK4', count: 3 },
        { technology: 'SLA/Resin', brand: 'Formlabs', model: 'Form 4', count: 2 },
      ],
    });
    // Back on Explore, with the refreshed list.
    await page.locator('[role="tab"][aria-selected="true"]', { hasText: 'Explore Network' }).waitFor();
    await page.locator('.farm-list__item', { hasText: 'Lone Star Layers' }).waitFor({ timeout: 30_000 });

    // The geocode job locates the farm from its ZIP code; after that it is on the map.
    await eventually(async () => {
      const farm = await suite.api.prisma.printFarm.findFirst({ where: { displayName: 'Lone Star Layers' } });
      return farm?.geocodeStatus === 'located';
    }, 30_000);
    // The API re-reads its cached public list at most once a second, so look again until it shows.
    const marker = page.locator('.farm-marker[title="Lone Star Layers, Austin, TX"]');
    await eventually(async () => {
      await page.reload();
      await page.locator('.farm-map[data-ready]').waitFor({ timeout: 30_000 });
      return (await marker.count()) > 0;
    }, 30_000);
    const size = await marker.boundingBox();
    expect(size?.width).toBe(32);
    expect(
      await page.evaluate<string>(`getComputedStyle(document.querySelector('.farm-marker')).backgroundColor`),
    ).toBe('rgb(194, 65, 12)');
    // One farm: the fit stops at zoom 15.
    expect(Number(await page.locator('.farm-map').getAttribute('data-zoom'))).toBe(15);

    await marker.click();
    const info = page.getByRole('dialog', { name: 'Lone Star Layers details' });
    // The marker knows the farm's name, place and printers; the rest is read when it is opened.
    await info.getByRole('link', { name: 'Visit Website' }).waitFor();
    const text = await info.textContent();
    for (const part of [
      'Lone Star Layers',
      'Congress Avenue',
      'Austin, TX 78701',
      '5 printers',
      'Prusa MK4',
      'Formlabs Form 4',
    ]) {
      expect(text).toContain(part);
    }
    expect(await info.getByRole('link', { name: 'Visit Website' }).getAttribute('href')).toBe(
      'https://lonestarlayers.com',
    );

    // The network figures are the server's real numbers.
    const stats = (await (await fetch(`${suite.api.url}/api/stats`)).json()) as Record<string, number>;
    const figures = await page.locator('.network-stat__value').allTextContents();
    expect(figures).toEqual([stats.activeFarms, stats.statesCovered, stats.totalPrinters].map(String));
  }, 120_000);

  it("shows the server's message when the company is already registered, keeping the form", async () => {
    const { page, signupCalls } = await openPage('/print-farms?tab=join');
    await fillSignupForm(page, 'Lone Star Layers, LLC');
    await page.getByRole('button', { name: 'Register Print Farm' }).click();
    const toastRegion = page.getByRole('list', { name: /Notifications/ });
    await toastRegion.getByText('Error', { exact: true }).waitFor({ timeout: 30_000 });
    await toastRegion
      .getByText('A print farm named "Lone Star Layers, LLC" is already registered.')
      .waitFor();
    expect(await toastRegion.locator('.toast--destructive').count()).toBe(1);
    // The server's field message sits under its field, and nothing typed is lost.
    await page
      .locator('.field__error', {
        hasText: 'A print farm named "Lone Star Layers, LLC" is already registered.',
      })
      .waitFor();
    expect(await field(page, 'Company Name').inputValue()).toBe('Lone Star Layers, LLC');
    expect(await page.locator('.inventory__row').count()).toBe(2);
    expect(await tab(page, 'Join Network').getAttribute('aria-selected')).toBe('true');
    expect(signupCalls).toHaveLength(1);
  }, 90_000);

  it('opens any marker, selects farms from the list, and clusters overlapping farms', async () => {
    await insertFarms(suite.api, [
      ...Array.from({ length: 30 }, (_, i) => ({
        displayName: `Denver Cluster ${i + 1}`,
        city: 'Denver',
        state: 'CO',
        zipCode: '80202',
        latitude: 39.74 + (i % 6) * 0.01,
        longitude: -104.99 + Math.floor(i / 6) * 0.01,
      })),
      {
        displayName: 'Aloha Additive',
        city: 'Honolulu',
        state: 'HI',
        zipCode: '96813',
        latitude: 21.3069,
        longitude: -157.8583,
        printerCount: 1,
        printerTypes: ['Bambu Lab A1', 'Prusa MK4', 'Creality K1', 'Elegoo Saturn 3'],
      },
      {
        displayName: 'Midnight Sun Prints',
        city: 'Anchorage',
        state: 'AK',
        zipCode: '99501',
        latitude: 61.2181,
        longitude: -149.9003,
      },
    ]);
    const { page } = await openPage('/print-farms');
    const map = page.locator('.farm-map[data-ready]');
    await map.waitFor({ timeout: 30_000 });

    // Alaska and Hawaii are placed in their insets, so all farms fit; Denver's farms group into a cluster.
    const cluster = page.locator('.farm-cluster').first();
    await cluster.waitFor();
    expect(Number(await cluster.textContent())).toBeGreaterThan(1);
    await page.locator('.farm-marker[title="Aloha Additive, Honolulu, HI"]').waitFor();
    await page.locator('.farm-marker[title="Midnight Sun Prints, Anchorage, AK"]').waitFor();

    // Clicking a cluster zooms into it.
    const zoomBefore = Number(await map.getAttribute('data-zoom'));
    await page.locator('.farm-cluster').first().click();
    await eventually(async () => Number(await map.getAttribute('data-zoom')) > zoomBefore);
    await page.getByRole('button', { name: 'Show all farms' }).click();
    await eventually(async () => Number(await map.getAttribute('data-zoom')) === zoomBefore);

    // Any marker opens its own info window (singular wording, at most 3 printer types).
    await page.locator('.farm-marker[title="Aloha Additive, Honolulu, HI"]').click();
    const aloha = page.getByRole('dialog', { name: 'Aloha Additive details' });
    await aloha.locator('.farm-info__types li').first().waitFor();
    expect(await aloha.textContent()).toContain('1 printer');
    expect(await aloha.locator('.farm-info__types li').count()).toBe(3);
    expect(await aloha.getByRole('link', { name: 'Visit Website' }).count()).toBe(0);

    // Selecting a farm in the list selects it on the map: it pans there, zoomed in to show the states
    // around it (issue 16), not to street level.
    await page.getByRole('searchbox', { name: 'Search print farms' }).fill('denver cluster 17');
    const item = page.locator('.farm-list__item', { hasText: 'Denver Cluster 17' });
    await item.click();
    expect(await item.getAttribute('aria-pressed')).toBe('true');
    // The marker Aloha's click selected gives way to Denver's once the map has drawn the new choice:
    // wait for that, then exactly one marker is selected.
    await page.locator('.farm-marker[data-selected][title="Denver Cluster 17, Denver, CO"]').waitFor();
    expect(await page.locator('.farm-marker[data-selected]').count()).toBe(1);
    await eventually(async () => {
      const zoom = Number(await map.getAttribute('data-zoom'));
      return zoom > zoomBefore && zoom < 8;
    });
    await page.getByRole('dialog', { name: 'Denver Cluster 17 details' }).waitFor();
    // Escape closes the info window; a marker opened on the map selects its farm in the list.
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Denver Cluster 17 details' }).waitFor({ state: 'detached' });
    await page.getByRole('searchbox', { name: 'Search print farms' }).fill('aloha');
    await page.getByRole('button', { name: 'Show all farms' }).click();
    await page.locator('.farm-marker[title="Aloha Additive, Honolulu, HI"]').click();
    const alohaCard = page.locator('.farm-list__item', { hasText: 'Aloha Additive' });
    await eventually(async () => (await alohaCard.getAttribute('aria-pressed')) === 'true');

    // Search by state and by printer type.
    await page.getByRole('searchbox', { name: 'Search print farms' }).fill('HI');
    await page.getByText('1 of', { exact: false }).waitFor();
    await page.getByRole('searchbox', { name: 'Search print farms' }).fill('saturn');
    await page.locator('.farm-list__item', { hasText: 'Aloha Additive' }).waitFor();
  }, 90_000);

  it('keeps the farm list usable when the map cannot load', async () => {
    const page = await suite.newPage();
    await page.route(/\/assets\/us-map-.*\.json$/, (route) => route.abort());
    await page.goto(new URL('/print-farms', suite.api.url).href);
    await page.getByText('Map Loading Error').waitFor({ timeout: 30_000 });
    await page
      .getByText('Unable to load the interactive map. This may be due to API key configuration.')
      .waitFor();
    await page.getByText('The farm list below is still available for browsing.').waitFor();
    await page.getByRole('searchbox', { name: 'Search print farms' }).fill('anchorage');
    await page.getByRole('button', { name: /Midnight Sun Prints/ }).click();
  }, 60_000);
});
