// Prerendered pages with the farm map (the network page, /print-farms and /print-farm-network), served
// with the map's first frame: the farms of the current marker feed clustered for every map size
// (pwa/src/components/map/mapFirstFrame.ts), which the page draws before its first paint, long before the
// app and its marker worker have loaded (issue 14). Each page is made once per marker feed and page file,
// with its brotli and gzip copies. Without the feed (the database out of reach) the page is served as the
// build wrote it (spa.ts), and its map loads as it did before.
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  brotliCompress as brotliCompressCallback,
  gzip as gzipCallback,
  constants as zlibConstants,
} from 'node:zlib';
import { FIRST_FRAME_DATA_ID, FIRST_FRAME_SLOT_ATTRIBUTE } from '@printfarm/map/firstFrameSlot';
import { mapFirstFrame } from '@printfarm/map/mapFirstFrame';
import type { Context, Next } from 'koa';
import type { MarkerSnapshot, PublicFarmCache } from '../services/publicFarmCache.ts';
import { sendEncoded } from './encodedBody.ts';
import { prerenderedFile } from './spa.ts';

const brotli = promisify(brotliCompressCallback);
const gzip = promisify(gzipCallback);
// Made again after every change to the farms, like the marker feed: quality 5 takes milliseconds.
const PAGE_BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

interface Template {
  mtimeMs: number;
  /** The page's HTML, null when it has no map. */
  html: string | null;
}

interface EncodedPage {
  etag: string;
  html: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

/** The first frame's data as a script element: JSON, with `<` escaped so that nothing in it ends the script. */
export function firstFrameScript(markers: MarkerSnapshot): string {
  const frame = mapFirstFrame(JSON.parse(markers.json.toString('utf8')));
  if (!frame) return '';
  const json = JSON.stringify(frame).replaceAll('<', '\\u003c');
  return `<script type="application/json" id="${FIRST_FRAME_DATA_ID}">${json}</script>`;
}

async function encodePage(template: string, markers: MarkerSnapshot): Promise<EncodedPage> {
  const html = Buffer.from(template.replace('</body>', `${firstFrameScript(markers)}</body>`));
  const [brotlied, gzipped] = await Promise.all([brotli(html, PAGE_BROTLI), gzip(html)]);
  const etag = `"mp-${createHash('sha1').update(html).digest('base64url')}"`;
  return { etag, html, gzip: gzipped, brotli: brotlied };
}

export function mapPagesMiddleware(distDir: string, publicFarms: PublicFarmCache) {
  const templates = new Map<string, Template>();
  /** Per page file, the page made for one version of the file and of the marker feed. */
  const pages = new Map<string, { madeFrom: string; page: Promise<EncodedPage> }>();

  async function templateOf(file: string): Promise<Template> {
    const { mtimeMs } = await stat(path.join(distDir, file));
    const known = templates.get(file);
    if (known?.mtimeMs === mtimeMs) return known;
    const html = await readFile(path.join(distDir, file), 'utf8');
    const template = { mtimeMs, html: html.includes(FIRST_FRAME_SLOT_ATTRIBUTE) ? html : null };
    templates.set(file, template);
    return template;
  }

  async function mapPage(file: string, mtimeMs: number, template: string): Promise<EncodedPage> {
    const markers = await publicFarms.markers();
    const madeFrom = `${mtimeMs}|${markers.etag}`;
    const made = pages.get(file);
    if (made?.madeFrom === madeFrom) return made.page;
    const page = encodePage(template, markers);
    pages.set(file, { madeFrom, page });
    page.catch(() => pages.delete(file));
    return page;
  }

  return async (ctx: Context, next: Next): Promise<void> => {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return;
    let file: string | null;
    try {
      file = prerenderedFile(distDir, decodeURIComponent(ctx.path));
    } catch {
      return; // spa.ts answers a path that does not decode
    }
    if (!file) return;
    const template = await templateOf(file).catch(() => null);
    if (!template?.html) return;
    const page = await mapPage(file, template.mtimeMs, template.html).catch(() => null);
    if (!page) return;
    ctx.status = 200;
    ctx.set('Cache-Control', 'no-cache');
    ctx.set('ETag', page.etag);
    ctx.vary('Accept-Encoding');
    ctx.type = 'text/html; charset=utf-8';
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    sendEncoded(ctx, { plain: page.html, gzip: page.gzip, brotli: page.brotli });
  };
}
