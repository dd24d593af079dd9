// The service worker keeps the signed-in person's own answers (requests, offers, files, the operator's
// inbox) in one cache, so those screens read offline and paint at once when the person comes back. It
// belongs to whoever is signed in: signing in, signing up and signing out empty it, so the next person
// on the device never sees it.
export const ACCOUNT_CACHE = 'account-api';

export function forgetAccountCache(): Promise<boolean> {
  return typeof caches === 'undefined' ? Promise.resolve(false) : caches.delete(ACCOUNT_CACHE);
}

const read = new Set<string>();

/**
 * The service worker's last copy of one of the signed-in person's answers (its parsed body, and the
 * response whose Date says how old it is), read at most once per URL and page load: a screen the
 * person comes back to paints from it before the network answers, and asks again right after
 * (api/request.ts). Null without a copy, without the worker's cache, or without the API's signed-in
 * hint (api/src/auth/session.ts), so nobody else's copy is ever shown.
 */
export async function lastKnownAnswer(url: string): Promise<{ body: unknown; response: Response } | null> {
  if (typeof caches === 'undefined' || read.has(url)) return null;
  read.add(url);
  // The hint api/auth.ts's mayBeSignedIn reads, tested here without importing it: that would cost the
  // landing page's entry an export it cannot afford (its 100 KB budget).
  if (!/(?:^|;\s*)pf\.signed-in=1(?:;|$)/.test(document.cookie)) return null;
  try {
    if (!(await caches.has(ACCOUNT_CACHE))) return null;
    const response = await (await caches.open(ACCOUNT_CACHE)).match(url);
    return response?.ok ? { body: await response.json(), response } : null;
  } catch {
    return null;
  }
}
