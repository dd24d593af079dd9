// The installable app shell, in Chromium against the real API serving the built PWA on one origin.
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from '../support/browserSuite.ts';

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose?: string;
}

/** Width and height from a JPEG's start-of-frame segment. */
function jpegSize(bytes: Uint8Array): [number, number] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 2;
  while (offset < bytes.length) {
    const marker = view.getUint16(offset);
    const length = view.getUint16(offset + 2);
    if (marker >= 0xffc0 && marker <= 0xffc3) return [view.getUint16(offset + 7), view.getUint16(offset + 5)];
    offset += 2 + length;
  }
  throw new Error('No JPEG frame header');
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('PWA shell', () => {
  // Each test gets a fresh profile, so no service worker or cache carries over between tests.
  const suite = useBrowserSuite();

  it('renders the home page with its heading', async () => {
    const page = await suite.openPage('/');
    const heading = page.getByRole('heading', { level: 1, name: 'PrintFarm Network' });
    await heading.waitFor();
    expect(await page.title()).toBe('PrintFarm Network');
    expect(await page.getByRole('link', { name: 'Print Farm Network' }).first().getAttribute('href')).toBe(
      '/print-farms',
    );
  });

  it('links a web app manifest whose icons are real PNGs of the stated sizes', async () => {
    const page = await suite.openPage('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifestUrl = new URL(href ?? '', suite.api.url);
    const response = await fetch(manifestUrl);
    expect(response.status).toBe(200);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      description: string;
      display: string;
      start_url: string;
      theme_color: string;
      background_color: string;
      icons: ManifestIcon[];
      screenshots: (ManifestIcon & { form_factor: string })[];
      shortcuts: { name: string; url: string }[];
    };
    expect(manifest).toMatchObject({
      name: 'PrintFarm Network',
      short_name: 'PrintFarm',
      description: 'Custom 3D printing from a network of independent print farms near you.',
      display: 'standalone',
      start_url: '/dashboard',
      theme_color: '#ea580c',
      background_color: '#ffffff',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(manifest.shortcuts.map(({ name, url }) => [name, url])).toEqual([
      ['Upload', '/dashboard?tab=upload'],
      ['My Requests', '/dashboard?tab=requests'],
    ]);
    expect(manifest.screenshots.map((screenshot) => screenshot.form_factor).sort()).toEqual([
      'narrow',
      'wide',
    ]);
    for (const screenshot of manifest.screenshots) {
      const image = await fetch(new URL(screenshot.src, manifestUrl));
      expect(image.status, screenshot.src).toBe(200);
      expect(image.headers.get('content-type')).toContain('image/jpeg');
      const [width, height] = jpegSize(new Uint8Array(await image.arrayBuffer()));
      expect(`${width}x${height}`).toBe(screenshot.sizes);
    }

    for (const icon of manifest.icons) {
      const iconResponse = await fetch(new URL(icon.src, manifestUrl));
      expect(iconResponse.status, icon.src).toBe(200);
      expect(iconResponse.headers.get('content-type')).toContain('image/png');
      const bytes = new Uint8Array(await iconResponse.arrayBuffer());
      expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
      const header = new DataView(bytes.buffer, bytes.byteOffset + 16, 8);
      expect(`${header.getUint32(0)}x${header.getUint32(4)}`).toBe(icon.sizes);
    }
  });

  it('shows the 404 page for an unknown path, with a way back home', async () => {
    const page = await suite.openPage('/no-such-page');
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    await page.getByRole('link', { name: 'Back to home' }).click();
    await page.getByRole('heading', { level: 1, name: 'PrintFarm Network' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  it('answers an unknown /api path with a JSON 404, never the app page', async () => {
    const response = await fetch(`${suite.api.url}/api/nope`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as { message?: unknown };
    expect(typeof body.message).toBe('string');

    const page = await suite.openPage('/');
    const navigation = await page.goto(`${suite.api.url}/api/nope`);
    expect(navigation?.status()).toBe(404);
    expect(await navigation?.headerValue('content-type')).toContain('application/json');
  });

  it('focuses the notification region when F8 is pressed', async () => {
    const page = await suite.openPage('/');
    await page.getByRole('heading', { level: 1, name: 'PrintFarm Network' }).waitFor();
    // The page paints before its code runs; the region exists once the app has taken over.
    await page.locator('ol[aria-label="Notifications (F8)"]').waitFor({ state: 'attached' });
    await page.keyboard.press('F8');
    // Expressions as strings: this file is type-checked without the DOM library.
    const focused = await page.evaluate<{ tag?: string; label?: string | null }>(
      "({ tag: document.activeElement?.tagName, label: document.activeElement?.getAttribute('aria-label') })",
    );
    expect(focused).toEqual({ tag: 'OL', label: 'Notifications (F8)' });
  });

  it('registers a service worker that keeps the app working offline', async () => {
    const page = await suite.openPage('/');
    await page.getByRole('heading', { level: 1, name: 'PrintFarm Network' }).waitFor();
    const scriptUrl = await page.evaluate<string | null>(
      'navigator.serviceWorker.ready.then((registration) => registration.active?.scriptURL ?? null)',
    );
    expect(scriptUrl).toBe(`${suite.api.url}/sw.js`);

    // The first visit installs the worker; from the next load on it controls the page.
    await page.reload();
    expect(await page.evaluate<boolean>('navigator.serviceWorker.controller !== null')).toBe(true);

    await suite.context?.setOffline(true);
    await page.goto(`${suite.api.url}/no-such-page`);
    await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
    await page.goto(`${suite.api.url}/`);
    await page.getByRole('heading', { level: 1, name: 'PrintFarm Network' }).waitFor();
    // Proof the network really was gone: an uncached API call fails.
    expect(await page.evaluate<string>("fetch('/api/health').then(() => 'reached', () => 'failed')")).toBe(
      'failed',
    );
  });
});
