// The staff link in Chromium, on a phone and a laptop: an address on STAFF_EMAILS signs up as a customer
// and is mailed a link; opened signed out, the page asks to sign in and comes back; signed in, one click
// takes up staff access and leads to the staff screens. Screenshots of each step.
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { saveScreenshot, VIEWPORTS } from '../support/screenshots.ts';

const WAIT = { timeout: 30_000 };
const PASSWORD = 'a steady staff passphrase 7';
const listed = (viewport: string) => `lead-${viewport}@printfarm.test`;

describe('confirming staff access', () => {
  const suite = useBrowserSuite({
    apiEnv: {
      RATE_LIMIT_DISABLED: 'true',
      STAFF_EMAILS: VIEWPORTS.map((each) => listed(each.name)).join(','),
    },
    contextOptions: { serviceWorkers: 'block' },
  });

  it.each(VIEWPORTS)(
    'signs in from the e-mailed link and takes up staff access ($name)',
    async (viewport) => {
      const email = listed(viewport.name);
      const registered = await fetch(`${suite.api.url}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: PASSWORD, firstName: 'Lee', lastName: 'Lead' }),
      });
      expect(registered.status).toBe(201);
      const mail = await suite.api.prisma.outboxEvent.findFirstOrThrow({
        where: { job: 'email.send', payload: { path: ['to'], equals: email } },
      });
      const link = /https?:\/\/\S+\/staff-confirmation\?token=\S+/.exec(
        (mail.payload as { text: string }).text,
      )?.[0];
      if (!link) throw new Error('no link in the e-mail');
      const token = new URL(link).searchParams.get('token') ?? '';

      const page = await suite.newPage({ viewport: { width: viewport.width, height: viewport.height } });
      await page.goto(`${suite.api.url}/staff-confirmation?token=${encodeURIComponent(token)}`);
      await page.getByRole('heading', { name: 'Confirm staff access' }).waitFor(WAIT);
      await saveScreenshot(page, import.meta.url, `signed-out-${viewport.name}`);
      await page.getByRole('link', { name: 'Sign in to confirm' }).click();
      await page.waitForURL((at) => at.pathname === '/login', WAIT);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL((at) => at.pathname === '/staff-confirmation', WAIT);

      await page.getByText(`Signed in as ${email}`).waitFor(WAIT);
      const confirm = page.getByRole('button', { name: 'Confirm staff access' });
      await confirm.waitFor(WAIT);
      // Inside the screen, its words not cut off.
      const box = await confirm.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= viewport.width).toBe(true);
      expect(await confirm.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
      await saveScreenshot(page, import.meta.url, `ready-${viewport.name}`);
      await confirm.click();
      await page.getByRole('status').getByText(`Your account ${email} has staff access.`).waitFor(WAIT);
      await saveScreenshot(page, import.meta.url, `confirmed-${viewport.name}`);
      expect((await suite.api.prisma.user.findUniqueOrThrow({ where: { email } })).role).toBe('staff');
      await page.getByRole('link', { name: 'Go to the staff admin' }).click();
      await page.waitForURL((at) => at.pathname.startsWith('/admin'), WAIT);
      await page.close();
    },
  );
});
