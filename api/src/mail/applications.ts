// What the applicant reads right after applying to run a print farm.
import type { JobPayload } from '@printfarm/domain/queues';

export interface ApplicantMailFacts {
  id: string;
  firstName: string;
  email: string;
  city: string;
  state: string;
}

export function applicationConfirmationEmail(application: ApplicantMailFacts): JobPayload<'email.send'> {
  const text = [
    `Hi ${application.firstName},`,
    '',
    'Thank you for applying to run a print farm in our network.',
    `We have your application for ${application.city}, ${application.state}.`,
    "We'll be in touch within 48 hours to discuss your territory and next steps.",
    '',
    'Earnings depend on many factors and results vary; see our earnings disclaimer before you invest.',
    '',
    'The PrintFarm Network team',
  ].join('\n');
  return {
    messageKey: `application-confirmation:${application.id}`,
    to: application.email,
    subject: 'We received your print farm application',
    text,
  };
}
