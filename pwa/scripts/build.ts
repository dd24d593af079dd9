// The PWA's production build: the client bundle (with its service worker and route budgets, see
// vite.config.ts), then every public page prerendered to static HTML that the client hydrates, then
// brotli and gzip copies of every text file, made once here so the server never compresses per request.
//
//   node scripts/build.ts [--outDir dist]
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { FIRST_FRAME_SLOT_ATTRIBUTE } from '@printfarm/map/firstFrameSlot';
import { build } from 'vite';
import { writeProductImages } from './productImages.ts';

const pwaRoot = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { outDir: { type: 'string', default: 'dist' } } });
const outDir = path.resolve(pwaRoot, values.outDir);
/** Prerendered pages live beside the assets; the server answers a page's path with its file. */
export const PRERENDER_DIR = 'prerendered';
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

process.env.NODE_ENV = 'production';

interface ServerEntry {
  render(url: string): Promise<string>;
  prerenderPaths(): string[];
  pageOf(url: string): string | undefined;
  screenFrames(): { route: string; url: string }[];
  withPageHead(document: string, markup: string): { document: string; body: string };
  SCREEN_START: string;
  SCREEN_END: string;
}

/**
 * The server's entry stays in the build for the API, which renders signed-in screens with it
 * (api/src/http/screens.ts), beside the screens' templates. A dot folder: never served as a file.
 */
export const SERVER_DIR = '.server';
export const SCREEN_TEMPLATES = 'screens.json';

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * The stylesheets and chunks a page needs beyond the entry's, as <link> tags: a prerendered page must
 * paint with its own CSS (not wait for its chunk to bring it) and fetch its code in parallel.
 */
function pageLinks(manifest: Record<string, ManifestChunk>, page: string): string {
  const seen = new Set<string>();
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  const entry = manifest['index.html'];
  const shared = new Set<string>();
  const sharedCss = new Set<string>();
  if (entry) {
    visit('index.html');
    for (const file of js) shared.add(file);
    for (const file of css) sharedCss.add(file);
  }
  visit(`src/${page}`);
  return [
    ...[...css]
      .filter((file) => !sharedCss.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...[...js]
      .filter((file) => !shared.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('');
}

async function prerenderPages(): Promise<{ pages: number; screens: number }> {
  const serverDir = path.join(outDir, SERVER_DIR);
  await build({
    root: pwaRoot,
    logLevel: 'warn',
    // Self-contained, so that the API can load it from wherever the build is copied to.
    ssr: { noExternal: true },
    publicDir: false,
    build: { ssr: 'src/entry-server.tsx', outDir: serverDir, emptyOutDir: true, sourcemap: false },
  });
  const entry = (await import(pathToFileURL(path.join(serverDir, 'entry-server.js')).href)) as ServerEntry;
  const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8'));
  const renderPage = async (url: string, wrap = (markup: string) => markup) => {
    const pageModule = entry.pageOf(url);
    if (!pageModule) throw new Error(`No route renders ${url}`);
    const links = pageLinks(manifest, pageModule);
    const markup = await entry.render(url);
    return withFirstFrame(
      deferScripts(
        inlineStyles(withMarkup(entry, shell.replace('</head>', `${links}</head>`), markup, wrap)),
      ),
      markup,
      manifest,
    );
  };
  const paths = entry.prerenderPaths();
  for (const url of paths) {
    const file = path.join(outDir, PRERENDER_DIR, url === '/' ? 'index.html' : `${url.slice(1)}.html`);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, await renderPage(url));
  }
  const templates: Record<string, string> = {};
  for (const { route, url } of entry.screenFrames()) {
    templates[route] = await renderPage(url, (frame) => `${entry.SCREEN_START}${frame}${entry.SCREEN_END}`);
  }
  writeFileSync(path.join(serverDir, SCREEN_TEMPLATES), JSON.stringify(templates));
  return { pages: paths.length, screens: Object.keys(templates).length };
}

/** The shell with the page's head tags in its <head> and its markup, wrapped, in #root. */
function withMarkup(
  entry: ServerEntry,
  shell: string,
  markup: string,
  wrap: (body: string) => string,
): string {
  const { document, body } = entry.withPageHead(shell, markup);
  return document.replace('<div id="root"></div>', `<div id="root">${wrap(body)}</div>`);
}

// A prerendered page carries its stylesheets inline: the first paint then waits for no request beyond
// the HTML itself (about 5 KB of CSS after compression). When the page's chunk loads, Vite links the
// same stylesheet once more: the same rules in the same order, so nothing changes on screen.
function inlineStyles(html: string): string {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g, (_tag, file: string) => {
    const css = readFileSync(path.join(outDir, file), 'utf8');
    return `<style data-href="/${file}">${css.replaceAll('</style', '<\\/style')}</style>`;
  });
}

// The page's scripts start after its first paint (public/boot.js), in the order the bundler linked them.
function deferScripts(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
  if (!entry) throw new Error('index.html has no module entry script');
  const preload: string[] = [];
  const rest = html
    .replace(/<script type="module" crossorigin src="[^"]+"><\/script>\s*/, '')
    .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g, (_tag, href: string) => {
      preload.push(href);
      return '';
    });
  const boot = `<script src="/boot.js" defer data-entry="${entry}" data-preload="${preload.join(' ')}"></script>`;
  return rest.replace('</head>', `${boot}</head>`);
}

