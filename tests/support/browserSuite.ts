// One setup for the Chromium suites: the real API (and, if asked, the workers) and a browser for the
// whole describe block, and a fresh browser context per page a test opens, closed after each test.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser } from '../../ops/fixtures/browser.ts';
import { type ServerSuiteOptions, type TestApi, type TestWorkers, useServerSuite } from './server.ts';

export interface BrowserSuiteOptions extends ServerSuiteOptions {
  /** Options of every context the suite opens; a call's own options override them. */
  contextOptions?: BrowserContextOptions;
}

export interface BrowserSuite {
  readonly api: TestApi;
  /** Only with `workers` set. */
  readonly workers: TestWorkers;
  readonly browser: Browser;
  /** The context the current test opened last, if any. */
  readonly context: BrowserContext | undefined;
  /** Closes the current test's context, if any, and opens a fresh one (closed after the test). */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
  /** A page in a fresh context. */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  /** A page in a fresh context, navigated to `path` on the API's origin, once the app runs it. */
  openPage(path: string, options?: BrowserContextOptions): Promise<Page>;
}

const START_TIMEOUT = 120_000;
const STOP_TIMEOUT = 60_000;

/** Registers the hooks of the describe block (or file) it is called in; use the result in tests. */
export function useBrowserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  // The API and workers first: their hooks run before the browser's and stop after it.
  const server = useServerSuite(options, {
    startTimeout: START_TIMEOUT,
    stopTimeout: STOP_TIMEOUT,
    label: 'useBrowserSuite',
  });
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;

  const ready = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) {
      throw new Error(
        `useBrowserSuite: ${name} is not available (used before beforeAll ran, or not started)`,
      );
    }
    return value;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
  }, START_TIMEOUT);

  afterEach(async () => {
    await context?.close();
    context = undefined;
  }, STOP_TIMEOUT);

  afterAll(async () => {
    await context?.close();
    context = undefined;
    await browser?.close();
  }, STOP_TIMEOUT);

  const suite: BrowserSuite = {
    get api() {
      return server.api;
    },
    get workers() {
      return server.workers;
    },
    get browser() {
      return ready(browser, 'the browser');
    },
    get context() {
      return context;
    },
    async newContext(contextOptions) {
      await context?.close();
      context = undefined;
      context = await ready(browser, 'the browser').newContext({
        ...options.contextOptions,
        ...contextOptions,
      });
      return context;
    },
    async newPage(contextOptions) {
      return (await suite.newContext(contextOptions)).newPage();
    },
    async openPage(path, contextOptions) {
      const page = await suite.newPage(contextOptions);
      await page.goto(new URL(path, server.api.url).href);
      // A prerendered page shows before its code runs; act on it as a person would, once the app
      // has taken it over (App.tsx marks <html data-app-ready>).
      if (contextOptions?.javaScriptEnabled !== false) {
        await page.locator('html[data-app-ready]').waitFor({ state: 'attached', timeout: START_TIMEOUT / 4 });
      }
      return page;
    },
  };
  return suite;
}
