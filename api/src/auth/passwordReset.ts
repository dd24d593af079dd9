// "Forgot your password?": whoever holds an account's address can choose a new password through a
// signed, expiring link (signedLinks.ts) e-mailed to it. The link is signed over the account, its
// e-mail and its current password hash, so it works once: choosing a password (by any link) changes
// the hash and every earlier link stops working, as does a change of address. Asking answers the same
// whether or not an account has the address, so nobody learns which addresses have accounts here.
// A new password ends every session of the account and is announced to the address.
import type { PrismaClient } from '@printfarm/db';
import { mailSecretsKey, sealedFor, sealedPlaceholder } from '@printfarm/db/mailSecrets';
import { mailedSince, recordJob } from '@printfarm/db/outbox';
import { hashPassword } from '@printfarm/db/password';
import { deferredEmail } from '@printfarm/mail/deferred';
import type { ApiConfig } from '../config.ts';
import { badRequest, HttpError } from '../http/errors.ts';
import { isLinkSignature, linkSignature } from '../services/signedLinks.ts';
import type { SessionUser } from './guards.ts';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from './passwordPolicy.ts';
import { USER_SELECT } from './session.ts';
import { endSessionsOf } from './sessionStore.ts';

const PURPOSE = 'password-reset';
export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
/** One link per account this often at most, however often it is asked for. */
export const RESET_RESEND_AFTER_MS = 2 * 60 * 1000;

export const RESET_REQUESTED =
  'If an account uses that address, we have e-mailed it a link to choose a new password. The link works for an hour.';
export const RESET_LINK_INVALID =
  'This password reset link does not work: it was used already, a newer password was chosen, or it was cut short. Ask for a new one.';
export const RESET_LINK_EXPIRED = 'This password reset link has expired. Ask for a new one.';

type Config = Pick<ApiConfig, 'SESSION_SECRET' | 'PUBLIC_URL' | 'NODE_ENV' | 'PRINTER_SECRETS_KEY'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const factsOf = (user: { id: string; email: string }, passwordHash: string | null, expiresAt: number) => [
  user.id.toLowerCase(),
  user.email.toLowerCase(),
  passwordHash ?? 'no password',
  String(expiresAt),
];

/** `{userId}.{expiry in ms}.{signature over the account, its e-mail, its password hash and the expiry}` */
export function resetLinkToken(
  secret: string,
  user: { id: string; email: string },
  passwordHash: string | null,
  expiresAt: number,
): string {
  return `${user.id}.${expiresAt}.${linkSignature(secret, PURPOSE, factsOf(user, passwordHash, expiresAt))}`;
}

/** The page where a password is asked for and chosen; with a token, the page that chooses it. */
function resetPage(config: Config, token?: string): string {
  const url = new URL('/reset-password', config.PUBLIC_URL);
  if (token) url.searchParams.set('token', token);
  return url.href;
}

/**
 * Records the e-mail with a link for the account that has `email`, if one has it and none was mailed
 * in the last RESET_RESEND_AFTER_MS. The caller answers RESET_REQUESTED either way.
 */
export async function requestPasswordReset(
  deps: { prisma: PrismaClient; config: Config },
  email: string,
  now = Date.now(),
): Promise<void> {
  await deps.prisma.$transaction(async (tx) => {
    const user = await tx.user.findUnique({
      where: { email: email.toLowerCase() },
      select: { id: true, email: true, firstName: true, passwordHash: true },
    });
    if (!user?.email) return;
    // One request at a time per account decides whether a link went out lately.
    if (await mailedSince(tx, `${PURPOSE}:${user.id}:`, new Date(now - RESET_RESEND_AFTER_MS))) return;
    const expiresAt = now + RESET_LINK_TTL_MS;
    const token = resetLinkToken(
      deps.config.SESSION_SECRET,
      { id: user.id, email: user.email },
      user.passwordHash,
      expiresAt,
    );
    // The link opens the account: what is stored and queued holds it only sealed (db/src/mailSecrets.ts).
    const message = await deferredEmail('passwordResetEmail', {
      userId: user.id,
      to: user.email,
      firstName: user.firstName,
      resetUrl: sealedPlaceholder(0),
      expiresAt: new Date(expiresAt),
    });
    const link = resetPage(deps.config, token);
    await recordJob(tx, 'email.send', sealedFor(mailSecretsKey(deps.config), message, [link]));
  });
}

const refused = (status: number, message: string) => new HttpError(status, message, { token: message });

/**
 * Sets the password of the account `token` was made for, while the token still fits it (same e-mail,
 * same password as when it was mailed, not expired); ends all of that account's sessions and records the
 * "password changed" e-mail in the same transaction. Answers the account, for the caller to sign in.
 */
export async function resetPassword(
  deps: { prisma: PrismaClient; config: Config },
  input: { token: string; password: string },
  now = Date.now(),
): Promise<SessionUser> {
  const [userId = '', expires = '', signature = '', ...extra] = input.token.split('.');
  if (extra.length > 0 || !UUID.test(userId) || !/^\d{1,15}$/.test(expires) || !signature) {
    throw refused(400, RESET_LINK_INVALID);
  }
  const user = await deps.prisma.user.findUnique({
    where: { id: userId },
    select: { ...USER_SELECT, passwordHash: true },
  });
  const fits =
    user?.email &&
    isLinkSignature(
      deps.config.SESSION_SECRET,
      PURPOSE,
      factsOf({ id: user.id, email: user.email }, user.passwordHash, Number(expires)),
      signature,
    );
  if (!user?.email || !fits) throw refused(400, RESET_LINK_INVALID);
  if (Number(expires) <= now) throw refused(410, RESET_LINK_EXPIRED);
  if (isCommonPassword(input.password)) {
    throw badRequest(COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
  }
  const passwordHash = await hashPassword(input.password);
  const email = user.email;
  await deps.prisma.$transaction(async (tx) => {
    // Only while the account still has the password and address the link was made for: of two uses of
    // one link (or of two links) at once, one wins and the other changes nothing.
    const changed = await tx.user.updateMany({
      where: { id: user.id, email, passwordHash: user.passwordHash },
      data: { passwordHash },
    });
    if (changed.count !== 1) throw refused(400, RESET_LINK_INVALID);
    await endSessionsOf(tx, user.id);
    await recordJob(
      tx,
      'email.send',
      await deferredEmail('passwordChangedEmail', {
        userId: user.id,
        to: email,
        firstName: user.firstName,
        changedAt: new Date(now),
        resetUrl: resetPage(deps.config),
      }),
    );
  });
  const { passwordHash: _old, ...signedIn } = user;
  return { ...signedIn, email };
}
