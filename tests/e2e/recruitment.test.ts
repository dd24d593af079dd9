// The operator recruitment pages in Chromium: /opportunity's navigation, mobile menu, calculator and
// application form (toast, confirmation in MailDev, follow-up after a shortened delay), and
// /profit-calculator's scroll flag.
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { emailsTo } from '../support/maildev.ts';
import { eventually } from '../support/server.ts';

const FOLLOWUP_DELAY_MS = 4_000;

describe('operator recruitment in Chromium', () => {
  const env = { APPLICATION_FOLLOWUP_DELAY_MS: String(FOLLOWUP_DELAY_MS), RATE_LIMIT_DISABLED: 'true' };
  const suite = useBrowserSuite({
    apiEnv: env,
    workers: { env },
    contextOptions: { reducedMotion: 'reduce' },
  });

  /** Waits until a section's top sits just under the fixed top bar. */
  async function sectionAtTop(page: Page, id: string): Promise<void> {
    await eventually(async () => {
      const box = await page.locator(`#${id}`).boundingBox();
      return box !== null && Math.abs(box.y) < 120;
    }, 10_000);
  }

  const openPage = (path: string, viewport = { width: 1280, height: 900 }) =>
    suite.openPage(path, { viewport });

  it('shows every section in order, scrolls from the top navigation and keeps claims qualified', {
    timeout: 60_000,
  }, async () => {
    const page = await openPage('/opportunity');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const anchors = await page
      .locator('main section[id]')
      .evaluateAll((sections) => sections.map((s) => s.id));
    expect(anchors).toEqual(['package', 'profits', 'course', 'testimonials', 'application']);
    await page.getByRole('button', { name: 'Start Your Factory' }).waitFor();
    await page.getByRole('button', { name: 'View Package Details' }).waitFor();
    const text = await page.locator('main').innerText();
    for (const phrase of [
      '$2,295',
      'plus shipping and handling',
      '$595',
      '$69 per month billed quarterly',
      '$12-18',
      '$2-5',
      '$8-25',
    ]) {
      expect(text).toContain(phrase);
    }
    expect(text).toMatch(/\$4K-\$10K[\s\S]*Results vary/);
    expect(await page.locator('.opp-product').count()).toBe(8);
    expect(await page.locator('.opp-course__topic').count()).toBe(6);
    expect(await page.locator('.opp-testimonial').count()).toBe(2);
    for (const [name, path] of [
      ['Earnings Disclaimer', '/earnings-disclaimer'],
      ['Privacy Policy', '/privacy-policy'],
      ['G-Code Confidential', '/blog'],
    ] as const) {
      expect(await page.locator('footer').getByRole('link', { name }).getAttribute('href')).toBe(path);
    }

    const nav = page.getByRole('navigation', { name: 'Opportunity sections' });
    await nav.getByRole('button', { name: 'Course' }).click();
    await sectionAtTop(page, 'course');
    expect(new URL(page.url()).hash).toBe('#course');
    await nav.getByRole('button', { name: 'Apply Now' }).click();
    await sectionAtTop(page, 'application');
  });

  it('opens and closes the mobile menu, which scrolls to Reviews', { timeout: 60_000 }, async () => {
    const page = await openPage('/opportunity', { width: 390, height: 800 });
    const reviews = page
      .getByRole('navigation', { name: 'Opportunity sections' })
      .getByRole('button', { name: 'Reviews' });
    expect(await reviews.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await reviews.waitFor({ state: 'visible' });
    await reviews.click();
    await reviews.waitFor({ state: 'hidden' });
    await sectionAtTop(page, 'testimonials');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await reviews.waitFor({ state: 'hidden' });
  });

  it('runs the calculator with replacement-parts by default and redraws for another model', {
    timeout: 60_000,
  }, async () => {
    const page = await openPage('/opportunity#profits');
    const calculator = page.getByTestId('profit-calculator');
    const select = calculator.getByLabel('Business Model');
    expect(await select.inputValue()).toBe('replacement-parts');
    // replacement-parts: 12 a day × 30 = 360 parts, $5,400 revenue, $270 material, $5,130 profit, break-even month 3.
    const stats = await calculator.locator('.calc__stats').innerText();
    for (const figure of ['360 parts', '$5,400', '$270', '$5,130']) expect(stats).toContain(figure);
    expect(await calculator.locator('.calc__stat').nth(4).locator('.calc__stat-value').innerText()).toBe('3');
    expect(await calculator.locator('svg .calc__bar').count()).toBe(12);
    const growth = await calculator.locator('.calc__growth').innerText();
    for (const step of ['15-30%', '50-70%', '85-100%']) expect(growth).toContain(step);
    await select.selectOption('niche-tools');
    await eventually(async () => (await calculator.locator('.calc__stats').innerText()).includes('90 parts'));
  });

  it('validates, submits an application, toasts, resets, confirms by e-mail and follows up', {
    timeout: 90_000,
  }, async () => {
    const page = await openPage('/opportunity#application');
    const form = page.getByRole('form', { name: 'Operator application' });
    await form.getByRole('button', { name: 'Submit Application' }).click();
    for (const message of [
      'First name is required',
      'Last name is required',
      'Valid email is required',
      'Valid phone number is required',
      'City is required',
      'State is required',
      'You must agree to the terms',
    ]) {
      await form.getByText(message, { exact: true }).waitFor();
    }
    expect(await suite.api.prisma.application.count()).toBe(0);

    const email = `e2e-applicant-${randomUUID().slice(0, 8)}@example.test`;
    await form.getByLabel('First Name').fill('Margaret');
    await form.getByLabel('Last Name').fill('Hamilton');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('(617) 555-0142');
    await form.getByLabel('City').fill('Boston');
    await form.getByLabel('State').selectOption('MA');
    await form.getByLabel('3D Printing Experience').selectOption('beginner');
    await form.getByLabel('Investment Timeline').selectOption('30days');
    await form.getByLabel('Workspace').fill('Basement workshop');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Submit Application' }).click();

    await page.getByText('Application Submitted Successfully!').waitFor({ timeout: 30_000 });
    await page
      .getByText("We'll be in touch within 48 hours to discuss your territory and next steps.")
      .waitFor();
    expect(await form.getByLabel('First Name').inputValue()).toBe('');
    expect(await form.getByRole('checkbox').isChecked()).toBe(false);

    const stored = await suite.api.prisma.application.findFirstOrThrow({ where: { email } });
    expect(stored).toMatchObject({
      status: 'New',
      state: 'MA',
      experience: 'beginner',
      investment: '30days',
    });

    const confirmation = await eventually(async () => {
      const found = (await emailsTo(email)).find(
        (mail) => mail.subject === 'We received your print farm application',
      );
      return found;
    }, 30_000);
    expect(confirmation.text).toContain('Margaret');
    const followup = await eventually(async () => {
      return (await emailsTo(email)).find(
        (mail) => mail.subject === 'Following up on your print farm application',
      );
    }, 45_000);
    expect(followup.text).toContain('Boston, MA');
  });

  it('shows the server message when a submission fails', { timeout: 60_000 }, async () => {
    const page = await openPage('/opportunity#application');
    await page.route('**/api/applications', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ message: 'Down for maintenance', fields: {} }),
      }),
    );
    const form = page.getByRole('form', { name: 'Operator application' });
    await form.getByLabel('First Name').fill('Ada');
    await form.getByLabel('Last Name').fill('Lovelace');
    await form.getByLabel('Email').fill('ada@example.test');
    await form.getByLabel('Phone').fill('5125550100');
    await form.getByLabel('City').fill('Austin');
    await form.getByLabel('State').selectOption('TX');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Submit Application' }).click();
    await page.getByText('Submission Failed').waitFor({ timeout: 30_000 });
    await page.getByText('Down for maintenance').waitFor();
    expect(await form.getByLabel('First Name').inputValue()).toBe('Ada');
  });

  it('sets the calculator page scroll flag after 100 px', { timeout: 60_000 }, async () => {
    const page = await openPage('/profit-calculator', { width: 1000, height: 600 });
    const header = page.locator('.calc-page__header');
    await header.waitFor();
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    expect(await page.getByLabel('Business Model').inputValue()).toBe('replacement-parts');
    await page.evaluate('window.scrollTo(0, 60)');
    // Two frames: the scroll event and whatever it set have been handled and painted.
    await page.evaluate(
      'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
    );
    expect(await header.getAttribute('data-scrolled')).toBe('false');
    await page.evaluate('window.scrollTo(0, 240)');
    await eventually(async () => (await header.getAttribute('data-scrolled')) === 'true');
  });

  it('shows the earnings disclaimer', { timeout: 60_000 }, async () => {
    const page = await openPage('/earnings-disclaimer');
    await page.getByRole('heading', { level: 1, name: 'Earnings Disclaimer' }).waitFor();
    const text = await page.locator('main').innerText();
    expect(text).toContain('$8,000');
    expect(text).toContain('equipment, materials and training');
    expect(text).toContain('There is no guarantee of earnings');
    expect(text).toContain('Results vary');
  });
});
