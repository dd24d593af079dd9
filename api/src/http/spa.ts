// Serves the built PWA on the API's origin. A public page the build prerendered (pwa/scripts/build.ts)
// is answered with its static HTML, and a signed-in screen the API renders (screens.ts) with its page;
// other non-API paths get index.html, the shell the PWA routes from, with status 200 for a screen of the
// app's route table and 404 for anything else (the shell then shows its 404 page); /api paths are never
// swallowed. Every text file has brotli and gzip copies made at
// build time, which koa-send picks by Accept-Encoding.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { PRERENDERED_ROUTES, ROUTES, type RouteEntry } from '@printfarm/map/routeTable';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import type { AppContext } from './context.ts';
import type { Screens } from './screens.ts';

const NEVER_CACHE = new Set(['/index.html', '/sw.js', '/registerSW.js', '/manifest.webmanifest']);
const PRERENDERED = 'prerendered';

/** The prerendered file for a page path, if the build made one: / → index.html, /blog/a → blog/a.html. */
export function prerenderedFile(distDir: string, pagePath: string): string | null {
  const trimmed = pagePath.replace(/\/+$/, '');
  if (/\.[a-z0-9]{1,8}$/i.test(trimmed) || /\.\.|\0/.test(trimmed)) return null;
  const rel = `${PRERENDERED}/${trimmed === '' ? 'index' : trimmed.slice(1)}.html`;
  return existsSync(path.join(distDir, rel)) ? rel : null;
}

/**
 * Checks for screens whose parameter names a record, by route path: '/store/:storeName' → does that
 * store exist? A route without a check is a screen whatever its parameter (private pages show their
 * own 'not found' after sign-in).
 */
export type RecordChecks = Readonly<Record<string, (value: string) => Promise<boolean>>>;

/** '/blog/a/' → ['blog', 'a']; '/' → []. */
const segmentsOf = (pagePath: string) => pagePath.replace(/\/+$/, '').split('/').slice(1);

// Fixed paths first, as the router ranks them ('/store/precision-parts' before '/store/:storeName').
const MATCHABLE = ROUTES.filter((route) => route.path !== '*').toSorted(
  (a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')),
);

/** The route of the app's table that renders `pagePath` (the catch-all aside), and its parameter. */
export function matchRoute(pagePath: string): { route: RouteEntry; param: string | null } | null {
  const segments = segmentsOf(pagePath);
  for (const route of MATCHABLE) {
    const pattern = segmentsOf(route.path);
    if (pattern.length !== segments.length) continue;
    let param: string | null = null;
    let matches = true;
    for (const [i, part] of pattern.entries()) {
      const segment = segments[i] ?? '';
      if (part.startsWith(':')) param = segment;
      // The router matches paths without regard to case; so does this.
      else if (part.toLowerCase() !== segment.toLowerCase()) matches = false;
    }
    if (matches && param !== '') return { route, param };
  }
  return null;
}

/** Whether the app has a screen for the path (a prerendered page was looked for before). */
async function isScreen(pagePath: string, checks: RecordChecks): Promise<boolean> {
  const match = matchRoute(pagePath);
  if (!match) return false;
  const { route, param } = match;
  if (param === null) return true;
  // Every value of a prerendered parameter (a blog article) has its page file.
  if (PRERENDERED_ROUTES.includes(route)) return false;
  const check = checks[route.path];
  return check ? check(param) : true;
}

/**
 * Whether the API renders the page of `pagePath` itself (screens.ts), so that the session is read for it.
 */
export function rendersScreen(screens: Screens | null, pagePath: string): boolean {
  if (!screens) return false;
  const match = matchRoute(pagePath);
  return match !== null && screens.renders(match.route.path);
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** A page made for one viewer: compressed here (quickly: it is made per request), and never cached. */
async function sendPrivatePage(ctx: Context, html: string): Promise<void> {
  ctx.status = 200;
  ctx.type = 'html';
  ctx.set('Cache-Control', 'private, no-store');
  ctx.vary('Cookie');
  ctx.vary('Accept-Encoding');
  const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
  if (encoding === 'br') {
    ctx.set('Content-Encoding', 'br');
    ctx.body = await brotli(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
  } else if (encoding === 'gzip') {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = await gzipped(html);
  } else ctx.body = html;
}

export function spaMiddleware(distDir: string, checks: RecordChecks = {}, screens: Screens | null = null) {
  const indexExists = () => existsSync(path.join(distDir, 'index.html'));
  return async (ctx: Context, next: Next): Promise<void> => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    if (ctx.path === '/api' || ctx.path.startsWith('/api/')) return;
    if (!indexExists()) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The app has not been built yet. Run `npm start`, which builds it.';
      return;
    }
    const setHeaders = (res: { setHeader(name: string, value: string): void }, file: string) => {
      const rel = `/${path.relative(distDir, file).split(path.sep).join('/')}`.replace(/\.(?:br|gz)$/, '');
      res.setHeader('Vary', 'Accept-Encoding');
      if (NEVER_CACHE.has(rel) || rel.startsWith(`/${PRERENDERED}/`))
        res.setHeader('Cache-Control', 'no-cache');
      else if (rel.startsWith('/assets/'))
        res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'public, max-age=3600');
    };
    let decodedPath: string;
    try {
      decodedPath = decodeURIComponent(ctx.path);
    } catch {
      ctx.status = 400;
      return;
    }
    const page = prerenderedFile(distDir, decodedPath);
    if (page) {
      await send(ctx, page, { root: distDir, setHeaders });
      return;
    }
    try {
      await send(ctx, ctx.path, { root: distDir, index: 'index.html', setHeaders });
      return;
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status !== 404 && status !== 400) throw error;
    }
    // A missing file that looks like an asset stays a 404; anything else is a client-side route.
    if (/\.[a-z0-9]{1,8}$/i.test(ctx.path) && !ctx.path.endsWith('.html')) {
      ctx.status = 404;
      return;
    }
    const match = matchRoute(decodedPath);
    if (match && screens?.renders(match.route.path)) {
      await sendPrivatePage(ctx, await screens.page(ctx as AppContext, match.route.path, match.param));
      return;
    }
    ctx.status = (await isScreen(decodedPath, checks)) ? 200 : 404;
    await send(ctx, 'index.html', { root: distDir, setHeaders });
  };
}
