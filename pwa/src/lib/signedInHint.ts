// The API's readable signed-in hint (api/src/auth/session.ts): an opaque tag of the account whose session
// this browser holds, or none. Small and import-free: the landing page's entry reads it.

/** The signed-in account's tag, or '' when the browser holds no session. */
export function signedInTag(): string {
  const cookies = typeof document === 'undefined' ? '' : document.cookie;
  return /(?:^|;\s*)pf\.signed-in=([^;]+)/.exec(cookies)?.[1] ?? '';
}

/** Where lib/accountCache.ts notes the tag of the account its cache was filled under. */
export const ACCOUNT_CACHE_OWNER = 'pf.account-cache-owner';

/** The tag the account cache was filled under ('' when none is noted or storage is unavailable). */
export function accountCacheOwner(): string {
  try {
    return localStorage.getItem(ACCOUNT_CACHE_OWNER) ?? '';
  } catch {
    return '';
  }
}

/** Whether the account cache may hold another account's answers: its noted owner is not signed in now. */
export function accountCacheIsStale(): boolean {
  return signedInTag() !== accountCacheOwner();
}
