// A store's custom order requests: the request to the store's owner, and the acknowledgement to the requester.
import { shortId } from '@printfarm/domain/shortId';
import { createElement as h } from 'react';
import { compose, type Email } from './compose.ts';
import type { MailStore } from './orders.ts';
import { Facts, factLines, InlineLink, Paragraph, Quote, Subheading, type TextFact } from './parts.ts';

export interface MailCustomOrder {
  id: string;
  fullName: string;
  email: string;
  phone?: string | null;
  description: string;
  timeline?: string | null;
  budget?: string | null;
}

const given = (value: string | null | undefined) => value || 'not given';

export function customOrderRequestEmail(
  request: MailCustomOrder,
  store: MailStore,
  ownerEmail: string,
): Promise<Email> {
  const asked = `${request.fullName} asked ${store.displayName} for a custom order.`;
  const facts: TextFact[] = [
    ['Phone', given(request.phone)],
    ['Timeline', given(request.timeline)],
    ['Budget', given(request.budget)],
  ];
  return compose({
    messageKey: `custom-order-request:${request.id}`,
    to: ownerEmail,
    replyTo: request.email,
    subject: `Custom order request for ${store.displayName} from ${request.fullName}`,
    preview: asked,
    html: [
      h(Paragraph, null, asked),
      h(Facts, {
        rows: [['Email', h(InlineLink, { href: `mailto:${request.email}` }, request.email)], ...facts],
      }),
      h(Subheading, null, 'Project description:'),
      h(Quote, null, request.description),
    ],
    text: [
      asked,
      '',
      `Email: ${request.email}`,
      ...factLines(facts),
      '',
      'Project description:',
      request.description,
    ],
  });
}

/**
 * To the requester: their request arrived, and what the store does next. It goes to an address nobody
 * has verified, so it does not quote the request's free text: quoted, anyone could have us mail words
 * of their own (a phishing line) to any address. The store's own e-mail (above) carries the description.
 */
export function customOrderAcknowledgementEmail(request: MailCustomOrder, store: MailStore): Promise<Email> {
  const thanks = `Thank you for your custom order request. ${store.displayName} has it and will reply to this address with questions or a quote, usually within two business days.`;
  const facts: TextFact[] = [
    ['Timeline', given(request.timeline)],
    ['Budget', given(request.budget)],
  ];
  const reference = `Reference: ${shortId(request.id)}`;
  return compose({
    messageKey: `custom-order-ack:${request.id}`,
    to: request.email,
    subject: `We received your custom order request (${store.displayName})`,
    preview: thanks,
    html: [
      h(Paragraph, null, `Hi ${request.fullName},`),
      h(Paragraph, null, thanks),
      h(Facts, { rows: facts }),
      h(Paragraph, { muted: true }, reference),
    ],
    text: [`Hi ${request.fullName},`, '', thanks, '', ...factLines(facts), '', reference],
  });
}
