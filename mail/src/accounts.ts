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

/** The link that lets the owner of an account's address choose a new password (Forgot your password?). */
export function passwordResetEmail(input: {
  userId: string;
  to: string;
  firstName: string | null;
  resetUrl: string;
  expiresAt: Date;
}): Promise<Email> {
  const hello = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const why = 'Someone asked to choose a new password for the PrintFarm Network account with this address:';
  const expires = `The link works once, until ${input.expiresAt.toUTCString()}. Asking again sends a new one.`;
  const ignore =
    'If you did not ask, ignore this e-mail: your password stays as it is, and nobody can change it without this link.';
  return compose({
    messageKey: `password-reset:${input.userId}:${input.expiresAt.getTime()}`,
    to: input.to,
    subject: 'Choose a new password',
    preview: 'A link to choose a new password for your account.',
    html: [
      h(Paragraph, null, hello),
      h(Paragraph, null, why),
      h(ActionButton, { href: input.resetUrl }, 'Choose a new password'),
      h(Paragraph, { muted: true }, expires),
      h(Paragraph, { muted: true }, ignore),
    ],
    text: [hello, '', why, '', `Choose it here: ${input.resetUrl}`, '', expires, '', ignore],
  });
}

/** Tells the owner that the account's password was changed, and that every other session was ended. */
export function passwordChangedEmail(input: {
  userId: string;
  to: string;
  firstName: string | null;
  changedAt: Date;
  resetUrl: string;
}): Promise<Email> {
  const hello = input.firstName ? `Hello ${input.firstName},` : 'Hello,';
  const what = `The password of your PrintFarm Network account was changed on ${input.changedAt.toUTCString()}, and every other device was signed out.`;
  const notYou = 'If that was not you, choose a new password now with the link below: only this address can.';
  return compose({
    messageKey: `password-changed:${input.userId}:${input.changedAt.getTime()}`,
    to: input.to,
    subject: 'Your password was changed',
    preview: 'Your account has a new password.',
    html: [
      h(Paragraph, null, hello),
      h(Paragraph, null, what),
      h(Paragraph, null, notYou),
      h(ActionButton, { href: input.resetUrl }, 'Choose a new password'),
    ],
    text: [hello, '', what, '', notYou, '', `Choose it here: ${input.resetUrl}`],
  });
}
