// Who hears about what staff must act on (support messages, application follow-ups): one list for every
// process, so the API and the workers never mail different people.
import type { Prisma } from './generated/client.ts';

/** STAFF_EMAILS plus every staff account's e-mail: trimmed, lower-cased, real addresses only, once each, sorted. */
export async function staffRecipients(
  db: Pick<Prisma.TransactionClient, 'user'>,
  staffEmails: readonly string[],
): Promise<string[]> {
  const staff = await db.user.findMany({
    where: { role: 'staff', email: { not: null } },
    select: { email: true },
  });
  const all = [...staffEmails, ...staff.map((user) => user.email ?? '')]
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email.includes('@'));
  return [...new Set(all)].sort();
}
