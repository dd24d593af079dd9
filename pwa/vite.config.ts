import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const pwaRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';
const apiProxy = { '/api': { target: apiTarget, ws: true, xfwd: true } };

export default defineConfig(({ command, mode }) => {
  // A build started from a test process inherits NODE_ENV=test, which would ship React's development build.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    root: pwaRoot,
    plugins: [
      react(),
      VitePWA({
        registerType: 'prompt',
        // The app registers the worker itself through virtual:pwa-register/react (UpdatePrompt).
        injectRegister: false,
        includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
        manifest: {
          id: '/',
          name: 'PrintFarm Network',
          short_name: 'PrintFarm',
          description: 'Custom 3D printing from a network of independent print farms near you.',
          lang: 'en',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: '#ea580c',
          background_color: '#ffffff',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
        workbox: {
          // Icons, the favicon and the manifest are added by includeAssets and the manifest itself.
          globPatterns: ['**/*.{js,css,html,woff2}'],
          // Large lazily loaded chunks (3D viewer, maps) still belong to the offline shell.
          maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
          cleanupOutdatedCaches: true,
          navigateFallback: '/index.html',
          navigateFallbackDenylist: [/^\/api\//],
          runtimeCaching: [
            {
              // Public, read-only answers the PWA may show from cache when the network is slow or gone.
              // Workbox copies this function's source into the worker, so it must not use outer variables.
              urlPattern: ({ url, sameOrigin }) =>
                sameOrigin && /^\/api\/(?:print-farms\/?$|stats(?:\/|$)|public\/)/.test(url.pathname),
              handler: 'NetworkFirst',
              method: 'GET',
              options: {
                cacheName: 'public-api',
                networkTimeoutSeconds: 4,
                expiration: { maxEntries: 200, maxAgeSeconds: 7 * 24 * 60 * 60 },
                cacheableResponse: { statuses: [200] },
              },
            },
          ],
        },
        devOptions: { enabled: false },
      }),
    ],
    build: { outDir: 'dist', emptyOutDir: true, sourcemap: true },
    server: {
      port: 5173,
      proxy: apiProxy,
      // @printfarm/domain is a workspace package of TypeScript sources one level up.
      fs: { allow: [repoRoot] },
    },
    preview: { port: 4173, proxy: apiProxy },
  };
});
