// The dashboard's Support form: the message is stored and every staff member is e-mailed, once each.
import type { PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import type { SupportContact } from '@printfarm/domain/support';
import type { SessionUser } from '../auth/guards.ts';
import { supportMessageEmail } from '../mail/support.ts';

/** STAFF_EMAILS plus every staff account, lower-cased, without duplicates. */
async function staffRecipients(prisma: PrismaClient, staffEmails: readonly string[]): Promise<string[]> {
  const staff = await prisma.user.findMany({
    where: { role: 'staff', email: { not: null } },
    select: { email: true },
  });
  const all = [...staffEmails, ...staff.map((user) => user.email ?? '')]
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email.includes('@'));
  return [...new Set(all)];
}

export async function sendSupportMessage(
  prisma: PrismaClient,
  user: SessionUser,
  input: SupportContact,
  options: { staffEmails: readonly string[]; publicUrl: string },
): Promise<{ id: string }> {
  const recipients = await staffRecipients(prisma, options.staffEmails);
  const fromName = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
  return prisma.$transaction(async (tx) => {
    const message = await tx.supportMessage.create({
      data: { userId: user.id, email: user.email, subject: input.subject, message: input.message },
      select: { id: true },
    });
    for (const to of recipients) {
      await recordJob(
        tx,
        'email.send',
        supportMessageEmail({
          messageId: message.id,
          to,
          fromEmail: user.email,
          fromName,
          subject: input.subject,
          message: input.message,
          publicUrl: options.publicUrl,
        }),
      );
    }
    return { id: message.id };
  });
}
