// The marketplace customer's e-mails as a print request is quoted, routed, printed, shipped and delivered.
import { createElement as h } from 'react';
import type { Email } from './compose.ts';
import {
  dayText,
  letter,
  type MailJob,
  type MailPerson,
  type MailRequest,
  type Money,
  momentText,
  requestUrl,
  usd,
} from './marketplace.ts';
import { ActionButton, Facts, InlineLink, LineTable, Paragraph, type TextFact } from './parts.ts';

export interface MailOffer {
  farmName: string;
  price: Money;
  readyBy: Date;
  distanceMiles: number;
  kind: string;
}

const SEE_REQUEST = 'See your request';

/** News of the customer's job from the farm that has it. */
type JobNews = (
  appUrl: string,
  customer: MailPerson,
  request: MailRequest,
  job: MailJob,
  farmName: string,
) => Promise<Email>;

/** 'ready by Friday, May 1, 2026, 12 miles away (estimate)' */
const milesAway = (miles: number) => (miles < 1 ? 'under a mile away' : `${Math.round(miles)} miles away`);

const offerTerms = (offer: MailOffer) =>
  `ready by ${dayText(offer.readyBy)}, ${milesAway(offer.distanceMiles)}${offer.kind === 'firm' ? '' : ' (estimate)'}`;

/**
 * Sent once per round when the firm prices are in, or after a short wait with what is there: prices
 * still estimated are marked, and `estimateReason` says why.
 */
export function quotesReadyEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest & { round: number },
  best: readonly MailOffer[],
  offerCount: number,
  estimateReason: string | null = null,
): Promise<Email> {
  const url = requestUrl(appUrl, request.id);
  const intro = `${offerCount} print farm${offerCount === 1 ? '' : 's'} near you priced "${request.title}". The best offers:`;
  const estimated = best.some((offer) => offer.kind !== 'firm');
  const kind = estimated
    ? `Prices marked (estimate) are worked out from your part's geometry${estimateReason ? ` (${estimateReason.replace(/\.$/, '')})` : ''}; the farm confirms them or proposes new terms before anything is printed.`
    : 'Every price is firm: our slicer has sliced your files for these farms.';
  const valid = 'Offers are valid for 7 days.';
  return letter(
    customer,
    `quotes-ready:${request.id}:${request.round}`,
    `Your quotes are ready: ${request.title}`,
    {
      html: [
        h(Paragraph, null, intro),
        h(LineTable, {
          lines: best.map((offer, i) => ({
            title: `${i + 1}. ${offer.farmName}`,
            detail: offerTerms(offer),
            amount: usd(offer.price),
          })),
        }),
        h(Paragraph, null, kind),
        h(ActionButton, { href: url }, 'Compare every offer and order'),
        h(Paragraph, { muted: true }, valid),
      ],
      text: [
        intro,
        '',
        ...best.map((offer, i) => `  ${i + 1}. ${offer.farmName}: ${usd(offer.price)}, ${offerTerms(offer)}`),
        '',
        kind,
        `Compare every offer and order here: ${url}`,
        valid,
      ],
    },
  );
}

/** Quoting stopped: a file cannot be printed as it is. Each problem in the customer's words. */
export function cannotQuoteEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest & { round: number },
  problems: readonly string[],
): Promise<Email> {
  const url = requestUrl(appUrl, request.id);
  const intro = `We could not quote "${request.title}": ${problems.length === 1 ? 'a file cannot' : 'files cannot'} be printed as ${problems.length === 1 ? 'it is' : 'they are'}.`;
  const next = 'Upload a fixed file (or choose the right units), then press "Get quotes" again.';
  return letter(
    customer,
    `cannot-quote:${request.id}:${request.round}`,
    `We cannot quote ${request.title} yet`,
    {
      html: [
        h(Paragraph, null, intro),
        ...problems.map((problem) => h(Paragraph, { key: problem }, problem)),
        h(Paragraph, null, next),
        h(ActionButton, { href: url }, SEE_REQUEST),
      ],
      text: [intro, '', ...problems.map((problem) => `  - ${problem}`), '', next, `Your request: ${url}`],
    },
  );
}

