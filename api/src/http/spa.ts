// Serves the built PWA on the API's origin. A public page the build prerendered (pwa/scripts/build.ts)
// is answered with its static HTML; other non-API paths get index.html, the shell the PWA routes from
// (including its 404 page); /api paths are never swallowed. Every text file has brotli and gzip copies
// made at build time, which koa-send picks by Accept-Encoding.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import send from 'koa-send';

const NEVER_CACHE = new Set(['/index.html', '/sw.js', '/registerSW.js', '/manifest.webmanifest']);
const PRERENDERED = 'prerendered';

/** The prerendered file for a page path, if the build made one: / → index.html, /blog/a → blog/a.html. */
function prerenderedFile(distDir: string, pagePath: string): string | null {
  const trimmed = pagePath.replace(/\/+$/, '');
  if (/\.[a-z0-9]{1,8}$/i.test(trimmed) || /\.\.|\0/.test(trimmed)) return null;
  const rel = `${PRERENDERED}/${trimmed === '' ? 'index' : trimmed.slice(1)}.html`;
  return existsSync(path.join(distDir, rel)) ? rel : null;
}

export function spaMiddleware(distDir: string) {
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
    ctx.status = 200;
    await send(ctx, 'index.html', { root: distDir, setHeaders });
  };
}
