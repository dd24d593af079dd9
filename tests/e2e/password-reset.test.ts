// "Forgot your password?" in Chromium, on a phone and a laptop: from the sign-in page (the address typed
// there carried over), the e-mailed link, a password the server refuses, then a new one that signs the
// browser in; the used link afterwards says so and offers a new one. Screenshots of each step.
import { describe, expect, it } from 'vitest';
import { mailSecretsKey, openMailSecret } from '../../db/src/mailSecrets.ts';
import { createUser } from '../../ops/fixtures/auth.ts';
import { useBrowserSuite } from '../support/browserSuite.ts';
import { saveScreenshot, VIEWPORTS } from '../support/screenshots.ts';

const WAIT = { timeout: 30_000 };
const NEW_PASSWORD = 'a fresh garden passphrase 31';

describe('choosing a new password', () => {
  const suite = useBrowserSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
    contextOptions: { serviceWorkers: 'block' },
  });

  it.each(VIEWPORTS)('asks for the link, and sets the password it allows ($name)', async (viewport) => {
    const account = await createUser(suite.api.prisma, {
      email: `forgetful-${viewport.name}@example.test`,
      firstName: 'Fran',
    });
    const page = await suite.newPage({ viewport: { width: viewport.width, height: viewport.height } });
    await page.goto(`${suite.api.url}/login`);
    await page.getByLabel('Email').fill(account.email);
    const forgot = page.getByRole('link', { name: 'Forgot your password?' });
    const box = await forgot.boundingBox();
    expect(box && box.height >= 44 && box.x + box.width <= viewport.width).toBe(true);
    await saveScreenshot(page, import.meta.url, `sign-in-${viewport.name}`);
    await forgot.click();

    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor(WAIT);
    expect(await page.getByLabel('Email').inputValue()).toBe(account.email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await page.getByRole('status').getByText('If an account uses that address').waitFor(WAIT);
    await saveScreenshot(page, import.meta.url, `link-sent-${viewport.name}`);

    const mail = await suite.api.prisma.outboxEvent.findFirstOrThrow({
      where: {
        job: 'email.send',
        payload: { path: ['messageKey'], string_starts_with: `password-reset:${account.id}:` },
      },
    });
    // The outbox holds the link sealed for the e-mail worker; opened here with the test environment's key.
    const { messageKey, sealed = [] } = mail.payload as { messageKey: string; sealed?: string[] };
    const link = openMailSecret(mailSecretsKey({ NODE_ENV: 'test' }), messageKey, sealed[0] ?? '');
    const here = new URL(link);
    const linkPath = `${here.pathname}${here.search}`;
    await page.goto(`${suite.api.url}${linkPath}`);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor(WAIT);
    const field = page.getByLabel('New password', { exact: true });
    await field.fill('password1234');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('This password is too common').waitFor(WAIT);
    await saveScreenshot(page, import.meta.url, `refused-${viewport.name}`);

    await field.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.waitForURL((at) => at.pathname === '/dashboard', WAIT);
    await page.getByRole('heading', { name: 'Custom 3D Printing Dashboard' }).waitFor(WAIT);
    await page.getByText('Your password is changed').waitFor(WAIT);
    await saveScreenshot(page, import.meta.url, `changed-${viewport.name}`);
    const signIn = await fetch(`${suite.api.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: account.email, password: NEW_PASSWORD }),
    });
    expect(signIn.status).toBe(200);

    // The link worked once.
    await page.goto(`${suite.api.url}${linkPath}`);
    await page.getByLabel('New password', { exact: true }).fill('another garden passphrase 32');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'This password reset link does not work' });
    await alert.waitFor(WAIT);
    await alert.getByRole('link', { name: 'Ask for a new link' }).waitFor(WAIT);
    await saveScreenshot(page, import.meta.url, `used-link-${viewport.name}`);
    await page.close();
  });
});
