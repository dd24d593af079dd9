// What the service worker keeps beyond its precache, rule by rule (vite.config.ts hands it to Workbox):
// hashed assets once used, product pictures, public answers and the signed-in person's own screens.
import type { RuntimeCaching } from 'workbox-build';
import { ACCOUNT_CACHE } from '../src/lib/accountCache.ts';

export const RUNTIME_CACHING: RuntimeCaching[] = [
  {
    // Hashed build files never change: whatever the precache left out is kept once used.
    urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
    handler: 'CacheFirst',
    method: 'GET',
    options: {
      cacheName: 'assets',
      expiration: { maxEntries: 60, maxAgeSeconds: 365 * 24 * 60 * 60 },
      cacheableResponse: { statuses: [200] },
    },
  },
  {
    // The product pictures the build draws: a storefront seen once shows them offline, and a
    // new build's pictures replace them on the next visit.
    urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/images/products/'),
    handler: 'StaleWhileRevalidate',
    method: 'GET',
    options: {
      cacheName: 'product-images',
      expiration: { maxEntries: 100, maxAgeSeconds: 30 * 24 * 60 * 60 },
      cacheableResponse: { statuses: [200] },
    },
  },
  {
    // Public, read-only answers the PWA may show from cache when the network is slow or gone.
    // Workbox copies this function's source into the worker, so it must not use outer variables.
    urlPattern: ({ url, sameOrigin }) =>
      sameOrigin &&
      /^\/api\/(?:print-farms(?:\/markers(?:\/\d+)?)?\/?$|stats(?:\/|$)|public\/)/.test(url.pathname),
    handler: 'NetworkFirst',
    method: 'GET',
    options: {
      cacheName: 'public-api',
      networkTimeoutSeconds: 4,
      expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 },
      cacheableResponse: { statuses: [200] },
    },
  },
  {
    // The signed-in person's own screens, to read offline: session, requests with their offers
    // and file metrics (never the model files), profile, membership, the operator's inbox.
    urlPattern: ({ url, sameOrigin }) =>
      sameOrigin &&
      /^\/api\/(?:auth\/user|print-requests(?:\/[^/]+(?:\/offers)?)?|project-files|operator\/(?:jobs(?:\/[^/]+)?|summary|farm)|membership|profile|my\/(?:print-farms|stores)|print-farms\/offerings)$/.test(
        url.pathname,
      ),
    handler: 'NetworkFirst',
    method: 'GET',
    options: {
      cacheName: ACCOUNT_CACHE,
      networkTimeoutSeconds: 4,
      expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60 },
      cacheableResponse: { statuses: [200] },
    },
  },
];
