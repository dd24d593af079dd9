// The e-mail that proves a password account owns an address on the staff list (STAFF_EMAILS): its link
// grants staff access to that account, signed in, until it expires. Each link is a message of its own.
import { createElement as h } from 'react';
import { compose, type Email } from './compose.ts';
import { ActionButton, Paragraph } from './parts.ts';

export function staffConfirmationEmail(input: {
  userId: string;
  to: string;
  firstName: string | null;
  confirmUrl: string;
  expiresAt: Date;
}): Promise<Email> {
  const hello = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const why =
    'This address is on the PrintFarm Network staff list. To take up staff access on your account, confirm that the address is yours:';
  const expires = `The link works once you are signed in to that account, until ${input.expiresAt.toUTCString()}.`;
  const ignore =
    'If you did not create an account with this address, ignore this e-mail: nobody gets staff access without it.';
  return compose({
    messageKey: `staff-confirmation:${input.userId}:${input.expiresAt.getTime()}`,
    to: input.to,
    subject: 'Confirm your staff access',
    preview: 'Confirm that this address is yours to take up staff access.',
    html: [
      h(Paragraph, null, hello),
      h(Paragraph, null, why),
      h(ActionButton, { href: input.confirmUrl }, 'Confirm staff access'),
      h(Paragraph, { muted: true }, expires),
      h(Paragraph, { muted: true }, ignore),
    ],
    text: [hello, '', why, '', `Confirm here: ${input.confirmUrl}`, '', expires, '', ignore],
  });
}
