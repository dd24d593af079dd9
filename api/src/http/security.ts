// Response security headers (CSP, HSTS, nosniff, framing, referrer) and the cross-site request check
// for state-changing methods (on top of SameSite=Lax session cookies).
import type { Context, Next } from 'koa';
import type { ApiConfig } from '../config.ts';
import { HttpError } from './errors.ts';

type SecurityConfig = Pick<
  ApiConfig,
  'NODE_ENV' | 'PUBLIC_URL' | 'GOOGLE_MAPS_API_KEY' | 'VITE_GOOGLE_MAPS_API_KEY' | 'OIDC_ISSUER'
>;

const GOOGLE_MAPS = {
  script: ['https://maps.googleapis.com', 'https://maps.gstatic.com', 'https://*.googleapis.com'],
  connect: ['https://maps.googleapis.com', 'https://*.googleapis.com', 'https://*.gstatic.com'],
  style: ['https://fonts.googleapis.com'],
  font: ['https://fonts.gstatic.com'],
};

export function contentSecurityPolicy(config: SecurityConfig): string {
  const maps = Boolean(config.GOOGLE_MAPS_API_KEY || config.VITE_GOOGLE_MAPS_API_KEY);
  const extra = (hosts: string[]) => (maps ? hosts : []);
  const oidcOrigin = config.OIDC_ISSUER ? [new URL(config.OIDC_ISSUER).origin] : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // wasm-unsafe-eval: WebAssembly decoders the 3-D viewer may load; never 'unsafe-eval'.
    'script-src': ["'self'", "'wasm-unsafe-eval'", ...extra(GOOGLE_MAPS.script)],
    // React style={{...}} attributes and library-injected <style> need 'unsafe-inline' for styles only.
    'style-src': ["'self'", "'unsafe-inline'", ...extra(GOOGLE_MAPS.style)],
    // Store logos and product images may come from any https host.
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'font-src': ["'self'", 'data:', ...extra(GOOGLE_MAPS.font)],
    'connect-src': ["'self'", 'blob:', 'data:', ...extra(GOOGLE_MAPS.connect)],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'media-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'", ...oidcOrigin],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');
}

export function securityHeadersMiddleware(config: SecurityConfig) {
  const csp = contentSecurityPolicy(config);
  const production = config.NODE_ENV === 'production';
  return async (ctx: Context, next: Next): Promise<void> => {
    ctx.set('Content-Security-Policy', csp);
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), payment=(), usb=()');
    if (production) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    await next();
  };
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const crossSiteRefused = () => new HttpError(403, 'Cross-site request refused');

/**
 * Refuses POST/PUT/PATCH/DELETE sent from another origin: the Origin header (or, without it,
 * Sec-Fetch-Site) must name our own origin (PUBLIC_URL or the request's own host). Requests with
 * neither header (curl, server-to-server) pass: no browser sends a cross-site request without them.
 */
/**
 * Whether a GET navigation came from our own pages (or was typed or bookmarked): Sec-Fetch-Site says
 * so in every current browser; without it, a Referer from our origin must. Another site's link or
 * image never qualifies, so a GET that changes state (the spec's /api/logout) cannot be triggered from
 * elsewhere.
 */
export function isOwnNavigation(ctx: Context, config: Pick<ApiConfig, 'PUBLIC_URL'>): boolean {
  const site = ctx.get('sec-fetch-site');
  if (site) return site === 'same-origin' || site === 'same-site' || site === 'none';
  const referer = ctx.get('referer');
  if (!referer) return false;
  try {
    const from = new URL(referer).origin;
    return from === new URL(config.PUBLIC_URL).origin || from === `${ctx.protocol}://${ctx.host}`;
  } catch {
    return false;
  }
}

export function crossSiteRequestMiddleware(config: Pick<ApiConfig, 'PUBLIC_URL'>) {
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  return async (ctx: Context, next: Next): Promise<void> => {
    if (STATE_CHANGING.has(ctx.method)) {
      const origin = ctx.get('origin');
      if (origin) {
        const own = `${ctx.protocol}://${ctx.host}`;
        if (origin !== publicOrigin && origin !== own) throw crossSiteRefused();
      } else {
        const site = ctx.get('sec-fetch-site');
        if (site && site !== 'same-origin' && site !== 'none') throw crossSiteRefused();
      }
    }
    await next();
  };
}
