// The e-mail staff receive when someone sends the dashboard's Support form or the Contact Us page.
import type { JobPayload } from '@printfarm/domain/queues';

export function supportMessageEmail(input: {
  messageId: string;
  to: string;
  fromEmail: string;
  fromName: string;
  /** Where it was sent from: 'dashboard' or 'contact page'. */
  source: string;
  subject: string;
  message: string;
  publicUrl: string;
}): JobPayload<'email.send'> {
  const text = [
    `${input.fromName} <${input.fromEmail}> sent a support message from the ${input.source}.`,
    '',
    `Subject: ${input.subject}`,
    '',
    input.message,
    '',
    `Reply to this e-mail to answer ${input.fromName}.`,
    `Reference: ${input.messageId}`,
  ].join('\n');
  return {
    messageKey: `support:${input.messageId}:${input.to}`,
    to: input.to,
    replyTo: input.fromEmail,
    subject: `Support request: ${input.subject}`.slice(0, 300),
    text,
  };
}
