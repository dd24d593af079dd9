// What the outbox recorded to be mailed. Every e-mail is an email.send event written in the same
// transaction as the change that sends it, and the job sends each event once, so these counts are exact
// the moment the change has answered: a test proves "nothing more was mailed" here, without waiting.
import type { PrismaClient } from '../../db/src/index.ts';

/**
 * How many e-mails with this message key (or one starting with `startsWith`) the outbox holds: one per
 * event, whoever runs the job.
 */
export function outboxMails(
  prisma: PrismaClient,
  messageKey: string | { startsWith: string },
): Promise<number> {
  const match =
    typeof messageKey === 'string' ? { equals: messageKey } : { string_starts_with: messageKey.startsWith };
  return prisma.outboxEvent.count({
    where: { job: 'email.send', payload: { path: ['messageKey'], ...match } },
  });
}

/** How many e-mails to this address (or to any address starting with `startsWith`) the outbox holds. */
export function outboxMailsTo(prisma: PrismaClient, to: string | { startsWith: string }): Promise<number> {
  const match = typeof to === 'string' ? { equals: to } : { string_starts_with: to.startsWith };
  return prisma.outboxEvent.count({ where: { job: 'email.send', payload: { path: ['to'], ...match } } });
}
