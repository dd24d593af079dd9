// A browser that has signed in to an account before is trusted for that account: failed guesses made
// elsewhere never lock it out. The cookie is signed with the app's keys and names the accounts only by
// a hash of their e-mail, at most a few per browser.
import { createHash } from 'node:crypto';
import type { AppContext } from '../http/context.ts';

const COOKIE = 'pf.device';
const MAX_ACCOUNTS = 5;
const MAX_AGE_MS = 180 * 24 * 60 * 60 * 1000;

const accountTag = (email: string) =>
  createHash('sha256').update(`device:${email}`).digest('base64url').slice(0, 22);

function tagsOf(ctx: AppContext): string[] {
  const value = ctx.cookies.get(COOKIE, { signed: true });
  return value ? value.split('.').filter(Boolean).slice(0, MAX_ACCOUNTS) : [];
}

export function isTrustedDevice(ctx: AppContext, email: string): boolean {
  return tagsOf(ctx).includes(accountTag(email));
}

/** After a successful sign-in: this browser is trusted for the account from now on. */
export function trustDevice(ctx: AppContext, email: string): void {
  const tag = accountTag(email);
  const tags = [tag, ...tagsOf(ctx).filter((other) => other !== tag)].slice(0, MAX_ACCOUNTS);
  ctx.cookies.set(COOKIE, tags.join('.'), {
    signed: true,
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    maxAge: MAX_AGE_MS,
    overwrite: true,
  });
}
