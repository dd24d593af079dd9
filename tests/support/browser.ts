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
 * Holds the app's entry script back until the returned function is called, as on a slow connection:
 * the prerendered page shows and can be used before the app takes it over.
 */
export async function holdAppEntry(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** A toast as the page showed it, and how long it stayed before the page was left (null: not left). */
export interface ShownToast {
  path: string;
  title: string;
  description: string;
  shownFor: number | null;
}

const TOAST_RECORD = 'test:shown-toasts';

/**
 * Has every page of this tab record each toast it shows (title, description, when it appeared) and
 * when the page was left, in sessionStorage, which outlives the navigation; read with shownToasts.
 * Watching from inside the page needs no look at the right moment: the signed-out toast is on screen
 * for half a second, and while the browser is already on its way to sign in the test cannot look.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(`(() => {
    const key = ${JSON.stringify(TOAST_RECORD)};
    const read = () => JSON.parse(sessionStorage.getItem(key) ?? '[]');
    const write = (list) => sessionStorage.setItem(key, JSON.stringify(list));
    const path = location.pathname;
    const seen = new WeakSet();
    new MutationObserver(() => {
      for (const toast of document.querySelectorAll('.toast')) {
        if (seen.has(toast) || !toast.checkVisibility()) continue;
        seen.add(toast);
        const text = (selector) => toast.querySelector(selector)?.textContent ?? '';
        write([...read(), { path, title: text('.toast__title'), description: text('.toast__description'),
          shownAt: Date.now(), leftAt: null }]);
      }
    }).observe(document, { subtree: true, childList: true });
    addEventListener('pagehide', () =>
      write(read().map((toast) => (toast.path === path && toast.leftAt === null ? { ...toast, leftAt: Date.now() } : toast))));
  })();`);
}

/** The toasts recorded since recordToasts, oldest first. */
export async function shownToasts(page: Page): Promise<ShownToast[]> {
  const recorded = await page.evaluate<
    { path: string; title: string; description: string; shownAt: number; leftAt: number | null }[]
  >(`JSON.parse(sessionStorage.getItem(${JSON.stringify(TOAST_RECORD)}) ?? '[]')`);
  return recorded.map(({ path, title, description, shownAt, leftAt }) => ({
    path,
    title,
    description,
    shownFor: leftAt === null ? null : leftAt - shownAt,
  }));
}

/** The admin screens' signed-out toast as the spec words it, and how long it shows before sign-in. */
export const SIGNED_OUT_TOAST = {
  title: 'Unauthorized',
  description: 'You are logged out. Logging in again...',
  redirectAfterMs: 500,
} as const;

/** The signed-out toast recorded on `path`, if it was shown there. */
export async function signedOutToastOn(page: Page, path: string): Promise<ShownToast | undefined> {
  return (await shownToasts(page)).find(
    (toast) =>
      toast.path === path &&
      toast.title === SIGNED_OUT_TOAST.title &&
      toast.description === SIGNED_OUT_TOAST.description,
  );
}
