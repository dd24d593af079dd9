// The service worker keeps the signed-in person's own answers (requests, offers, files, the operator's
// inbox) in one cache, so those screens read offline and paint at once when the person comes back. It
// belongs to one account: the page notes the tag of the account it was filled under (the API's signed-in
// hint, lib/signedInHint.ts) and empties it whenever the hint names another account or none, whether the
// session changed through the app (signing in, up or out) or around it (single sign-on, /api/logout,
// expiry, a password reset elsewhere).
import { ACCOUNT_CACHE_OWNER, accountCacheIsStale, signedInTag } from './signedInHint.ts';

export const ACCOUNT_CACHE = 'account-api';

/** Empties the cache and notes that what fills it next belongs to the account signed in now (if any). */
export async function forgetAccountCache(): Promise<void> {
  if (typeof caches !== 'undefined') await caches.delete(ACCOUNT_CACHE);
  const tag = signedInTag();
  try {
    if (tag) localStorage.setItem(ACCOUNT_CACHE_OWNER, tag);
    else localStorage.removeItem(ACCOUNT_CACHE_OWNER);
  } catch {
    // Without storage no owner is noted, so the cache is emptied again at every start: never shown.
  }
}

const read = new Set<string>();

/**
 * The service worker's last copy of one of the signed-in person's answers (its parsed body, and the
 * response whose Date says how old it is), read at most once per URL and page load: a screen the
 * person comes back to paints from it before the network answers, and asks again right after
 * (api/request.ts). Null without a copy, without the worker's cache, without a signed-in hint, or when
 * the cache was filled under another account (it is emptied then), so nobody else's copy is ever shown.
 */
export async function lastKnownAnswer(url: string): Promise<{ body: unknown; response: Response } | null> {
  if (typeof caches === 'undefined') return null;
  try {
    if (accountCacheIsStale()) {
      await forgetAccountCache();
      return null;
    }
    if (read.has(url) || !signedInTag()) return null;
    read.add(url);
    if (!(await caches.has(ACCOUNT_CACHE))) return null;
    const response = await (await caches.open(ACCOUNT_CACHE)).match(url);
    return response?.ok ? { body: await response.json(), response } : null;
  } catch {
    return null;
  }
}
