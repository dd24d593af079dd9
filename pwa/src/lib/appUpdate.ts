// After a deploy the old version's lazily loaded chunks are gone from the server, and with registerType
// 'prompt' a reload stays in the old service worker, which asks for them again. A reload lets the new
// version in first.
const NEW_VERSION_WAIT_MS = 10_000;

/** Reloads the page into the newest version: a waiting (or just found) service worker takes over first. */
export async function reloadIntoNewVersion(): Promise<void> {
  const reload = () => window.location.reload();
  const registration = await navigator.serviceWorker?.getRegistration().catch(() => undefined);
  if (registration && !registration.waiting) await registration.update().catch(() => undefined);
  const worker = registration?.waiting ?? registration?.installing;
  if (!worker) return reload();
  navigator.serviceWorker.addEventListener('controllerchange', reload);
  const skipWaiting = () => {
    if (worker.state === 'installed') worker.postMessage({ type: 'SKIP_WAITING' });
  };
  worker.addEventListener('statechange', skipWaiting);
  skipWaiting();
  // A new version that fails to install must not leave the button doing nothing.
  setTimeout(reload, NEW_VERSION_WAIT_MS);
}
