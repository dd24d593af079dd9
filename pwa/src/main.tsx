import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, preloadRoute } from './App.tsx';
import { listenForInstallPrompt } from './lib/installPrompt.ts';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

listenForInstallPrompt();

const app = (
  <StrictMode>
    <App />
  </StrictMode>
);

// A prerendered page (scripts/build.ts) already shows its content: load its chunk, then take the HTML
// over as it is. Every other path (and every visit through the service worker) starts from the shell.
if (container.hasChildNodes()) {
  void preloadRoute(window.location.pathname).then(() => hydrateRoot(container, app));
} else {
  createRoot(container).render(app);
}