export function noFarmEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest & { round: number },
  issue: string,
): Promise<Email> {
  const url = requestUrl(appUrl, request.id);
  const none = `We could not find a print farm for "${request.title}". ${issue}`;
  const change = [
    'What you can change: another material or technology, a smaller part (or the right units), or a',
    'different ship-to ZIP. Then press "Get quotes" again.',
  ];
  return letter(
    customer,
    `no-offers:${request.id}:${request.round}`,
    `No print farm could quote ${request.title} yet`,
    {
      html: [
        h(Paragraph, null, none),
        h(Paragraph, null, change.join(' ')),
        h(ActionButton, { href: url }, SEE_REQUEST),
      ],
      text: [none, '', ...change, `Your request: ${url}`],
    },
  );
}

export const jobAcceptedEmail: JobNews = (appUrl, customer, request, job, farmName) => {
  const url = requestUrl(appUrl, request.id);
  const accepted = `${farmName} accepted "${request.title}" for ${usd(job.price)} and plans to have it ready by ${dayText(job.readyBy)}.`;
  return letter(customer, `job-accepted:${job.id}`, `${farmName} accepted your order: ${request.title}`, {
    html: [h(Paragraph, null, accepted), h(ActionButton, { href: url }, 'Follow your order')],
    text: [accepted, `Follow it here: ${url}`],
  });
};

export const printingStartedEmail: JobNews = (appUrl, customer, request, job, farmName) => {
  const url = requestUrl(appUrl, request.id);
  const started = `${farmName} started printing "${request.title}". You can watch its progress here:`;
  return letter(customer, `job-printing:${job.id}`, `Printing has started: ${request.title}`, {
    html: [h(Paragraph, null, started), h(ActionButton, { href: url }, 'Watch its progress')],
    text: [started, url],
  });
};

/** A long job past half-way: said once, so a print that runs for days is not silent until it ships. */
export const halfwayEmail: JobNews = (appUrl, customer, request, job, farmName) => {
  const url = requestUrl(appUrl, request.id);
  const halfway = `${farmName} is past half-way printing "${request.title}". It should be ready by ${dayText(job.readyBy)}.`;
  return letter(customer, `job-halfway:${job.id}`, `Half-way there: ${request.title}`, {
    html: [h(Paragraph, null, halfway), h(ActionButton, { href: url }, 'Watch its progress')],
    text: [halfway, `Watch its progress: ${url}`],
  });
};

export function shippedEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest,
  job: MailJob,
  farmName: string,
  parcel: { carrier: string; trackingNumber: string; trackingUrl: string | null },
): Promise<Email> {
  const url = requestUrl(appUrl, request.id);
  const shipped = `${farmName} shipped "${request.title}" with ${parcel.carrier}.`;
  const { trackingUrl } = parcel;
  return letter(customer, `job-shipped:${job.id}`, `Shipped: ${request.title}`, {
    html: [
      h(Paragraph, null, shipped),
      h(Facts, { rows: [['Tracking number', parcel.trackingNumber]] }),
      ...(trackingUrl ? [h(ActionButton, { href: trackingUrl }, 'Track it')] : []),
      h(Paragraph, null, 'Your request: ', h(InlineLink, { href: url }, request.title)),
    ],
    text: [
      shipped,
      `Tracking number: ${parcel.trackingNumber}`,
      ...(trackingUrl ? [`Track it: ${trackingUrl}`] : []),
      '',
      `Your request: ${url}`,
    ],
  });
}

export const deliveredEmail: JobNews = (appUrl, customer, request, job, farmName) => {
  const url = requestUrl(appUrl, request.id, '#rate');
  const delivered = `"${request.title}" has been delivered. We hope it came out exactly as you pictured it.`;
  const rate = [
    `Please rate ${farmName} on quality, communication and timeliness; it takes ten seconds and helps`,
    'every customer after you:',
  ];
  return letter(customer, `job-delivered:${job.id}`, `Delivered: ${request.title}. How did ${farmName} do?`, {
    html: [
      h(Paragraph, null, delivered),
      h(Paragraph, null, rate.join(' ')),
      h(ActionButton, { href: url }, `Rate ${farmName}`),
    ],
    text: [delivered, '', ...rate, url],
  });
};

