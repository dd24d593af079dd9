import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadRoute } from './App.tsx';
import { listenForInstallPrompt } from './lib/installPrompt.ts';
import { reloadOnStaleChunks } from './lib/preloadRecovery.ts';
import { accountCacheIsStale } from './lib/signedInHint.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

listenForInstallPrompt();
reloadOnStaleChunks();

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A prerendered page (scripts/build.ts) already shows its content: load its chunk, then take the HTML
// over as it is. Every other path (and every visit through the service worker) starts from the shell.
function start(root: HTMLElement) {
  if (root.hasChildNodes()) {
    void preloadRoute(window.location.pathname).then(() => hydrateRoot(root, app));
  } else {
    createRoot(root).render(app);
  }
}

// Another account's answers leave the service worker's cache before the app's first request, which the
// worker would otherwise answer with them when the network is slow (lib/accountCache.ts).
if (accountCacheIsStale()) {
  void import('./lib/accountCache.ts')
    .then((cache) => cache.forgetAccountCache())
    .catch(() => undefined)
    .then(() => start(container));
} else {
  start(container);
}
