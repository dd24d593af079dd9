// The print farm Admin Dashboard in Chromium: staff see the farm signups and edit one row at a time.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { PrismaClient } from '../../db/src/index.ts';
import { createUser, signInBrowser } from '../../ops/fixtures/auth.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';

const WAIT = { timeout: 30_000 };

function insertFarm(prisma: PrismaClient, name: string, state: string, printers: number) {
  const suffix = randomUUID().slice(0, 8);
  return prisma.printFarm.create({
    data: {
      farmName: `${name.toLowerCase().replace(/\W+/g, '-')}-${suffix}`,
      displayName: name,
      companyKey: `${name.toLowerCase()} ${suffix}`,
      location: `Somewhere, ${state}`,
      contactName: 'Olive Operator',
      contactEmail: `olive-${suffix}@example.test`,
      contactPhone: '5125550100',
      fullStreetAddress: '100 Main St, Somewhere',
      streetName: 'Main St',
      city: 'Somewhere',
      state,
      zipCode: '78701',
      totalPrinterCount: printers,
      printerInventory: [{ technology: 'FDM', brand: 'Prusa', count: printers }],
      printerCount: printers,
      printerTypes: ['FDM'],
      capacity: 100,
      availableCapacity: 80,
      capabilities: {},
    },
  });
}

describe('print farm Admin Dashboard', () => {
  const suite = useBrowserSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
    contextOptions: { serviceWorkers: 'block' },
  });

  it('shows totals and saves a row edit, reporting failures with the server message', {
    timeout: 120_000,
  }, async () => {
    const first = await insertFarm(suite.api.prisma, 'Austin Layer Works', 'TX', 6);
    await insertFarm(suite.api.prisma, 'Denver Print Co', 'CO', 4);
    const staff = await createUser(suite.api.prisma, { role: 'staff', firstName: 'Sam', lastName: 'Staff' });
    const page = await suite.newPage();
    await signInBrowser(page, suite.api.url, staff.email, staff.password, '/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor(WAIT);
    await page.locator('#main').getByText('Sam Staff').waitFor(WAIT);

    const stat = (label: string) =>
      page
        .locator('.staff-stats > *')
        .filter({ hasText: label })
        .locator('.staff-stats__value')
        .textContent();
    await page.getByText('Austin Layer Works').waitFor(WAIT);
    expect(await stat('Total Print Farms')).toBe('2');
    expect(await stat('Total Printers')).toBe('10');
    expect(await stat('States Covered')).toBe('2');

    // Edit opens one row's form, pre-filled; Cancel drops the edits.
    await page.getByRole('button', { name: 'Edit Austin Layer Works' }).click();
    const form = page.getByRole('form', { name: 'Edit Austin Layer Works' });
    expect(await form.getByLabel('Company name').inputValue()).toBe('Austin Layer Works');
    await form.getByLabel('Company name').fill('Something Else');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await form.waitFor({ state: 'detached', ...WAIT });
    await page.getByText('Austin Layer Works').waitFor(WAIT);

    // Opening another row closes the first: one row at a time.
    await page.getByRole('button', { name: 'Edit Austin Layer Works' }).click();
    await page.getByRole('button', { name: 'Edit Denver Print Co' }).click();
    await page.getByRole('form', { name: 'Edit Denver Print Co' }).waitFor(WAIT);
    expect(await page.getByRole('form').count()).toBe(1);
    await page
      .getByRole('form', { name: 'Edit Denver Print Co' })
      .getByRole('button', { name: 'Cancel' })
      .click();

    // A bad e-mail: the server's message in an 'Error' toast, nothing saved.
    await page.getByRole('button', { name: 'Edit Austin Layer Works' }).click();
    await form.getByLabel('Contact email').fill('not-an-email');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Valid email address is required').first().waitFor(WAIT);
    await page.getByText('Error', { exact: true }).waitFor(WAIT);

    // A good edit: 'Success' toast, the row shows the new values and the database has them.
    await form.getByLabel('Contact email').fill('owner@austinlayer.example');
    await form.getByLabel('Company name').fill('Austin Layer Works LLC');
    await form.getByLabel('Paid member').check();
    await form.getByLabel('Monthly fee ($)').fill('20');
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Print farm updated successfully').waitFor(WAIT);
    await page.getByText('Success', { exact: true }).waitFor(WAIT);
    await page.getByText('Austin Layer Works LLC').waitFor(WAIT);
    await page.getByText('$20.00/mo', { exact: false }).waitFor(WAIT);
    const saved = await suite.api.prisma.printFarm.findUniqueOrThrow({ where: { id: first.id } });
    expect(saved.displayName).toBe('Austin Layer Works LLC');
    expect(saved.contactEmail).toBe('owner@austinlayer.example');
    expect(saved.isPaidMember).toBe(true);
    expect(saved.monthlyFee.toFixed(2)).toBe('20.00');
  });

  it('opens the queue dashboard for staff without CSP violations', { timeout: 90_000 }, async () => {
    const staff = await createUser(suite.api.prisma, { role: 'staff' });
    const page = await suite.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await signInBrowser(page, suite.api.url, staff.email, staff.password, '/admin');
    await page.goto(`${suite.api.url}/api/admin/queues`);
    await page.getByText('email.send').first().waitFor(WAIT);
    // Fonts come from Google when online; nothing else may be blocked.
    expect(violations.filter((text) => !/fonts\.g/.test(text))).toEqual([]);
  });
});
