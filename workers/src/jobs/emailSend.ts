// Delivers one e-mail at most once per messageKey. The e-mail log row is claimed before sending and
// marked the moment the message is handed to the SMTP server:
// - a retry after a success finds it 'sent';
// - a retry after a crash before the handover finds an expired claim and sends (nothing left);
// - a retry after a crash during the handover does not risk a second copy;
// - only a send that definitely failed ('failed') is tried again at once; claiming it again forgets
//   its handover, which was refused, so a crash before this attempt's own handover blocks nothing.
import { createHash } from 'node:crypto';
import { mailSecretsKey, openMailSecret, withSecrets } from '@printfarm/db/mailSecrets';
import { renderDeferred } from '@printfarm/mail/deferred';
import type { JobHandler } from './types.ts';

type Context = Parameters<JobHandler<'email.send'>>[1];

/** Thrown while another attempt may still be sending: the job is retried later. */
class ClaimedElsewhere extends Error {}

async function claim(
  prisma: Context['prisma'],
  messageKey: string,
  to: string,
  subject: string,
  leaseMs: number,
) {
  const created = await prisma.$executeRaw`
    INSERT INTO email_log (message_key, "to", subject, status)
    VALUES (${messageKey}, ${to}, ${subject}, 'sending')
    ON CONFLICT (message_key) DO NOTHING`;
  if (created === 1) return true;
  const retaken = await prisma.$executeRaw`
    UPDATE email_log SET status = 'sending', claimed_at = now(), error = NULL, handed_over_at = NULL
    WHERE message_key = ${messageKey}
      AND (status = 'failed'
        OR (status = 'sending' AND handed_over_at IS NULL
          AND claimed_at < now() - make_interval(secs => ${leaseMs / 1000})))`;
  if (retaken === 1) return true;
  const row = await prisma.emailLog.findUnique({
    where: { messageKey },
    select: { status: true, handedOverAt: true },
  });
  if (row?.status === 'sending' && !row.handedOverAt) {
    throw new ClaimedElsewhere('another attempt claimed this e-mail and has not handed it over yet');
  }
  return false;
}

/** One Message-ID per message key: a copy that ever went out twice is recognisably the same message. */
function messageIdFor(messageKey: string, publicUrl: string): string {
  const digest = createHash('sha256').update(messageKey).digest('hex').slice(0, 32);
  return `<${digest}@${new URL(publicUrl).hostname}>`;
}

/** The server answered with an error code (4xx/5xx): it has not taken the message. */
function refusedByServer(error: unknown): boolean {
  const code = (error as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 400;
}

export const emailSend: JobHandler<'email.send'> = async (mail, { prisma, mailer, config, log, metrics }) => {
  // Rendered before the message is claimed: a render that fails leaves it free for the retry.
  const rendered = mail.html ?? (mail.view ? await renderDeferred(mail.view) : undefined);
  // Sealed values (a reset link) are opened only now, for the mail server: nothing stored holds them.
  const key = mail.sealed?.length ? mailSecretsKey(config) : null;
  const secrets = key
    ? (mail.sealed ?? []).map((sealed) => openMailSecret(key, mail.messageKey, sealed))
    : [];
  const html = rendered === undefined ? undefined : withSecrets(rendered, secrets);
  const text = withSecrets(mail.text, secrets);
  if (!(await claim(prisma, mail.messageKey, mail.to, mail.subject, config.EMAIL_CLAIM_LEASE_MS))) {
    log.info({ messageKey: mail.messageKey }, 'e-mail already sent or in flight; not sending again');
    metrics.emailsSkipped.inc({ reason: 'duplicate' });
    return 'skipped';
  }
  let messageId: string;
  let handedOver = false;
  try {
    ({ messageId } = await mailer.send(
      {
        from: config.MAIL_FROM,
        to: mail.to,
        subject: mail.subject,
        text,
        messageId: messageIdFor(mail.messageKey, config.PUBLIC_URL),
        ...(html ? { html } : {}),
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        headers: { 'X-Message-Key': mail.messageKey },
      },
      {
        beforeTransfer: async () => {
          await prisma.emailLog.update({
            where: { messageKey: mail.messageKey },
            data: { handedOverAt: new Date() },
          });
          handedOver = true;
        },
      },
    ));
  } catch (error) {
    // Failed before the handover, or refused by the server: nothing was delivered, so a later attempt
    // may send it. Cut off after the handover, the server may have it: the row stays 'sending' and no
    // attempt sends a second copy.
    if (!handedOver || refusedByServer(error)) {
      await prisma.emailLog.update({
        where: { messageKey: mail.messageKey },
        data: { status: 'failed', error: String(error).slice(0, 1000) },
      });
    } else {
      log.error(
        { err: error, messageKey: mail.messageKey },
        'e-mail handed over but not confirmed; not resending',
      );
    }
    throw error;
  }
  // If this update fails the row stays 'sending' (handed over) and no retry sends a second copy.
  await prisma.emailLog.update({
    where: { messageKey: mail.messageKey },
    data: { status: 'sent', sentAt: new Date(), providerMessageId: messageId },
  });
  metrics.emailsSent.inc();
  return 'done';
};
