// Support messages, from the dashboard's Support form or the Contact Us page: the message is stored and
// every staff member is e-mailed, once each. A visitor who is not signed in says who they are.
import type { PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { staffRecipients } from '@printfarm/db/staff';
import { type SupportContact, visitorContactSchema } from '@printfarm/domain/support';
import { validate } from '@printfarm/domain/validation';
import { deferredEmail } from '@printfarm/mail/deferred';
import type { SessionUser } from '../auth/guards.ts';
import { HttpError } from '../http/errors.ts';

/** Who the message is from: the signed-in account, or the name and e-mail a visitor gave (400 without). */
function senderOf(user: SessionUser | null, input: SupportContact) {
  if (user) {
    const name = [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
    return { userId: user.id, email: user.email, name, source: 'dashboard' as const };
  }
  const visitor = validate(visitorContactSchema, input);
  if (!visitor.success) throw new HttpError(400, visitor.error.message, visitor.error.fields);
  const { name, email } = visitor.output;
  return { userId: null, email, name, source: 'contact page' as const };
}

export async function sendSupportMessage(
  prisma: PrismaClient,
  user: SessionUser | null,
  input: SupportContact,
  options: { staffEmails: readonly string[]; publicUrl: string },
): Promise<{ id: string }> {
  const sender = senderOf(user, input);
  const recipients = await staffRecipients(prisma, options.staffEmails);
  return prisma.$transaction(async (tx) => {
    const message = await tx.supportMessage.create({
      data: { userId: sender.userId, email: sender.email, subject: input.subject, message: input.message },
      select: { id: true },
    });
    for (const to of recipients) {
      await recordJob(
        tx,
        'email.send',
        await deferredEmail('supportMessageEmail', {
          messageId: message.id,
          to,
          fromEmail: sender.email,
          fromName: sender.name,
          source: sender.source,
          subject: input.subject,
          message: input.message,
        }),
      );
    }
    return { id: message.id };
  });
}
