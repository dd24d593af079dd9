// The e-mails money sends: how to pay, payment received, refunded, claims opened and answered, and the
// payout sent. Each says the amount and how it moved; each is keyed by the event, so it goes out once.
import { formatUsd } from '@printfarm/domain/money';
import { createElement as h } from 'react';
import type { Email } from './compose.ts';
import {
  letter,
  type MailPerson,
  type MailRequest,
  momentText,
  operatorJobUrl,
  requestUrl,
} from './marketplace.ts';
import { ActionButton, Facts, factLines, Paragraph, type TextFact } from './parts.ts';

export interface MailCharge {
  paymentId: string;
  reference: string;
  /** What is charged, line by line: the parts, shipping, tax. */
  lines: readonly (readonly [label: string, cents: number])[];
  totalCents: number;
  /** Paid by card on Stripe's page (from the pay step), not by bank transfer. */
  card?: boolean;
  /** The difference for accepted new terms: unpaid by then, the terms lapse and the order moves on. */
  payBy?: Date;
}

const chargeFacts = (charge: MailCharge): TextFact[] => [
  ...charge.lines.map(([label, cents]) => [label, formatUsd(cents)] as const),
  ['Total', formatUsd(charge.totalCents)],
];

/** After 'Accept': what to pay and how; the farm sees the order once the money is here. */
export function paymentRequestedEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest,
  charge: MailCharge,
  instructions: string,
): Promise<Email> {
  const url = requestUrl(appUrl, request.id, '#payment');
  const total = formatUsd(charge.totalCents);
  const intro = charge.card
    ? `You ordered "${request.title}". Pay ${total} by card on the order's page to send the order to the farm:`
    : `You ordered "${request.title}". Pay ${total} by bank transfer (ACH) or a payment app to send the order to the farm:`;
  const how = charge.card
    ? [
        ...(instructions.trim() ? [instructions.trim()] : []),
        'Your card is held, and charged only when the farm accepts the job.',
        'The farm receives the order as soon as your card is confirmed; we e-mail you when it is.',
      ]
    : [
        `Write the reference ${charge.reference} on the payment, so we can match it.`,
        ...(instructions.trim() ? [instructions.trim()] : []),
        'The farm receives the order as soon as your payment arrives; we e-mail you when it does.',
        ...(charge.payBy
          ? [
              `Please pay by ${momentText(charge.payBy)}; if the payment has not arrived by then, the new terms lapse and we offer your order to the next farm.`,
            ]
          : []),
      ];
  const facts = [...chargeFacts(charge), ['Reference', charge.reference] as const];
  return letter(customer, `payment-requested:${charge.paymentId}`, `Pay for your order: ${request.title}`, {
    html: [
      h(Paragraph, null, intro),
      h(Facts, { rows: facts }),
      ...how.map((line) => h(Paragraph, null, line)),
      h(ActionButton, { href: url }, charge.card ? 'Pay by card' : 'See your order'),
    ],
    text: [intro, '', ...factLines(facts), '', ...how, url],
  });
}

/** The money arrived: what was paid, how, and what happens next. */
export function paymentReceivedEmail(
  appUrl: string,
  payer: MailPerson,
  payment: {
    id: string;
    reference: string;
    cents: number;
    card: boolean;
    /** A print job's card payment is held now and charged when the farm accepts the job. */
    chargedLater?: boolean;
    what: string;
    link: string | null;
  },
): Promise<Email> {
  const how = payment.card
    ? payment.chargedLater
      ? 'by card (authorised; charged when the farm accepts the job)'
      : 'by card'
    : 'by bank transfer';
  const paid = `We received ${formatUsd(payment.cents)} ${how} for ${payment.what}, reference ${payment.reference}.`;
  const link = payment.link ?? appUrl;
  return letter(payer, `payment-received:${payment.id}`, `Payment received: ${formatUsd(payment.cents)}`, {
    html: [h(Paragraph, null, paid), h(ActionButton, { href: link }, 'See the details')],
    text: [paid, '', link],
  });
}

