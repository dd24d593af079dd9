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
import { build } from 'vite';

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
}

async function prerenderPages(): Promise<number> {
  const ssrDir = `${outDir}.ssr`;
  await build({
    root: pwaRoot,
    logLevel: 'warn',
    build: { ssr: 'src/entry-server.tsx', outDir: ssrDir, emptyOutDir: true, sourcemap: false },
  });
  try {
    const entry = (await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href)) as ServerEntry;
    const shell = readFileSync(path.join(outDir, 'index.html'), 'utf8');
    if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root to fill');
    const paths = entry.prerenderPaths();
    for (const url of paths) {
      const page = withHead(shell, await entry.render(url));
      const file = path.join(outDir, PRERENDER_DIR, url === '/' ? 'index.html' : `${url.slice(1)}.html`);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, page);
    }
    return paths.length;
  } finally {
    rmSync(ssrDir, { recursive: true, force: true });
  }
}

// React emits the <title>, <meta> and <link> a page declares ahead of its markup; in a static file they
// belong in <head>, in place of the shell's defaults.
function withHead(shell: string, markup: string): string {
  const leading = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>)+/.exec(markup)?.[0] ?? '';
  let head = shell;
  for (const [tag] of leading.matchAll(/<title>[^<]*<\/title>|<meta [^>]*\/?>|<link [^>]*\/?>/g)) {
    if (tag.startsWith('<title>')) head = head.replace(/<title>[^<]*<\/title>/, tag);
    else if (tag.includes('name="description"')) head = head.replace(/<meta name="description"[^>]*>/, tag);
    else head = head.replace('</head>', `${tag}</head>`);
  }
  return head.replace('<div id="root"></div>', `<div id="root">${markup.slice(leading.length)}</div>`);
}

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
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
const pages = await prerenderPages();
const compressed = precompress();
console.log(
  `Prerendered ${pages} pages; precompressed ${compressed.files} files, ` +
    `${(compressed.raw / 1024).toFixed(0)} KB → ${(compressed.brotli / 1024).toFixed(0)} KB brotli.`,
);
