// The operator application e-mails: for each sample, the envelope, the plain-text part line by line (the words the
// plain-text builders wrote before the move to React Email), the preview line, the key facts and the links.

import * as messages from './applications.ts';
import { describeMessages } from './expectations.ts';
import { PROSPECTS_URL } from './sampleFacts.ts';

describeMessages(messages, {
  applicationConfirmationEmail: {
    to: 'linus@example.com',
    subject: 'We received your print farm application',
    messageKey: 'application-confirmation:5d0c2b8e-3a71-4f96-8e24-b1c7a9d3f605',
    preview: 'Thank you for applying to run a print farm in our network.',
    text: [
      'Hi Linus,',
      '',
      'Thank you for applying to run a print farm in our network.',
      'We have your application for Portland, OR.',
      `We'll be in touch within 48 hours to discuss your territory and next steps.`,
      '',
      'Earnings depend on many factors and results vary; see our earnings disclaimer before you invest.',
      '',
      'The PrintFarm Network team',
    ],
    shows: [
      'Hi Linus,',
      'We have your application for Portland, OR.',
      'Earnings depend on many factors and results vary',
      'The PrintFarm Network team',
    ],
    links: [],
  },
  applicationFollowupEmail: {
    to: 'linus@example.com',
    subject: 'Following up on your print farm application',
    messageKey: 'application-followup:5d0c2b8e-3a71-4f96-8e24-b1c7a9d3f605',
    preview: 'Two days ago you applied to run a print farm in Portland, OR.',
    text: [
      'Hi Linus,',
      '',
      'Two days ago you applied to run a print farm in Portland, OR.',
      'We are reviewing territory in your area and would love to talk about next steps.',
      'Reply to this e-mail with a good time to call, or any questions you have.',
      '',
      'Results vary; nothing in our materials is a guarantee of earnings.',
      '',
      'The PrintFarm Network team',
    ],
    shows: [
      'Hi Linus,',
      'Two days ago you applied to run a print farm in Portland, OR.',
      'Results vary; nothing in our materials is a guarantee of earnings.',
    ],
    links: [],
  },
  applicationFollowupAlertEmail: {
    to: 'staff@printfarm.example',
    subject: 'Prospect still New after 48 hours: Linus Torvalds',
    messageKey: 'application-followup-alert:5d0c2b8e-3a71-4f96-8e24-b1c7a9d3f605:staff@printfarm.example',
    preview: 'Linus Torvalds applied on 2026-05-01 and is still marked New.',
    text: [
      'Linus Torvalds applied on 2026-05-01 and is still marked New.',
      'The applicant has just received the 48-hour follow-up e-mail.',
      '',
      'E-mail: linus@example.com',
      'Phone: (503) 555-0199',
      'Location: Portland, OR',
      'Investment timeline: not given',
      '',
      `Review prospects: ${PROSPECTS_URL}`,
    ],
    shows: [
      'Linus Torvalds applied on 2026-05-01 and is still marked New. The applicant has just received the 48-hour follow-up e-mail.',
      'E-mail linus@example.com',
      'Phone (503) 555-0199',
      'Location Portland, OR',
      'Investment timeline not given',
      'Review prospects',
    ],
    links: [`${PROSPECTS_URL}`],
  },
});
