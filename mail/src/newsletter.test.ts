// The newsletter's double opt-in e-mail: for each sample, the envelope, the plain-text part line by line (the words the
// plain-text builders wrote before the move to React Email), the preview line, the key facts and the links.
import { describeMessages } from './expectations.ts';
import * as messages from './newsletter.ts';
import { CONFIRM_URL } from './sampleFacts.ts';

describeMessages(messages, {
  newsletterConfirmEmail: {
    to: 'reader@example.com',
    subject: 'Confirm your G-Code Confidential subscription',
    messageKey: 'newsletter-confirm:reader@example.com:1',
    preview: 'Please confirm your subscription to G-Code Confidential, the PrintFarm Network blog.',
    text: [
      'Please confirm your subscription to G-Code Confidential, the PrintFarm Network blog.',
      '',
      `Confirm here: ${CONFIRM_URL}`,
      '',
      'If you did not ask for this, ignore this e-mail and you will not hear from us again.',
    ],
    shows: [
      'Please confirm your subscription to G-Code Confidential, the PrintFarm Network blog.',
      'Confirm my subscription',
      'If you did not ask for this, ignore this e-mail',
    ],
    links: [`${CONFIRM_URL}`],
  },
});
