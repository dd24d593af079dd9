// Operator applications: the applicant's confirmation and 48-hour follow-up, and the staff alert about a
// prospect still New after 48 hours.
import { createElement as h } from 'react';
import { SIGNATURE } from './brand.ts';
import { compose, type Email } from './compose.ts';
import { ActionButton, Facts, factLines, Paragraph, Signature, type TextFact } from './parts.ts';

export interface ApplicantMailFacts {
  id: string;
  firstName: string;
  email: string;
  city: string;
  state: string;
}

export interface FollowupFacts extends ApplicantMailFacts {
  lastName: string;
  phone: string;
  investment: string | null;
  createdAt: Date;
}

/** A letter to the applicant: greeting, paragraphs, the earnings disclaimer small, the signature. */
function applicantLetter(
  application: ApplicantMailFacts,
  head: { messageKey: string; subject: string },
  paragraphs: string[],
  disclaimer: string,
): Promise<Email> {
  const greeting = `Hi ${application.firstName},`;
  return compose({
    ...head,
    to: application.email,
    preview: paragraphs[0] ?? disclaimer,
    html: [
      h(Paragraph, null, greeting),
      ...paragraphs.map((paragraph) => h(Paragraph, null, paragraph)),
      h(Paragraph, { muted: true }, disclaimer),
      h(Signature),
    ],
    text: [greeting, '', ...paragraphs, '', disclaimer, '', SIGNATURE],
  });
}

export function applicationConfirmationEmail(application: ApplicantMailFacts): Promise<Email> {
  return applicantLetter(
    application,
    {
      messageKey: `application-confirmation:${application.id}`,
      subject: 'We received your print farm application',
    },
    [
      'Thank you for applying to run a print farm in our network.',
      `We have your application for ${application.city}, ${application.state}.`,
      "We'll be in touch within 48 hours to discuss your territory and next steps.",
    ],
    'Earnings depend on many factors and results vary; see our earnings disclaimer before you invest.',
  );
}

export function applicationFollowupEmail(application: FollowupFacts): Promise<Email> {
  return applicantLetter(
    application,
    {
      messageKey: `application-followup:${application.id}`,
      subject: 'Following up on your print farm application',
    },
    [
      `Two days ago you applied to run a print farm in ${application.city}, ${application.state}.`,
      'We are reviewing territory in your area and would love to talk about next steps.',
      'Reply to this e-mail with a good time to call, or any questions you have.',
    ],
    'Results vary; nothing in our materials is a guarantee of earnings.',
  );
}

export function applicationFollowupAlertEmail(
  application: FollowupFacts,
  staffEmail: string,
  prospectsUrl: string,
): Promise<Email> {
  const name = `${application.firstName} ${application.lastName}`;
  const still = `${name} applied on ${application.createdAt.toISOString().slice(0, 10)} and is still marked New.`;
  const sent = 'The applicant has just received the 48-hour follow-up e-mail.';
  const facts: TextFact[] = [
    ['E-mail', application.email],
    ['Phone', application.phone],
    ['Location', `${application.city}, ${application.state}`],
    ['Investment timeline', application.investment ?? 'not given'],
  ];
  return compose({
    messageKey: `application-followup-alert:${application.id}:${staffEmail}`,
    to: staffEmail,
    subject: `Prospect still New after 48 hours: ${name}`,
    preview: still,
    html: [
      h(Paragraph, null, still, ' ', sent),
      h(Facts, { rows: facts }),
      h(ActionButton, { href: prospectsUrl }, 'Review prospects'),
    ],
    text: [still, sent, '', ...factLines(facts), '', `Review prospects: ${prospectsUrl}`],
  });
}
