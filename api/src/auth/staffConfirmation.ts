// Staff access from STAFF_EMAILS needs proof that the account owns the address. A password account on
// the list is a customer until it opens a signed, expiring link (signedLinks.ts) naming the account and
// its e-mail, mailed at sign-up and, while it is not staff, at a sign-in once the last link has expired
// (or none was sent: the address was listed after the account was made). Opening the link while signed
// in to that account makes it staff; a link for another account, an e-mail changed since, a tampered or
// expired link changes nothing.
import type { Prisma, PrismaClient } from '@printfarm/db';
import { mailedSince, recordJob } from '@printfarm/db/outbox';
import { deferredEmail } from '@printfarm/mail/deferred';
import type { ApiConfig } from '../config.ts';
import { HttpError } from '../http/errors.ts';
import { isLinkSignature, linkSignature } from '../services/signedLinks.ts';
import type { SessionUser } from './guards.ts';

const PURPOSE = 'staff-confirmation';
export const STAFF_LINK_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export const STAFF_LINK_INVALID =
  'This staff confirmation link is not valid for this account. Open the whole link from the latest e-mail.';
export const STAFF_LINK_OTHER_ACCOUNT =
  'This staff confirmation link is for another account. Sign in to the account it was sent to.';
export const STAFF_LINK_EXPIRED =
  'This staff confirmation link has expired. Sign in again and we will e-mail you a new one.';
export const STAFF_LINK_NOT_LISTED = 'This account’s e-mail address is not on the staff list.';

type Config = Pick<ApiConfig, 'STAFF_EMAILS' | 'SESSION_SECRET' | 'PUBLIC_URL'>;

/** Whether the address is on STAFF_EMAILS (trimmed, any case). */
export function isStaffEmail(config: Pick<ApiConfig, 'STAFF_EMAILS'>, email: string): boolean {
  const wanted = email.trim().toLowerCase();
  return config.STAFF_EMAILS.some((staff) => staff.trim().toLowerCase() === wanted);
}

const factsOf = (userId: string, email: string, expiresAt: number) => [
  userId.toLowerCase(),
  email.trim().toLowerCase(),
  String(expiresAt),
];

/** `{userId}.{expiry in ms}.{signature over the account, its e-mail and the expiry}` */
export function staffLinkToken(
  secret: string,
  user: { id: string; email: string },
  expiresAt: number,
): string {
  return `${user.id}.${expiresAt}.${linkSignature(secret, PURPOSE, factsOf(user.id, user.email, expiresAt))}`;
}

/** The page the e-mail links to, and when its link stops working. */
export function staffConfirmationLink(
  config: Config,
  user: { id: string; email: string },
  now = Date.now(),
): { url: string; expiresAt: Date } {
  const expiresAt = now + STAFF_LINK_TTL_MS;
  const url = new URL('/staff-confirmation', config.PUBLIC_URL);
  url.searchParams.set('token', staffLinkToken(config.SESSION_SECRET, user, expiresAt));
  return { url: url.href, expiresAt: new Date(expiresAt) };
}

/** The account a confirmation is mailed to. */
interface Addressee {
  id: string;
  email: string;
  firstName: string | null;
}

/** Records the e-mail carrying a new link, in the caller's transaction. */
export async function mailStaffConfirmation(
  tx: Prisma.TransactionClient,
  config: Config,
  user: Addressee,
  now = Date.now(),
): Promise<void> {
  const link = staffConfirmationLink(config, user, now);
  await recordJob(
    tx,
    'email.send',
    await deferredEmail('staffConfirmationEmail', {
      userId: user.id,
      to: user.email,
      firstName: user.firstName,
      confirmUrl: link.url,
      expiresAt: link.expiresAt,
    }),
  );
}

/**
 * At a sign-in of a listed password account that is not staff yet: a new link when none is still valid
 * (the address was listed after the account was made, or the last link expired). One sign-in after
 * another within a link's life mails nothing more.
 */
export async function offerStaffConfirmation(
  prisma: PrismaClient,
  config: Config,
  user: Addressee & { role: string },
  now = Date.now(),
): Promise<void> {
  if (user.role === 'staff' || !isStaffEmail(config, user.email)) return;
  await prisma.$transaction(async (tx) => {
    // One sign-in at a time per account decides (two at once would each find no link).
    if (await mailedSince(tx, `${PURPOSE}:${user.id}:`, new Date(now - STAFF_LINK_TTL_MS))) return;
    await mailStaffConfirmation(tx, config, user, now);
  });
}

const refused = (status: number, message: string) => new HttpError(status, message, { token: message });

/** Makes the signed-in user staff when `token` is their unexpired link for their current e-mail. */
export async function confirmStaffAccess(
  deps: { prisma: PrismaClient; config: Config },
  user: SessionUser,
  token: string,
): Promise<SessionUser> {
  const [userId = '', expires = '', signature = '', ...extra] = token.split('.');
  if (extra.length > 0 || !/^\d{1,15}$/.test(expires) || !signature) throw refused(400, STAFF_LINK_INVALID);
  if (userId.toLowerCase() !== user.id.toLowerCase()) throw refused(403, STAFF_LINK_OTHER_ACCOUNT);
  // Signed over the account's e-mail as it was: a changed e-mail no longer matches.
  const facts = factsOf(user.id, user.email, Number(expires));
  if (!isLinkSignature(deps.config.SESSION_SECRET, PURPOSE, facts, signature)) {
    throw refused(400, STAFF_LINK_INVALID);
  }
  if (Number(expires) <= Date.now()) throw refused(410, STAFF_LINK_EXPIRED);
  if (!isStaffEmail(deps.config, user.email)) throw refused(403, STAFF_LINK_NOT_LISTED);
  if (user.role === 'staff') return user;
  // Only while the account still has the e-mail the link was signed for.
  const updated = await deps.prisma.user.updateMany({
    where: { id: user.id, email: user.email },
    data: { role: 'staff' },
  });
  if (updated.count !== 1) throw refused(400, STAFF_LINK_INVALID);
  return { ...user, role: 'staff' };
}
