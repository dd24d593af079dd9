// A store's custom order request e-mails: for each sample, the envelope, the plain-text part line by line (the words the
// plain-text builders wrote before the move to React Email), the preview line, the key facts and the links.

import { describe, expect, it } from 'vitest';
import * as messages from './customOrders.ts';
import { describeMessages } from './expectations.ts';
import { samples } from './samples.ts';

describeMessages(messages, {
  customOrderRequestEmail: {
    to: 'owner@makerbay.example',
    subject: 'Custom order request for Maker Bay Workshop from Grace Hopper',
    messageKey: 'custom-order-request:c0ffee00-1111-4222-8333-444455556666',
    replyTo: 'grace.hopper@example.com',
    preview: 'Grace Hopper asked Maker Bay Workshop for a custom order.',
    text: [
      'Grace Hopper asked Maker Bay Workshop for a custom order.',
      '',
      'Email: grace.hopper@example.com',
      'Phone: (919) 555-0100',
      'Timeline: Within 2 weeks',
      'Budget: $150–$200',
      '',
      'Project description:',
      'A wall bracket for a 40 mm pipe,',
      'with two screw holes & a <slot> for a cable tie.',
    ],
    shows: [
      'Grace Hopper asked Maker Bay Workshop for a custom order.',
      'Email grace.hopper@example.com',
      'Phone (919) 555-0100',
      'Timeline Within 2 weeks',
      'Budget $150–$200',
      'Project description: A wall bracket for a 40 mm pipe, with two screw holes & a <slot> for a cable tie.',
    ],
    links: ['mailto:grace.hopper@example.com'],
  },
  'customOrderRequestEmail (nothing optional)': {
    to: 'owner@makerbay.example',
    subject: 'Custom order request for Maker Bay Workshop from Grace Hopper',
    messageKey: 'custom-order-request:c0ffee00-1111-4222-8333-444455556666',
    replyTo: 'grace.hopper@example.com',
    preview: 'Grace Hopper asked Maker Bay Workshop for a custom order.',
    text: [
      'Grace Hopper asked Maker Bay Workshop for a custom order.',
      '',
      'Email: grace.hopper@example.com',
      'Phone: not given',
      'Timeline: not given',
      'Budget: not given',
      '',
      'Project description:',
      'A wall bracket for a 40 mm pipe,',
      'with two screw holes & a <slot> for a cable tie.',
    ],
    shows: ['Phone not given', 'Timeline not given', 'Budget not given'],
    links: ['mailto:grace.hopper@example.com'],
  },
  customOrderAcknowledgementEmail: {
    to: 'grace.hopper@example.com',
    subject: 'We received your custom order request (Maker Bay Workshop)',
    messageKey: 'custom-order-ack:c0ffee00-1111-4222-8333-444455556666',
    preview:
      'Thank you for your custom order request. Maker Bay Workshop has it and will reply to this address with questions or a quote, usually within two…',
    text: [
      'Hi Grace Hopper,',
      '',
      'Thank you for your custom order request. Maker Bay Workshop has it and will reply to this address with questions or a quote, usually within two business days.',
      '',
      'Timeline: Within 2 weeks',
      'Budget: $150–$200',
      '',
      'Reference: C0FFEE00',
    ],
    shows: [
      'Hi Grace Hopper,',
      'Maker Bay Workshop has it and will reply',
      'Timeline Within 2 weeks',
      'Budget $150–$200',
      'Reference: C0FFEE00',
    ],
    links: [],
  },
});

describe('the requester’s receipt', () => {
  it('does not quote the request’s free text to the address nobody verified', async () => {
    const sample = samples.find((each) => each.name === 'customOrderAcknowledgementEmail');
    const email = await sample?.render();
    expect(email?.text).toContain('Reference: ');
    expect(email?.text).not.toContain('wall bracket');
    expect(email?.html).not.toContain('wall bracket');
  });
});