/** Money went back: how much, why, and how it travels. */
export function refundEmail(
  appUrl: string,
  payer: MailPerson,
  refund: {
    key: string;
    reference: string;
    cents: number;
    card: boolean;
    heldOnly: boolean;
    requestId: string | null;
  },
  reason: string,
): Promise<Email> {
  const what = refund.heldOnly
    ? `We released the ${formatUsd(refund.cents)} hold on your card (reference ${refund.reference}); you were never charged.`
    : `We refunded ${formatUsd(refund.cents)} (reference ${refund.reference}) ${refund.card ? 'to your card; it shows within 5-10 business days' : 'by bank transfer to the account it came from, within 2 business days'}.`;
  const why = `Why: ${reason}.`.replace(/\.\.$/, '.');
  const link = refund.requestId ? requestUrl(appUrl, refund.requestId) : null;
  const subject = refund.heldOnly ? 'Card hold released' : `Refund: ${formatUsd(refund.cents)}`;
  return letter(payer, `refund:${refund.key}`, subject, {
    html: [
      h(Paragraph, null, what),
      h(Paragraph, null, why),
      ...(link ? [h(ActionButton, { href: link }, 'See your request')] : []),
    ],
    text: [what, why, ...(link ? ['', link] : [])],
  });
}

/** To the farm: a customer opened a claim on a delivered job, and the share waits until it is settled. */
export function claimOpenedEmail(
  appUrl: string,
  operator: MailPerson,
  claim: { id: string; jobId: string; title: string; reason: string; details: string; photos: number },
): Promise<Email> {
  const url = operatorJobUrl(appUrl, claim.jobId);
  const opened = `The customer opened a claim on "${claim.title}": ${claim.reason}.`;
  const details = `"${claim.details}"${claim.photos ? ` (${claim.photos} photo${claim.photos === 1 ? '' : 's'} attached)` : ''}`;
  const next =
    'Answer with a reprint or a refund. Your share of this job stays pending until the claim is settled.';
  return letter(operator, `claim-opened:${claim.id}`, `Claim opened: ${claim.title}`, {
    html: [
      h(Paragraph, null, opened),
      h(Paragraph, null, details),
      h(Paragraph, null, next),
      h(ActionButton, { href: url }, 'Answer the claim'),
    ],
    text: [opened, details, '', next, url],
  });
}

/** To the customer: the farm (or staff) answered the claim, and what was refunded. */
export function claimAnsweredEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest,
  answer: {
    claimId: string;
    step: string;
    resolution: string;
    refundCents: number;
    message: string;
    by: string;
  },
): Promise<Email> {
  const url = requestUrl(appUrl, request.id, '#claim');
  const outcome =
    answer.resolution === 'reprint'
      ? `${answer.by} will reprint "${request.title}" at no cost to you.`
      : answer.refundCents > 0
        ? `${answer.by} refunded ${formatUsd(answer.refundCents)} for "${request.title}"; a separate e-mail confirms the refund.`
        : `${answer.by} decided not to refund "${request.title}".`;
  const said = answer.message ? `"${answer.message}"` : '';
  const dispute =
    answer.step === 'operator'
      ? 'If this does not settle it, you can dispute the answer from your request page, and our staff will decide.'
      : 'This decision closes the claim.';
  return letter(customer, `claim-answered:${answer.claimId}:${answer.step}`, `Your claim: ${request.title}`, {
    html: [
      h(Paragraph, null, outcome),
      ...(said ? [h(Paragraph, null, said)] : []),
      h(Paragraph, null, dispute),
      h(ActionButton, { href: url }, 'See your request'),
    ],
    text: [outcome, ...(said ? [said] : []), '', dispute, url],
  });
}

/** To the payee: a payout was sent. */
export function payoutSentEmail(
  appUrl: string,
  payee: MailPerson,
  payout: { id: string; cents: number; byTransfer: boolean },
): Promise<Email> {
  const url = `${appUrl.replace(/\/$/, '')}/operator/earnings`;
  const sent = `We sent your payout of ${formatUsd(payout.cents)} ${payout.byTransfer ? 'to your connected Stripe account' : 'by bank transfer; it arrives within 2 business days'}.`;
  const statement = 'The statement lists every job and order it pays for:';
  return letter(payee, `payout-sent:${payout.id}`, `Payout sent: ${formatUsd(payout.cents)}`, {
    html: [
      h(Paragraph, null, sent),
      h(Paragraph, null, statement),
      h(ActionButton, { href: url }, 'See your earnings'),
    ],
    text: [sent, statement, url],
  });
}