export function counterOfferEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest,
  job: MailJob & { counterPrice: Money | null; counterReadyBy: Date | null; counterRespondBy: Date },
  farmName: string,
): Promise<Email> {
  const proposes = `${farmName} can print "${request.title}" and proposes:`;
  const changes: TextFact[] = [
    ...(job.counterPrice
      ? [['Price', `${usd(job.counterPrice)} instead of ${usd(job.price)}`] as const]
      : []),
    ...(job.counterReadyBy
      ? [['Ready by', `${dayText(job.counterReadyBy)} instead of ${dayText(job.readyBy)}`] as const]
      : []),
  ];
  const accept = requestUrl(appUrl, request.id, '?counter=accept');
  const refuse = requestUrl(appUrl, request.id, '?counter=refuse');
  const refuseLabel = 'Refuse (we offer your order to the next farm)';
  const answerBy = `Please answer by ${momentText(job.counterRespondBy)}; without an answer we offer it to the next farm.`;
  return letter(customer, `job-counter:${job.id}`, `${farmName} proposes new terms for ${request.title}`, {
    html: [
      h(Paragraph, null, proposes),
      h(Facts, { rows: changes }),
      h(ActionButton, { href: accept }, 'Accept the new terms'),
      h(Paragraph, null, h(InlineLink, { href: refuse }, refuseLabel)),
      h(Paragraph, { muted: true }, answerBy),
    ],
    text: [
      proposes,
      ...changes.map(([label, value]) => `  ${label}: ${value}`),
      '',
      `Accept: ${accept}`,
      `${refuseLabel}: ${refuse}`,
      '',
      answerBy,
    ],
  });
}

const REROUTE_REASONS = {
  declined: 'could not take it',
  expired: 'did not answer in time',
  refused: 'and you did not agree on new terms',
  unavailable: 'is not taking new jobs right now',
} as const;

export function reroutedEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest,
  job: MailJob,
  previousFarm: string | null,
  reason: keyof typeof REROUTE_REASONS,
  farmName: string,
): Promise<Email> {
  const url = requestUrl(appUrl, request.id);
  const why = previousFarm ? `${previousFarm} ${REROUTE_REASONS[reason]}, so ` : '';
  const offered = `${why}we offered "${request.title}" to ${farmName}, the next best offer: ${usd(job.price)}, ready by ${dayText(job.readyBy)}.`;
  const pay = 'You pay nothing more than that offer. We will tell you as soon as they accept.';
  return letter(customer, `request-rerouted:${job.id}`, `Your order went to ${farmName}: ${request.title}`, {
    html: [h(Paragraph, null, offered), h(Paragraph, null, pay), h(ActionButton, { href: url }, SEE_REQUEST)],
    text: [offered, pay, `Your request: ${url}`],
  });
}

export function requotingEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest & { round: number },
  radiusMiles: number | null,
): Promise<Email> {
  const url = requestUrl(appUrl, request.id);
  const asking = [
    `None of the farms that quoted "${request.title}" could take it. We are asking farms`,
    radiusMiles
      ? `up to ${radiusMiles} miles away for new offers now.`
      : 'across the whole country for new offers now.',
  ];
  const soon = 'You will get an e-mail as soon as they arrive';
  return letter(
    customer,
    `request-requoting:${request.id}:${request.round}`,
    `We are finding another farm for ${request.title}`,
    {
      preview: asking.join(' '),
      html: [
        h(Paragraph, null, asking.join(' ')),
        h(Paragraph, null, `${soon}.`),
        h(ActionButton, { href: url }, SEE_REQUEST),
      ],
      text: [...asking, `${soon}: ${url}`],
    },
  );
}
