// npm run audit: Lighthouse 12 with its mobile profile (simulated slow 4G and a 4× slower CPU) on the
// pages a new visitor and a signed-in customer see first, against the real app: the production build
// served by the API on a side port, on a fresh seeded database of its own. Prints one table and keeps
// every report under var/audit/. Each cell that misses its target is marked ✗.
//
// Signed-in screens (the customer's dashboard and a request, the operator's inbox) are measured on a
// first visit and on a repeat visit with the service worker and stored data in place.
//
//   npm run audit                      (CHROMIUM_PATH overrides /usr/bin/chromium)
//   npm run audit -- /dashboard        only the pages whose paths start so
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { withBenchApi } from './lib/bench.ts';
import { fail, step } from './lib/log.ts';
import { buildPwa, repoRoot, seed } from './lib/prepare.ts';

/** Who the page is for: a visitor, or a demo account signed in. */
type Viewer = 'visitor' | 'customer' | 'operator';
interface AuditPage {
  path: string;
  viewer: Viewer;
}

const PUBLIC_PAGES: AuditPage[] = [
  '/',
  '/print-farms',
  '/opportunity',
  '/profit-calculator',
  '/blog',
  '/store/miniature-masters',
  '/privacy-policy',
].map((path) => ({ path, viewer: 'visitor' }));
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
  /** first: nothing cached; repeat: the same page again, its service worker and data in place. */
  visit: 'first' | 'repeat';
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

interface Cookie {
  name: string;
  value: string;
  httpOnly: boolean;
}

async function signIn(apiUrl: string, viewer: Exclude<Viewer, 'visitor'>): Promise<Cookie[]> {
  const response = await fetch(`${apiUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${viewer}@demo.test`,
      password: process.env.SEED_DEMO_PASSWORD ?? 'printfarm-demo',
    }),
  });
  if (response.status !== 200) fail(`signing in as the demo ${viewer} answered ${response.status}`);
  return response.headers.getSetCookie().map((line) => {
    const [pair = '', ...attributes] = line.split(';');
    const at = pair.indexOf('=');
    return {
      name: pair.slice(0, at).trim(),
      value: pair.slice(at + 1).trim(),
      httpOnly: attributes.some((attribute) => attribute.trim().toLowerCase() === 'httponly'),
    };
  });
}

const cookieHeader = (cookies: Cookie[]) => cookies.map(({ name, value }) => `${name}=${value}`).join('; ');

/** One DevTools command through the browser's open tab (the one Lighthouse drives): its cookies and site data. */
async function browserCommand(port: number, method: string, params: object): Promise<void> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as {
    type: string;
    webSocketDebuggerUrl: string;
  }[];
  const tab = targets.find((target) => target.type === 'page');
  if (!tab) throw new Error('Chromium has no open tab');
  const socket = new WebSocket(tab.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  try {
    await new Promise((resolve, reject) => {
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
        if (message.id !== 1) return;
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(undefined);
      };
      socket.send(JSON.stringify({ id: 1, method, params }));
    });
  } finally {
    socket.close();
  }
}

/**
 * A first visit as the viewer: the site's stored data gone (Lighthouse's own reset keeps IndexedDB and
 * local storage) and the viewer's cookies in the browser's jar, where the page's scripts see them too.
 */
async function startAs(port: number, apiUrl: string, cookies: Cookie[]): Promise<void> {
  await browserCommand(port, 'Storage.clearDataForOrigin', {
    origin: new URL(apiUrl).origin,
    storageTypes:
      'cookies,file_systems,indexeddb,local_storage,shader_cache,websql,service_workers,cache_storage',
  });
  await browserCommand(port, 'Storage.setCookies', {
    cookies: cookies.map((cookie) => ({ ...cookie, url: apiUrl, path: '/' })),
  });
}

