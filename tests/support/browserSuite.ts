// One setup for the Chromium suites: the real API (and, if asked, the workers) and a browser for the
// whole describe block, and a fresh browser context per page a test opens, closed after each test.
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { launchBrowser } from './browser.ts';
import { startApi, startWorkers, type TestApi, type TestWorkers } from './server.ts';

export interface BrowserSuiteOptions {
  /** Extra environment for the API (e.g. RATE_LIMIT_DISABLED). */
  apiEnv?: Record<string, string>;
  /** Start the workers too; `{ env }` gives them extra environment. */
  workers?: boolean | { env?: Record<string, string> };
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
  /** A page in a fresh context, navigated to `path` on the API's origin. */
  openPage(path: string, options?: BrowserContextOptions): Promise<Page>;
}

const START_TIMEOUT = 120_000;
const STOP_TIMEOUT = 60_000;

/** Registers the hooks of the describe block (or file) it is called in; use the result in tests. */
export function useBrowserSuite(options: BrowserSuiteOptions = {}): BrowserSuite {
  let api: TestApi | undefined;
  let workers: TestWorkers | undefined;
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
    api = await startApi(options.apiEnv ? { env: options.apiEnv } : {});
    if (options.workers) {
      workers = await startWorkers(typeof options.workers === 'object' ? options.workers : {});
    }
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
    await workers?.close();
    await api?.close();
  }, STOP_TIMEOUT);

  const suite: BrowserSuite = {
    get api() {
      return ready(api, 'the API');
    },
    get workers() {
      return ready(workers, 'the workers');
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
      await page.goto(new URL(path, ready(api, 'the API').url).href);
      return page;
    },
  };
  return suite;
}
