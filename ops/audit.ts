// npm run audit: Lighthouse 12 with its mobile profile (simulated slow 4G and a 4× slower CPU) on the
// pages a new visitor and a signed-in customer see first, against the real app: the production build
// served by the API on a side port, on a fresh seeded database of its own. Prints one table and keeps
// every report under var/audit/. Each cell that misses its target is marked ✗.
//
//   npm run audit            (CHROMIUM_PATH overrides /usr/bin/chromium)
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { withBenchApi } from './lib/bench.ts';
import { fail, step } from './lib/log.ts';
import { buildPwa, repoRoot, seed } from './lib/prepare.ts';

const PAGES = [
  '/',
  '/print-farms',
  '/opportunity',
  '/profit-calculator',
  '/blog',
  '/store/miniature-masters',
  '/privacy-policy',
  '/dashboard',
] as const;
const SIGNED_IN = new Set<string>(['/dashboard']);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Row {
  page: string;
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  jsGzipKb: number;
}

interface Column {
  title: string;
  cell(row: Row): string;
  ok(row: Row): boolean;
}

const COLUMNS: Column[] = [
  { title: 'perf', cell: (row) => String(row.scores.performance), ok: (row) => row.scores.performance >= 95 },
  {
    title: 'a11y',
    cell: (row) => String(row.scores.accessibility),
    ok: (row) => row.scores.accessibility === 100,
  },
  {
    title: 'best pr.',
    cell: (row) => String(row.scores['best-practices']),
    ok: (row) => row.scores['best-practices'] === 100,
  },
  { title: 'SEO', cell: (row) => String(row.scores.seo), ok: (row) => row.scores.seo >= 95 },
  { title: 'LCP', cell: (row) => `${(row.lcpMs / 1000).toFixed(2)} s`, ok: (row) => row.lcpMs <= 1500 },
  { title: 'CLS', cell: (row) => row.cls.toFixed(3), ok: (row) => row.cls <= 0.05 },
  { title: 'TBT', cell: (row) => `${Math.round(row.tbtMs)} ms`, ok: (row) => row.tbtMs <= 100 },
  // The route budgets are checked by the build (pwa/scripts/budgets.ts); this is what the page fetched.
  { title: 'JS gz', cell: (row) => `${row.jsGzipKb.toFixed(1)} KB`, ok: (row) => row.jsGzipKb <= 170 },
];

/** What the page's scripts weigh gzipped, fetched again as a gzip-only client would get them. */
async function scriptsGzipKb(urls: string[]): Promise<number> {
  let bytes = 0;
  for (const url of new Set(urls)) {
    const response = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
    const length = response.headers.get('content-length');
    bytes += length ? Number(length) : (await response.arrayBuffer()).byteLength;
  }
  return bytes / 1024;
}

async function signInCookie(apiUrl: string): Promise<string> {
  const response = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'customer@demo.test',
      password: process.env.SEED_DEMO_PASSWORD ?? 'printfarm-demo',
    }),
  });
  if (response.status !== 200) fail(`signing in as the demo customer answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

/** One Lighthouse run; a run whose trace Chromium failed to record (NO_NAVSTART and kin) is repeated. */
async function audit(url: string, port: number, cookie: string | null, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt >= attempts) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    step(`  ${lhr.runtimeError.code}: running it again`);
  }
}

function printTable(rows: Row[]): void {
  const header = ['page', ...COLUMNS.map((column) => column.title)];
  const body = rows.map((row) => [
    row.page,
    ...COLUMNS.map((column) => `${column.cell(row)} ${column.ok(row) ? '✓' : '✗'}`),
  ]);
  const widths = header.map((title, index) =>
    Math.max(title.length, ...body.map((cells) => cells[index]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, index) =>
        index === 0 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0),
      )
      .join('  ');
  console.log(`\n${line(header)}`);
  for (const cells of body) console.log(line(cells));
  console.log(
    '\nTargets: performance ≥ 95, accessibility 100, best practices 100, SEO ≥ 95, LCP ≤ 1.5 s, CLS ≤ 0.05, TBT ≤ 100 ms, JS ≤ 170 KB gzipped (landing ≤ 100 KB, checked by the build).',
  );
}

step('building the PWA');
buildPwa();
await withBenchApi('audit', async (api) => {
  step('seeding the demo data');
  seed({ ...process.env, DATABASE_URL: api.config.DATABASE_URL, NODE_ENV: 'development' });
  const cookie = await signInCookie(api.url);
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const rows: Row[] = [];
  const reports: Record<string, unknown> = {};
  try {
    for (const page of PAGES) {
      step(`Lighthouse ${page}`);
      const lhr = await audit(`${api.url}${page}`, chrome.port, SIGNED_IN.has(page) ? cookie : null);
      reports[page] = lhr;
      const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      const requests = (
        lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] }
      )?.items;
      const scripts = (requests ?? [])
        .filter((item) => item.resourceType === 'Script')
        .map((item) => item.url);
      rows.push({
        page,
        scores: Object.fromEntries(
          CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
        ) as Row['scores'],
        lcpMs: metric('largest-contentful-paint'),
        cls: metric('cumulative-layout-shift'),
        tbtMs: metric('total-blocking-time'),
        jsGzipKb: await scriptsGzipKb(scripts),
      });
    }
  } finally {
    chrome.kill();
  }
  printTable(rows);
  const dir = path.join(repoRoot, 'var/audit');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `lighthouse-${new Date().toISOString().replaceAll(':', '-')}.json`);
  writeFileSync(file, JSON.stringify({ rows, reports }, null, 1));
  console.log(`Full reports: ${path.relative(repoRoot, file)}`);
});
