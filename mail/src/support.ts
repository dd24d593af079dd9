// The e-mail staff receive when someone sends the dashboard's Support form or the Contact Us page.
import { createElement as h } from 'react';
import { compose, type Email } from './compose.ts';
import { Facts, InlineLink, Paragraph, Quote } from './parts.ts';

export function supportMessageEmail(input: {
  messageId: string;
  to: string;
  fromEmail: string;
  fromName: string;
  /** Where it was sent from: 'dashboard' or 'contact page'. */
  source: string;
  subject: string;
  message: string;
}): Promise<Email> {
  const sentFrom = `sent a support message from the ${input.source}.`;
  const reply = `Reply to this e-mail to answer ${input.fromName}.`;
  const reference = `Reference: ${input.messageId}`;
  return compose({
    messageKey: `support:${input.messageId}:${input.to}`,
    to: input.to,
    replyTo: input.fromEmail,
    subject: `Support request: ${input.subject}`.slice(0, 300),
    preview: `${input.fromName} ${sentFrom}`,
    html: [
      h(
        Paragraph,
        null,
        `${input.fromName} <`,
        h(InlineLink, { href: `mailto:${input.fromEmail}` }, input.fromEmail),
        `> ${sentFrom}`,
      ),
      h(Facts, { rows: [['Subject', input.subject]] }),
      h(Quote, null, input.message),
      h(Paragraph, null, reply),
      h(Paragraph, { muted: true }, reference),
    ],
    text: [
      `${input.fromName} <${input.fromEmail}> ${sentFrom}`,
      '',
      `Subject: ${input.subject}`,
      '',
      input.message,
      '',
      reply,
      reference,
    ],
  });
}
