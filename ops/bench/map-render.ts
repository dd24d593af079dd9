// Time to render the network map with 5,000 farms in Chromium: from navigation to the offline map's
// 'farm-map:rendered' mark (state shapes drawn, markers fitted, clusters and farms in view on screen),
// plus the cost of one zoom step and of a drag, against the real API serving the built PWA, on a
// fresh database of its own.
//   node ops/bench/map-render.ts     BENCH_FARMS=5000 BENCH_RUNS=5 DATABASE_URL=... REDIS_URL=...
import type { Page } from 'playwright-core';
import { insertFarms, scatteredFarms } from '../../tests/e2e/networkFixtures.ts';
import { launchBrowser } from '../../tests/support/browser.ts';
import { withBenchApi } from '../lib/bench.ts';
import { step } from '../lib/log.ts';
import { buildPwa } from '../lib/prepare.ts';

const FARMS = Number(process.env.BENCH_FARMS ?? 5_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const RENDERED_MARK = 'farm-map:rendered';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;

async function waitFor<T>(check: () => Promise<T | null>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not happen within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Milliseconds from navigation start until the map marked itself rendered, and what it showed. */
async function renderOnce(page: Page, url: string) {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  await page.goto(`${url}/print-farms`);
  const renderedAt = await waitFor(
    () =>
      page.evaluate<number | null>(`performance.getEntriesByName('${RENDERED_MARK}')[0]?.startTime ?? null`),
    60_000,
    'the map render',
  ).catch(async (error: Error) => {
    const shown = await page.evaluate<string>(
      `document.querySelector('.farm-map')?.outerHTML.slice(0, 400) ?? 'no map'`,
    );
    throw new Error(`${error.message}\nmap: ${shown}\nerrors: ${problems.join('\n') || 'none'}`);
  });
  // The next two frames: the marked commit has been painted.
  const paintedAt = await page.evaluate<number>(
    'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))))',
  );
  const shown = await page.evaluate<{
    clusters: number;
    markers: number;
    inClusters: number;
    listAt: number;
    atlasAt: number;
    atlasLoadedAt: number;
    scriptsAt: number;
  }>(`({
    listAt: performance.getEntriesByType('resource').find((entry) => entry.name.endsWith('/api/print-farms'))?.responseEnd ?? NaN,
    atlasLoadedAt: performance.getEntriesByName('farm-map:atlas-loaded')[0]?.startTime ?? NaN,
    atlasAt: performance.getEntriesByName('farm-map:atlas-ready')[0]?.startTime ?? NaN,
    scriptsAt: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? NaN,
    clusters: document.querySelectorAll('.farm-cluster').length,
    markers: document.querySelectorAll('.farm-marker').length,
    inClusters: [...document.querySelectorAll('.farm-cluster')].reduce((sum, el) => sum + Number(el.textContent), 0),
  })`);
  return { renderedAt, paintedAt, ...shown };
}

/** Milliseconds from an interaction until the next frame after React re-rendered the map. */
async function timeInteraction(page: Page, action: 'zoom' | 'drag'): Promise<number> {
  const script =
    action === 'zoom'
      ? `document.querySelector('[aria-label="Zoom in"]').click()`
      : `(() => {
          const map = document.querySelector('.farm-map');
          const box = map.getBoundingClientRect();
          const at = (x) => ({ pointerId: 1, bubbles: true, clientX: box.left + x, clientY: box.top + box.height / 2, button: 0 });
          map.dispatchEvent(new PointerEvent('pointerdown', at(box.width / 2)));
          for (let i = 1; i <= 10; i++) map.dispatchEvent(new PointerEvent('pointermove', at(box.width / 2 - i * 15)));
          map.dispatchEvent(new PointerEvent('pointerup', at(box.width / 2 - 150)));
        })()`;
  return page.evaluate<number>(`(async () => {
    const t0 = performance.now();
    ${script};
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return performance.now() - t0;
  })()`);
}

step('building the PWA (skipped when unchanged)');
buildPwa();
await withBenchApi('map-render', async ({ url, prisma }) => {
  step(`inserting ${FARMS} located farms`);
  await insertFarms(prisma, scatteredFarms(FARMS));

  const browser = await launchBrowser();
  try {
    const runs: Awaited<ReturnType<typeof renderOnce>>[] = [];
    const zooms: number[] = [];
    const drags: number[] = [];
    // A first, untimed run warms the server's list snapshot and the disk cache.
    for (let run = 0; run <= RUNS; run++) {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        serviceWorkers: 'block',
      });
      const page = await context.newPage();
      const result = await renderOnce(page, url);
      if (run > 0) {
        runs.push(result);
        drags.push(await timeInteraction(page, 'drag'));
        zooms.push(await timeInteraction(page, 'zoom'));
        step(
          `run ${run}: rendered ${ms(result.renderedAt)}, painted ${ms(result.paintedAt)} · ${result.clusters} clusters holding ${result.inClusters} farms + ${result.markers} single markers`,
        );
      }
      await context.close();
    }
    const shown = runs[0];
    if (shown && shown.inClusters + shown.markers !== FARMS) {
      console.warn(`warning: ${shown.inClusters + shown.markers} of ${FARMS} farms on screen after the fit`);
    }
    console.log(`\nmap render with ${FARMS} farms, Chromium 1280×900, median of ${RUNS} runs`);
    console.table({
      'navigation → app script loaded (DOMContentLoaded)': ms(median(runs.map((r) => r.scriptsAt))),
      'navigation → farm list received': ms(median(runs.map((r) => r.listAt))),
      'navigation → state shapes downloaded': ms(median(runs.map((r) => r.atlasLoadedAt))),
      'navigation → state shapes ready': ms(median(runs.map((r) => r.atlasAt))),
      'navigation → farm-map:rendered': ms(median(runs.map((r) => r.renderedAt))),
      'navigation → painted': ms(median(runs.map((r) => r.paintedAt))),
      'zoom step → painted': ms(median(zooms)),
      'drag (10 moves) → painted': ms(median(drags)),
    });
  } finally {
    await browser.close();
  }
});
