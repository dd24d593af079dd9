/**
 * The API's readable hint (api/src/auth/session.ts) that this browser has a session. Without it nobody
 * is signed in: asking would only log a 401 in the console of every signed-out visitor, and no stored
 * copy of a signed-in answer may be shown.
 */
export function mayBeSignedIn(cookies = typeof document === 'undefined' ? '' : document.cookie): boolean {
  return /(?:^|;\s*)pf\.signed-in=1(?:;|$)/.test(cookies);
}
