// The service worker keeps the signed-in person's own answers (requests, offers, files, the operator's
// inbox) in one cache, so those screens read offline. It belongs to whoever is signed in: signing in,
// signing up and signing out empty it, so the next person on the device never sees it.
export const ACCOUNT_CACHE = 'account-api';

export function forgetAccountCache(): Promise<boolean> {
  return typeof caches === 'undefined' ? Promise.resolve(false) : caches.delete(ACCOUNT_CACHE);
}