/** The signed-in screens: the customer's dashboard and the request they follow most, the operator's inbox. */
async function signedInPages(apiUrl: string, customer: Cookie[]): Promise<AuditPage[]> {
  const response = await fetch(`${apiUrl}/api/print-requests`, {
    headers: { cookie: cookieHeader(customer) },
  });
  const requests = (await response.json()) as { id: string; status: string }[];
  const printing = requests.find((request) => request.status === 'printing') ?? requests[0];
  if (!printing) fail('the demo customer has no print request to audit');
  return [
    { path: '/dashboard', viewer: 'customer' },
    { path: `/dashboard/requests/${printing?.id}`, viewer: 'customer' },
    { path: '/operator', viewer: 'operator' },
  ];
}

/**
 * One Lighthouse run; a run whose trace Chromium failed to record (NO_NAVSTART and kin) is repeated.
 * A repeat visit keeps what the first left (the service worker, its caches, IndexedDB).
 */
async function audit(url: string, port: number, repeat: boolean, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
      disableStorageReset: repeat,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (!lhr.runtimeError) return lhr;
    if (attempt >= attempts) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    step(`  ${lhr.runtimeError.code}: running it again`);
  }
}

function printTable(rows: Row[]): void {
  const header = ['page', 'visit', ...COLUMNS.map((column) => column.title)];
  const body = rows.map((row) => [
    row.page,
    row.visit,
    ...COLUMNS.map((column) => `${column.cell(row)} ${column.ok(row) ? '✓' : '✗'}`),
  ]);
  const widths = header.map((title, index) =>
    Math.max(title.length, ...body.map((cells) => cells[index]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, index) => (index < 2 ? cell.padEnd(widths[index] ?? 0) : cell.padStart(widths[index] ?? 0)))
      .join('  ');
  console.log(`\n${line(header)}`);
  for (const cells of body) console.log(line(cells));
  console.log(
    '\nTargets: performance ≥ 95, accessibility 100, best practices 100, SEO ≥ 95, LCP ≤ 1.5 s, CLS ≤ 0.05, TBT ≤ 100 ms, JS ≤ 170 KB gzipped (landing ≤ 100 KB, checked by the build).',
  );
}

/** `npm run audit -- /dashboard /operator` audits only the pages whose paths start so. */
const only = process.argv.slice(2);
step('building the PWA');
buildPwa();
await withBenchApi('audit', async (api) => {
  step('seeding the demo data');
  seed({ ...process.env, DATABASE_URL: api.config.DATABASE_URL, NODE_ENV: 'development' });
  const cookies = {
    visitor: [] as Cookie[],
    customer: await signIn(api.url, 'customer'),
    operator: await signIn(api.url, 'operator'),
  };
  const pages = [...PUBLIC_PAGES, ...(await signedInPages(api.url, cookies.customer))].filter(
    (page) => only.length === 0 || only.some((prefix) => page.path.startsWith(prefix)),
  );
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  const rows: Row[] = [];
  const reports: Record<string, unknown> = {};
  try {
    for (const page of pages) {
      // A signed-in screen is one a person comes back to: measured on the first visit and the next.
      for (const visit of page.viewer === 'visitor' ? (['first'] as const) : (['first', 'repeat'] as const)) {
        step(`Lighthouse ${page.path} (${visit} visit)`);
        if (visit === 'first') await startAs(chrome.port, api.url, cookies[page.viewer]);
        const lhr = await audit(`${api.url}${page.path}`, chrome.port, visit === 'repeat');
        reports[`${page.path} ${visit}`] = lhr;
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        const requests = (
          lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] }
        )?.items;
        const scripts = (requests ?? [])
          .filter((item) => item.resourceType === 'Script')
          .map((item) => item.url);
        rows.push({
          page: page.path.replace(/[0-9a-f-]{36}/, ':id'),
          visit,
          scores: Object.fromEntries(
            CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)]),
          ) as Row['scores'],
          lcpMs: metric('largest-contentful-paint'),
          cls: metric('cumulative-layout-shift'),
          tbtMs: metric('total-blocking-time'),
          jsGzipKb: await scriptsGzipKb(scripts),
        });
      }
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
