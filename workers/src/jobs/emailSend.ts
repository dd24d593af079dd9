// Delivers one e-mail at most once per messageKey. The e-mail log row is claimed before sending:
// a retry after a success finds it 'sent'; a retry after a crash mid-send finds it 'sending' and
// does not risk a second copy; only a send that definitely failed ('failed') is tried again.
import { Prisma } from '@printfarm/db';
import type { JobHandler } from './types.ts';

async function claim(
  prisma: Parameters<JobHandler<'email.send'>>[1]['prisma'],
  messageKey: string,
  to: string,
  subject: string,
) {
  try {
    await prisma.emailLog.create({ data: { messageKey, to, subject, status: 'sending' } });
    return true;
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002')) throw error;
  }
  const retried = await prisma.emailLog.updateMany({
    where: { messageKey, status: 'failed' },
    data: { status: 'sending', error: null },
  });
  return retried.count === 1;
}

export const emailSend: JobHandler<'email.send'> = async (mail, { prisma, mailer, config, log }) => {
  if (!(await claim(prisma, mail.messageKey, mail.to, mail.subject))) {
    log.info({ messageKey: mail.messageKey }, 'e-mail already sent or in flight; not sending again');
    return 'skipped';
  }
  let messageId: string;
  try {
    ({ messageId } = await mailer.send({
      from: config.MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
      ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
      headers: { 'X-Message-Key': mail.messageKey },
    }));
  } catch (error) {
    // Nothing was delivered, so a later attempt may send it.
    await prisma.emailLog.update({
      where: { messageKey: mail.messageKey },
      data: { status: 'failed', error: String(error).slice(0, 1000) },
    });
    throw error;
  }
  // If this update fails the row stays 'sending' and no retry sends a second copy.
  await prisma.emailLog.update({
    where: { messageKey: mail.messageKey },
    data: { status: 'sent', sentAt: new Date(), providerMessageId: messageId },
  });
  return 'done';
};
