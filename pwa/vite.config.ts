import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { routeBudgets } from './scripts/budgets.ts';
import { RUNTIME_CACHING } from './scripts/runtimeCaching.ts';

const pwaRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));
// react-router's package exports only its development build (warnings and all); the production build
// sits beside it and is what we ship.
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const apiTarget = process.env.API_URL ?? 'http://localhost:8080';
const apiProxy = { '/api': { target: apiTarget, ws: true, xfwd: true } };

export default defineConfig(({ command, mode, isSsrBuild }) => {
  // A build started from a test process inherits NODE_ENV=test, which would ship React's development build.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    root: pwaRoot,
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
        { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
      ],
    },
    plugins: [
      react(),
      routeBudgets(),
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
          // Installed, the app opens where a customer follows their requests (sign-in first if needed).
          start_url: '/dashboard',
          scope: '/',
          display: 'standalone',
          orientation: 'any',
          categories: ['business', 'productivity', 'shopping'],
          theme_color: '#ea580c',
          background_color: '#ffffff',
          icons: [
            { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
            { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
          // Shown by the browser's install dialog (made by scripts/make-screenshots.ts).
          screenshots: [
            {
              src: '/screenshots/dashboard-narrow.jpg',
              sizes: '780x1688',
              type: 'image/jpeg',
              form_factor: 'narrow',
              label: 'Your print requests and their offers',
            },
            {
              src: '/screenshots/network-wide.jpg',
              sizes: '1366x900',
              type: 'image/jpeg',
              form_factor: 'wide',
              label: 'Print farms near you on the network map',
            },
          ],
          shortcuts: [
            {
              name: 'Upload',
              short_name: 'Upload',
              description: 'Upload a design and get quotes',
              url: '/dashboard?tab=upload',
              icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
            },
            {
              name: 'My Requests',
              short_name: 'Requests',
              description: 'Follow your print requests',
              url: '/dashboard?tab=requests',
              icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
            },
          ],
        },
        workbox: {
          // Icons, the favicon and the manifest are added by includeAssets and the manifest itself.
          globPatterns: ['**/*.{js,css,html,woff2}'],
          // Prerendered pages are for first visits; under the worker every page starts from the shell.
          // The 3D viewer, the uploader and Google's map are large and of no use offline (models are not
          // kept offline, uploads need the network): a first visit does not download them in the
          // background; they are cached when first used (the assets rule below).
          globIgnores: ['prerendered/**', '**/ModelCanvas-*', '**/UppyUploader-*', '**/GoogleFarmMap-*'],
          maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
          cleanupOutdatedCaches: true,
          navigateFallback: '/index.html',
          navigateFallbackDenylist: [/^\/api\//],
          runtimeCaching: RUNTIME_CACHING,
        },
        devOptions: { enabled: false },
      }),
    ],
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      sourcemap: true,
      // scripts/build.ts reads it to link each prerendered page's own CSS and chunks.
      manifest: true,
      modulePreload: { polyfill: false },
      rolldownOptions: {
        // The network page's map drawn from its HTML before the app loads (scripts/build.ts links it).
        input: isSsrBuild
          ? undefined
          : {
              index: path.join(pwaRoot, 'index.html'),
              drawFirstFrame: path.join(pwaRoot, 'src/components/map/drawFirstFrame.ts'),
            },
        output: {
          // The entry lists every lazy chunk's name for preloading, so shorter hashes (7 characters is
          // rolldown's least for this many chunks) shorten every first load. The prerender's server
          // bundle keeps its plain names: scripts/build.ts imports it by name.
          ...(isSsrBuild
            ? {}
            : {
                entryFileNames: 'assets/[name]-[hash:7].js',
                chunkFileNames: 'assets/[name]-[hash:7].js',
                assetFileNames: 'assets/[name]-[hash:7][extname]',
              }),
          codeSplitting: {
            groups: [
              // What nearly every page runs, in one cacheable chunk rather than a handful of small ones:
              // the libraries, and the few-line helpers each page would otherwise fetch as a chunk of its own.
              {
                name: 'framework',
                test: /node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](react-query|query-core))[\\/]|src[\\/](lib[\\/]cx\.ts|components[\\/]ui[\\/]badge\.tsx)$/,
              },
            ],
          },
        },
      },
    },
    server: {
      port: 5173,
      proxy: apiProxy,
      // @printfarm/domain is a workspace package of TypeScript sources one level up.
      fs: { allow: [repoRoot] },
    },
    preview: { port: 4173, proxy: apiProxy },
  };
});
