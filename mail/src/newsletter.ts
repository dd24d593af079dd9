// The double opt-in e-mail for the blog's 'Stay Updated' box.
import { createElement as h } from 'react';
import { compose, type Email } from './compose.ts';
import { ActionButton, Paragraph } from './parts.ts';

const BLOG = 'G-Code Confidential';

export function newsletterConfirmEmail(input: {
  email: string;
  confirmUrl: string;
  messageKey: string;
}): Promise<Email> {
  const ignore = 'If you did not ask for this, ignore this e-mail and you will not hear from us again.';
  return compose({
    messageKey: input.messageKey,
    to: input.email,
    subject: `Confirm your ${BLOG} subscription`,
    preview: `Please confirm your subscription to ${BLOG}, the PrintFarm Network blog.`,
    html: [
      h(
        Paragraph,
        null,
        'Please confirm your subscription to ',
        h('strong', null, BLOG),
        ', the PrintFarm Network blog.',
      ),
      h(ActionButton, { href: input.confirmUrl }, 'Confirm my subscription'),
      h(Paragraph, { muted: true }, ignore),
    ],
    text: [
      `Please confirm your subscription to ${BLOG}, the PrintFarm Network blog.`,
      '',
      `Confirm here: ${input.confirmUrl}`,
      '',
      ignore,
    ],
  });
}
