// The blog's 'Stay Updated' list with double opt-in: one row per address, only a token's hash is stored.
import { createHash, randomBytes } from 'node:crypto';
import type { Prisma, PrismaClient } from '@printfarm/db';
import { isUniqueViolation } from '@printfarm/db/errors';
import { recordJob } from '@printfarm/db/outbox';
import { deferredEmail } from '@printfarm/mail/deferred';

/** A new confirmation e-mail for an unconfirmed address goes out at most this often. */
export const CONFIRM_RESEND_INTERVAL_MS = 10 * 60 * 1000;

export type SubscribeOutcome = 'subscribed' | 'resent' | 'already-pending' | 'already-confirmed';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashToken(token) };
}

function confirmUrl(publicUrl: string, token: string): string {
  const url = new URL('/api/newsletter/confirm', publicUrl);
  url.searchParams.set('token', token);
  return url.href;
}

async function recordConfirmEmail(
  tx: Prisma.TransactionClient,
  subscriber: { id: string; email: string },
  token: string,
  tokenHash: string,
  publicUrl: string,
) {
  // One message per token: a retry of the same event never mails twice, a regenerated token mails once more.
  const messageKey = `newsletter-confirm:${subscriber.id}:${tokenHash.slice(0, 16)}`;
  await recordJob(
    tx,
    'email.send',
    await deferredEmail('newsletterConfirmEmail', {
      email: subscriber.email,
      confirmUrl: confirmUrl(publicUrl, token),
      messageKey,
    }),
  );
}

async function lastConfirmEmailAt(tx: Prisma.TransactionClient, subscriberId: string): Promise<Date | null> {
  const rows = await tx.$queryRaw<{ at: Date | null }[]>`
    SELECT max(created_at) AS at FROM outbox_events
    WHERE job = 'email.send' AND payload->>'messageKey' LIKE ${`newsletter-confirm:${subscriberId}:%`}`;
  return rows[0]?.at ?? null;
}

async function subscribeOnce(
  prisma: PrismaClient,
  email: string,
  publicUrl: string,
): Promise<SubscribeOutcome> {
  return prisma.$transaction(async (tx) => {
    const existing = await tx.newsletterSubscriber.findUnique({ where: { email } });
    if (!existing) {
      const { token, tokenHash } = newToken();
      const subscriber = await tx.newsletterSubscriber.create({
        data: { email, confirmTokenHash: tokenHash },
      });
      await recordConfirmEmail(tx, subscriber, token, tokenHash, publicUrl);
      return 'subscribed';
    }
    if (existing.confirmedAt) return 'already-confirmed';
    // Lock the row so two quick repeats cannot both regenerate the token.
    await tx.$queryRaw`SELECT id FROM newsletter_subscribers WHERE id = ${existing.id}::uuid FOR UPDATE`;
    const last = await lastConfirmEmailAt(tx, existing.id);
    if (last && Date.now() - last.getTime() < CONFIRM_RESEND_INTERVAL_MS) return 'already-pending';
    const { token, tokenHash } = newToken();
    await tx.newsletterSubscriber.update({
      where: { id: existing.id },
      data: { confirmTokenHash: tokenHash },
    });
    await recordConfirmEmail(tx, existing, token, tokenHash, publicUrl);
    return 'resent';
  });
}

/** Subscribes an address (already lower-cased by the schema) and records the confirmation e-mail. */
export async function subscribe(
  prisma: PrismaClient,
  email: string,
  publicUrl: string,
): Promise<SubscribeOutcome> {
  try {
    return await subscribeOnce(prisma, email, publicUrl);
  } catch (error) {
    // Two first subscriptions for one address raced: the loser now finds the winner's row.
    if (isUniqueViolation(error)) {
      return subscribeOnce(prisma, email, publicUrl);
    }
    throw error;
  }
}

/** Confirms the subscription a link's token belongs to; false when the token matches none. */
export async function confirmSubscription(prisma: PrismaClient, token: string): Promise<boolean> {
  if (token.length < 20 || token.length > 200) return false;
  const tokenHash = hashToken(token);
  const subscriber = await prisma.newsletterSubscriber.findUnique({ where: { confirmTokenHash: tokenHash } });
  if (!subscriber) return false;
  if (!subscriber.confirmedAt) {
    await prisma.newsletterSubscriber.updateMany({
      where: { id: subscriber.id, confirmedAt: null },
      data: { confirmedAt: new Date() },
    });
  }
  return true;
}
