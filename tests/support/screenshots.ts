// The two screen sizes the browser tests check (a phone and a laptop), and screenshots kept for a person
// to look at: var/test-screenshots/<test file>/<name>-<width>x<height>.png (var/ is not committed).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { repoRoot } from '../../ops/lib/prepare.ts';

export interface Viewport {
  /** 'phone' or 'desktop', for test names. */
  name: string;
  width: number;
  height: number;
}

export const PHONE: Viewport = { name: 'phone', width: 390, height: 844 };
export const DESKTOP: Viewport = { name: 'desktop', width: 1366, height: 900 };
export const VIEWPORTS: readonly Viewport[] = [PHONE, DESKTOP];

export const SCREENSHOT_DIR = path.join(repoRoot, 'var/test-screenshots');

/**
 * Saves what the page shows (the whole page with `fullPage`) under the test file's folder; answers the path.
 * `testFile` is import.meta.url or a name.
 */
export async function saveScreenshot(
  page: Page,
  testFile: string,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<string> {
  const folder = path.basename(testFile).replace(/\.test\.ts$/, '');
  const size = page.viewportSize();
  const file = path.join(SCREENSHOT_DIR, folder, `${name}${size ? `-${size.width}x${size.height}` : ''}.png`);
  mkdirSync(path.dirname(file), { recursive: true });
  const shot = () => page.screenshot({ path: file, fullPage: options.fullPage ?? false });
  try {
    await shot();
  } catch (error) {
    // Headless Chromium without a GPU sometimes has no frame to capture yet on a loaded machine
    // ("Unable to capture screenshot"): once the page has drawn its next frame, the capture works.
    if (!String(error).includes('Unable to capture screenshot')) throw error;
    await page.evaluate(
      () => new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn))),
    );
    await shot();
  }
  return file;
}
