// After a deploy the old version's lazily loaded chunks are gone, and Vite reports the failed import as
// 'vite:preloadError' on window. One reload into the new version mends it; a second within the guard
// would be a loop (the new version is broken too), so then the error screen shows as before.
const RELOADED_AT = 'pf.reloaded-at';
const LOOP_GUARD_MS = 60_000;

export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    try {
      if (Date.now() - Number(sessionStorage.getItem(RELOADED_AT)) < LOOP_GUARD_MS) return;
      sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    } catch {
      return; // Without storage no guard survives the reload.
    }
    event.preventDefault();
    void import('./appUpdate.ts').then((update) => update.reloadIntoNewVersion());
  });
}
