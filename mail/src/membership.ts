// What a farm's operator reads when a membership fee is invoiced: the signup fee on approval, the
// monthly fee on the 1st. It says how much, by when, and how to pay (the spec's two options) with the
// reference and the payer's full name and e-mail, so staff can match the money to the invoice.
import type { InvoiceFacts } from '@printfarm/domain/membership';
import { formatUsd } from '@printfarm/domain/money';
import { createElement as h } from 'react';
import type { Email } from './compose.ts';
import { dayText, letter, type MailPerson } from './marketplace.ts';
import { ActionButton, Facts, factLines, Paragraph, type TextFact } from './parts.ts';

export type MailInvoice = InvoiceFacts;

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The invoice, what it is for and how to pay it. */
export function membershipInvoiceEmail(
  appUrl: string,
  operator: MailPerson,
  invoice: MailInvoice,
  instructions: string,
): Promise<Email> {
  const url = `${appUrl.replace(/\/$/, '')}/dashboard`;
  const amount = formatUsd(invoice.amountCents);
  const what =
    invoice.kind === 'signup'
      ? `the one-time signup fee for ${invoice.farmName}`
      : `the ${monthName.format(invoice.period)} membership fee for ${invoice.farmName}`;
  const subject =
    invoice.kind === 'signup'
      ? `Signup fee for ${invoice.farmName}: ${amount}`
      : `Membership fee for ${monthName.format(invoice.period)}: ${amount}`;
  const intro =
    invoice.kind === 'signup'
      ? `Welcome to the network as a paid member. This is ${what}: ${amount}, due ${dayText(invoice.dueAt)}.`
      : `This is ${what}: ${amount}, due ${dayText(invoice.dueAt)}.`;
  const facts: TextFact[] = [
    ['Amount', amount],
    ['Due', dayText(invoice.dueAt)],
    ['Reference', invoice.reference],
  ];
  const how = [
    'Pay by bank transfer (ACH, which takes 1-2 business days) or a peer-to-peer payment app.',
    `Write the reference ${invoice.reference}, your full name (${invoice.payerName}) and your e-mail (${invoice.payerEmail}) on the payment, so we can match it to your account.`,
    ...(instructions.trim() ? [instructions.trim()] : []),
  ];
  return letter(operator, `membership-invoice:${invoice.id}`, subject, {
    html: [
      h(Paragraph, null, intro),
      h(Facts, { rows: facts }),
      ...how.map((line) => h(Paragraph, null, line)),
      h(ActionButton, { href: url }, 'See your membership'),
    ],
    text: [intro, '', ...factLines(facts), '', ...how, '', url],
  });
}
