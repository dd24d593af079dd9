// Serves the built PWA on the API's origin. A public page the build prerendered (pwa/scripts/build.ts)
// is answered with its static HTML; other non-API paths get index.html, the shell the PWA routes from,
// with status 200 for a screen of the app's route table and 404 for anything else (the shell then shows
// its 404 page); /api paths are never swallowed. Every text file has brotli and gzip copies made at
// build time, which koa-send picks by Accept-Encoding.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';
import { ROUTES, type RouteEntry } from '../../../pwa/src/routeTable.ts';

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
  if (route.prerender) return false;
  const check = checks[route.path];
  return check ? check(param) : true;
}

export function spaMiddleware(distDir: string, checks: RecordChecks = {}) {
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
    ctx.status = (await isScreen(decodedPath, checks)) ? 200 : 404;
    await send(ctx, 'index.html', { root: distDir, setHeaders });
  };
}
