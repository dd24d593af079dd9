// What the service worker keeps beyond its precache, rule by rule (vite.config.ts hands it to Workbox):
// hashed assets once used, product pictures, public answers and the signed-in person's own screens.
import type { RuntimeCaching } from 'workbox-build';
import { ACCOUNT_CACHE } from '../src/lib/accountCache.ts';

const DAY_SECONDS = 24 * 60 * 60;

/** A rule: GET answers to `urlPattern` kept by `handler` in `cacheName`, the latest `maxEntries` for `days`. */
function rule(
  urlPattern: RuntimeCaching['urlPattern'],
  handler: RuntimeCaching['handler'],
  {
    cacheName,
    maxEntries,
    days,
    networkTimeoutSeconds,
  }: {
    cacheName: string;
    maxEntries: number;
    days: number;
    /** NetworkFirst: how long the network may take before the cached answer shows. */
    networkTimeoutSeconds?: number;
  },
): RuntimeCaching {
  return {
    urlPattern,
    handler,
    method: 'GET',
    options: {
      cacheName,
      ...(networkTimeoutSeconds === undefined ? {} : { networkTimeoutSeconds }),
      expiration: { maxEntries, maxAgeSeconds: days * DAY_SECONDS },
      cacheableResponse: { statuses: [200] },
    },
  };
}

// Workbox copies each urlPattern function's source into the worker, so it must not use outer variables.
export const RUNTIME_CACHING: RuntimeCaching[] = [
  // Hashed build files never change: whatever the precache left out is kept once used.
  rule(({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'), 'CacheFirst', {
    cacheName: 'assets',
    maxEntries: 60,
    days: 365,
  }),
  // The product pictures the build draws: a storefront seen once shows them offline, and a
  // new build's pictures replace them on the next visit.
  rule(
    ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/images/products/'),
    'StaleWhileRevalidate',
    { cacheName: 'product-images', maxEntries: 100, days: 30 },
  ),
  // Public, read-only answers the PWA may show from cache when the network is slow or gone.
  rule(
    ({ url, sameOrigin }) =>
      sameOrigin &&
      /^\/api\/(?:print-farms(?:\/markers(?:\/\d+)?)?\/?$|stats(?:\/|$)|public\/)/.test(url.pathname),
    'NetworkFirst',
    { cacheName: 'public-api', networkTimeoutSeconds: 4, maxEntries: 200, days: 7 },
  ),
  // The signed-in person's own screens, to read offline: session, requests with their offers
  // and file metrics (never the model files), profile, membership, the operator's inbox. One account's:
  // the page empties it before its first request when another account is signed in (lib/accountCache.ts).
  rule(
    ({ url, sameOrigin }) =>
      sameOrigin &&
      /^\/api\/(?:auth\/user|print-requests(?:\/[^/]+(?:\/offers)?)?|project-files|operator\/(?:jobs(?:\/[^/]+)?|summary|farm)|membership|profile|my\/(?:print-farms|stores)|print-farms\/offerings)$/.test(
        url.pathname,
      ),
    'NetworkFirst',
    { cacheName: ACCOUNT_CACHE, networkTimeoutSeconds: 4, maxEntries: 300, days: 30 },
  ),
];
