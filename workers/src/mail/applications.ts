// The 48-hour follow-up on an operator application: one e-mail to the applicant, one alert per staff member.
import type { JobPayload } from '@printfarm/domain/queues';

export interface FollowupFacts {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  city: string;
  state: string;
  investment: string | null;
  createdAt: Date;
}

export function applicationFollowupEmail(application: FollowupFacts): JobPayload<'email.send'> {
  const text = [
    `Hi ${application.firstName},`,
    '',
    `Two days ago you applied to run a print farm in ${application.city}, ${application.state}.`,
    'We are reviewing territory in your area and would love to talk about next steps.',
    'Reply to this e-mail with a good time to call, or any questions you have.',
    '',
    'Results vary; nothing in our materials is a guarantee of earnings.',
    '',
    'The PrintFarm Network team',
  ].join('\n');
  return {
    messageKey: `application-followup:${application.id}`,
    to: application.email,
    subject: 'Following up on your print farm application',
    text,
  };
}

export function applicationFollowupAlertEmail(
  application: FollowupFacts,
  staffEmail: string,
  prospectsUrl: string,
): JobPayload<'email.send'> {
  const name = `${application.firstName} ${application.lastName}`;
  const text = [
    `${name} applied on ${application.createdAt.toISOString().slice(0, 10)} and is still marked New.`,
    'The applicant has just received the 48-hour follow-up e-mail.',
    '',
    `E-mail: ${application.email}`,
    `Phone: ${application.phone}`,
    `Location: ${application.city}, ${application.state}`,
    `Investment timeline: ${application.investment ?? 'not given'}`,
    '',
    `Review prospects: ${prospectsUrl}`,
  ].join('\n');
  return {
    messageKey: `application-followup-alert:${application.id}:${staffEmail}`,
    to: staffEmail,
    subject: `Prospect still New after 48 hours: ${name}`,
    text,
  };
}