/**
 * A page whose map leaves a slot for its first frame runs src/components/map/drawFirstFrame.ts, which
 * draws the map from the farms the server puts into the page: a module script, so it runs once the page
 * is parsed, and render-blocking, so that the page's first paint has the map in it (painting the page
 * first and the map a frame later would draw most of the screen twice, and on a machine that draws with
 * its CPU a frame takes hundreds of milliseconds). Placed before boot.js, so it has run when the app starts.
 */
function withFirstFrame(html: string, markup: string, manifest: Record<string, ManifestChunk>): string {
  if (!markup.includes(FIRST_FRAME_SLOT_ATTRIBUTE)) return html;
  const entry = manifest['src/components/map/drawFirstFrame.ts'];
  if (!entry) throw new Error('The build has no drawFirstFrame entry (vite.config.ts)');
  const imports = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || imports.has(chunk.file)) return;
    imports.add(chunk.file);
    for (const child of chunk.imports ?? []) visit(child);
  };
  for (const key of entry.imports ?? []) visit(key);
  const tags = [
    ...[...imports].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    `<script type="module" blocking="render" crossorigin src="/${entry.file}"></script>`,
  ].join('');
  return html.replace('<script src="/boot.js"', `${tags}<script src="/boot.js"`);
}

/** The site's files: not the dot folders beside them (the server's entry). */
function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* files(file);
    else yield file;
  }
}

function precompress(): { files: number; raw: number; brotli: number } {
  const totals = { files: 0, raw: 0, brotli: 0 };
  for (const file of files(outDir)) {
    if (!COMPRESSIBLE.test(file)) continue;
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    });
    const gzip = gzipSync(content, { level: 9 });
    // A copy that saves nothing is not worth a header: small files are served as they are.
    if (gzip.length >= content.length) continue;
    writeFileSync(`${file}.gz`, gzip);
    if (brotli.length < gzip.length) writeFileSync(`${file}.br`, brotli);
    totals.files += 1;
    totals.raw += content.length;
    totals.brotli += Math.min(brotli.length, gzip.length);
  }
  return totals;
}

await build({ root: pwaRoot, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const pictures = writeProductImages(outDir);
const { pages, screens } = await prerenderPages();
// The bundler's manifest served its purpose above; it is not part of the site.
rmSync(path.join(outDir, '.vite'), { recursive: true, force: true });
const compressed = precompress();
console.log(
  `Drew ${pictures} product pictures. Prerendered ${pages} pages and ${screens} screen templates; ` +
    `precompressed ${compressed.files} files, ` +
    `${(compressed.raw / 1024).toFixed(0)} KB → ${(compressed.brotli / 1024).toFixed(0)} KB brotli.`,
);
