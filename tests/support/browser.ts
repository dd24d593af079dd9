// Debian's Chromium driven by playwright-core (browser downloads are not possible here).
import { existsSync } from 'node:fs';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: run 'apt-get install -y chromium' (.ci/run does).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
}

/** Gives a browser context the session of a Cookie header from signIn (tests/support/auth.ts). */
export async function addSessionCookies(context: BrowserContext, baseUrl: string, cookieHeader: string) {
  await context.addCookies(
    cookieHeader.split('; ').map((pair) => {
      const [name = '', ...rest] = pair.split('=');
      return { name, value: rest.join('='), url: baseUrl };
    }),
  );
}

/**
 * Holds the app's way to sign in (/api/login) until the returned function is called. The signed-out
 * toast shows for half a second before the app goes there, which a busy machine can let pass between
 * two looks; held, the page stays until the test has read it.
 */
export async function holdSignIn(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/login*', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * The admin screens' signed-out toast, title and description found together in one look: read one
 * after the other, the toast could be gone (5 s on screen) before the second look on a busy machine.
 */
export async function waitForSignedOutToast(page: Page, timeout = 30_000): Promise<void> {
  await page
    .locator('.toast')
    .filter({ has: page.getByText('Unauthorized', { exact: true }) })
    .filter({ has: page.getByText('You are logged out. Logging in again...', { exact: true }) })
    .waitFor({ timeout });
}
