// The support message e-mail: for each sample, the envelope, the plain-text part line by line (the words the
// plain-text builders wrote before the move to React Email), the preview line, the key facts and the links.
import { describeMessages } from './expectations.ts';
import { ORDER_URL } from './sampleFacts.ts';
import * as messages from './support.ts';

describeMessages(messages, {
  supportMessageEmail: {
    to: 'staff@printfarm.example',
    subject: 'Support request: Where is my order?',
    messageKey: 'support:a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d:staff@printfarm.example',
    replyTo: 'ada.lovelace@example.com',
    preview: 'Ada Lovelace sent a support message from the contact page.',
    text: [
      'Ada Lovelace <ada.lovelace@example.com> sent a support message from the contact page.',
      '',
      'Subject: Where is my order?',
      '',
      'Hello,',
      '',
      'my order #3F2A9C1B has not arrived yet. Could you check?',
      '',
      'Ada',
      '',
      'Reply to this e-mail to answer Ada Lovelace.',
      'Reference: a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    ],
    shows: [
      'Ada Lovelace <ada.lovelace@example.com> sent a support message from the contact page.',
      'Subject Where is my order?',
      'Hello, my order #3F2A9C1B has not arrived yet. Could you check? Ada',
      'Reply to this e-mail to answer Ada Lovelace.',
      'Reference: a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d',
    ],
    links: ['mailto:ada.lovelace@example.com'],
  },
  'supportMessageEmail (long words)': {
    to: 'staff@printfarm.example',
    subject:
      'Support request: Broken link xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
    messageKey: 'support:b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e:staff@printfarm.example',
    replyTo: 'a.very.long.mailbox.name.for.testing.wrapping@subdomain.example.com',
    preview: 'Ada sent a support message from the dashboard.',
    text: [
      'Ada <a.very.long.mailbox.name.for.testing.wrapping@subdomain.example.com> sent a support message from the dashboard.',
      '',
      'Subject: Broken link xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
      '',
      `This link does not open: ${ORDER_URL}&utm_source=newsletter&utm_medium=email`,
      '',
      'Reply to this e-mail to answer Ada.',
      'Reference: b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e',
    ],
    shows: [
      `Subject Broken link ${'x'.repeat(80)}`,
      `This link does not open: ${ORDER_URL}&utm_source=newsletter&utm_medium=email`,
    ],
    links: ['mailto:a.very.long.mailbox.name.for.testing.wrapping@subdomain.example.com'],
  },
});
