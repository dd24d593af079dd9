// The e-mail staff receive when a customer sends the dashboard's Support form.
import type { JobPayload } from '@printfarm/domain/queues';

export function supportMessageEmail(input: {
  messageId: string;
  to: string;
  fromEmail: string;
  fromName: string;
  subject: string;
  message: string;
  publicUrl: string;
}): JobPayload<'email.send'> {
  const text = [
    `${input.fromName} <${input.fromEmail}> sent a support message from the dashboard.`,
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
