// The e-mails of the marketplace flow: to the customer as a request is quoted, routed, printed and
// delivered, and to the farm's operator as jobs arrive and change. Each builder returns the email.send
// payload with a message key naming the event, so the same event never mails twice.
import { formatUsd, parseCents } from '../money.ts';
import type { JobPayload } from '../queues.ts';

type Email = JobPayload<'email.send'>;

export interface MailRequest {
  id: string;
  title: string;
}

export interface MailPerson {
  email: string;
  firstName: string | null;
}

/** A decimal as a string, or a Prisma Decimal. */
export type Money = string | { toString(): string };

export interface MailJob {
  id: string;
  price: Money;
  readyBy: Date;
}

const SIGNATURE = ['', 'The PrintFarm Network team'];

const usd = (amount: Money) => formatUsd(parseCents(amount.toString()) ?? 0);
const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });
const dayText = (date: Date) => longDay.format(date);
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const momentText = (date: Date) => `${moment.format(date)} UTC`;
const greeting = (person: MailPerson) => `Hi ${person.firstName?.trim() || 'there'},`;

export function requestUrl(appUrl: string, requestId: string, hash = ''): string {
  return `${appUrl.replace(/\/$/, '')}/dashboard/requests/${requestId}${hash}`;
}

export function operatorJobUrl(appUrl: string, jobId: string): string {
  return `${appUrl.replace(/\/$/, '')}/operator/jobs/${jobId}`;
}

function letter(to: MailPerson, messageKey: string, subject: string, lines: string[]): Email {
  return { messageKey, to: to.email, subject, text: [greeting(to), '', ...lines, ...SIGNATURE].join('\n') };
}

// ---------------------------------------------------------------- to the customer

export interface MailOffer {
  farmName: string;
  price: Money;
  readyBy: Date;
  distanceMiles: number;
  kind: string;
}

export function quotesReadyEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest & { round: number },
  best: readonly MailOffer[],
  offerCount: number,
): Email {
  const lines = best.map(
    (offer, i) =>
      `  ${i + 1}. ${offer.farmName}: ${usd(offer.price)}, ready by ${dayText(offer.readyBy)}, ` +
      `${Math.round(offer.distanceMiles)} miles away${offer.kind === 'firm' ? '' : ' (estimate)'}`,
  );
  return letter(
    customer,
    `quotes-ready:${request.id}:${request.round}`,
    `Your quotes are ready: ${request.title}`,
    [
      `${offerCount} print farm${offerCount === 1 ? '' : 's'} near you priced "${request.title}". The best offers:`,
      '',
      ...lines,
      '',
      'Estimates become firm prices within seconds, once our slicer has checked your files.',
      `Compare every offer and order here: ${requestUrl(appUrl, request.id)}`,
      'Offers are valid for 7 days.',
    ],
  );
}

export function noFarmEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest & { round: number },
  issue: string,
): Email {
  return letter(
    customer,
    `no-offers:${request.id}:${request.round}`,
    `No print farm could quote ${request.title} yet`,
    [
      `We could not find a print farm for "${request.title}". ${issue}`,
      '',
      'What you can change: another material or technology, a smaller part (or the right units), or a',
      'different ship-to ZIP. Then press "Get quotes" again.',
      `Your request: ${requestUrl(appUrl, request.id)}`,
    ],
  );
}

export function jobAcceptedEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest,
  job: MailJob,
  farmName: string,
): Email {
  return letter(customer, `job-accepted:${job.id}`, `${farmName} accepted your order: ${request.title}`, [
    `${farmName} accepted "${request.title}" for ${usd(job.price)} and plans to have it ready by ${dayText(job.readyBy)}.`,
    `Follow it here: ${requestUrl(appUrl, request.id)}`,
  ]);
}

export function printingStartedEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest,
  job: MailJob,
  farmName: string,
): Email {
  return letter(customer, `job-printing:${job.id}`, `Printing has started: ${request.title}`, [
    `${farmName} started printing "${request.title}". You can watch its progress here:`,
    requestUrl(appUrl, request.id),
  ]);
}

export function shippedEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest,
  job: MailJob,
  farmName: string,
  parcel: { carrier: string; trackingNumber: string; trackingUrl: string | null },
): Email {
  return letter(customer, `job-shipped:${job.id}`, `Shipped: ${request.title}`, [
    `${farmName} shipped "${request.title}" with ${parcel.carrier}.`,
    `Tracking number: ${parcel.trackingNumber}`,
    ...(parcel.trackingUrl ? [`Track it: ${parcel.trackingUrl}`] : []),
    '',
    `Your request: ${requestUrl(appUrl, request.id)}`,
  ]);
}

export function deliveredEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest,
  job: MailJob,
  farmName: string,
): Email {
  return letter(customer, `job-delivered:${job.id}`, `Delivered: ${request.title}. How did ${farmName} do?`, [
    `"${request.title}" has been delivered. We hope it came out exactly as you pictured it.`,
    '',
    `Please rate ${farmName} on quality, communication and timeliness; it takes ten seconds and helps`,
    'every customer after you:',
    requestUrl(appUrl, request.id, '#rate'),
  ]);
}

export function counterOfferEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest,
  job: MailJob & { counterPrice: Money | null; counterReadyBy: Date | null; counterRespondBy: Date },
  farmName: string,
): Email {
  const changes = [
    ...(job.counterPrice ? [`  Price: ${usd(job.counterPrice)} instead of ${usd(job.price)}`] : []),
    ...(job.counterReadyBy
      ? [`  Ready by: ${dayText(job.counterReadyBy)} instead of ${dayText(job.readyBy)}`]
      : []),
  ];
  return letter(customer, `job-counter:${job.id}`, `${farmName} proposes new terms for ${request.title}`, [
    `${farmName} can print "${request.title}" and proposes:`,
    ...changes,
    '',
    `Accept: ${requestUrl(appUrl, request.id, '?counter=accept')}`,
    `Refuse (we offer your order to the next farm): ${requestUrl(appUrl, request.id, '?counter=refuse')}`,
    '',
    `Please answer by ${momentText(job.counterRespondBy)}; without an answer we offer it to the next farm.`,
  ]);
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
): Email {
  const why = previousFarm ? `${previousFarm} ${REROUTE_REASONS[reason]}, so ` : '';
  return letter(customer, `request-rerouted:${job.id}`, `Your order went to ${farmName}: ${request.title}`, [
    `${why}we offered "${request.title}" to ${farmName}, the next best offer: ${usd(job.price)}, ready by ${dayText(job.readyBy)}.`,
    'You pay nothing more than that offer. We will tell you as soon as they accept.',
    `Your request: ${requestUrl(appUrl, request.id)}`,
  ]);
}

export function requotingEmail(
  appUrl: string,
  customer: MailPerson,
  request: MailRequest & { round: number },
  radiusMiles: number | null,
): Email {
  return letter(
    customer,
    `request-requoting:${request.id}:${request.round}`,
    `We are finding another farm for ${request.title}`,
    [
      `None of the farms that quoted "${request.title}" could take it. We are asking farms`,
      radiusMiles
        ? `up to ${radiusMiles} miles away for new offers now.`
        : 'across the whole country for new offers now.',
      `You will get an e-mail as soon as they arrive: ${requestUrl(appUrl, request.id)}`,
    ],
  );
}

// ---------------------------------------------------------------- to the operator

export interface MailJobFacts extends MailJob {
  title: string;
  technology: string | null;
  material: string | null;
  parts: number;
  shipTo: string;
}

function jobFacts(job: MailJobFacts): string[] {
  return [
    `  ${job.title}`,
    `  ${[job.technology, job.material].filter(Boolean).join(', ')}; ${job.parts} part${job.parts === 1 ? '' : 's'}`,
    `  Ship to: ${job.shipTo}`,
    `  Price: ${usd(job.price)}; ready by ${dayText(job.readyBy)}`,
  ];
}

export function newJobEmail(
  appUrl: string,
  operator: MailPerson,
  job: MailJobFacts & { respondBy: Date },
): Email {
  return letter(operator, `job-new:${job.id}`, `New print job: ${job.title}`, [
    'A customer chose your offer:',
    ...jobFacts(job),
    '',
    `Accept, decline or propose new terms by ${momentText(job.respondBy)}:`,
    operatorJobUrl(appUrl, job.id),
    'Without an answer by then, the job goes to the next farm.',
  ]);
}

export function jobReminderEmail(
  appUrl: string,
  operator: MailPerson,
  job: MailJobFacts & { respondBy: Date },
): Email {
  return letter(operator, `job-reminder:${job.id}`, `Reminder: answer the job ${job.title}`, [
    `This job is still waiting for your answer, and goes to the next farm at ${momentText(job.respondBy)}:`,
    ...jobFacts(job),
    '',
    operatorJobUrl(appUrl, job.id),
  ]);
}

export function counterAnsweredEmail(
  appUrl: string,
  operator: MailPerson,
  job: MailJobFacts,
  accepted: boolean,
): Email {
  return letter(
    operator,
    `job-counter-${accepted ? 'accepted' : 'refused'}:${job.id}`,
    `Your counter-offer was ${accepted ? 'accepted' : 'refused'}: ${job.title}`,
    accepted
      ? [
          'The customer accepted your terms. The job is yours:',
          ...jobFacts(job),
          '',
          operatorJobUrl(appUrl, job.id),
        ]
      : [
          'The customer refused your new terms, so the job went to another farm.',
          '',
          operatorJobUrl(appUrl, job.id),
        ],
  );
}

export function jobCancelledEmail(
  appUrl: string,
  operator: MailPerson,
  job: MailJobFacts,
  reason: string | null,
): Email {
  return letter(operator, `job-cancelled:${job.id}`, `Cancelled by the customer: ${job.title}`, [
    'The customer cancelled this job before printing started; please do not print it.',
    ...(reason ? [`Their reason: ${reason}`] : []),
    '',
    operatorJobUrl(appUrl, job.id),
  ]);
}

/** The facts an operator e-mail lists, from a job and its request as stored. */
export function mailJobFacts(
  job: { id: string; price: Money; readyBy: Date; parts: number },
  request: {
    title: string;
    technology: string | null;
    material: string | null;
    shipToCity: string | null;
    shipToState: string | null;
    shipToZip: string | null;
  },
): MailJobFacts {
  return {
    id: job.id,
    price: job.price,
    readyBy: job.readyBy,
    parts: job.parts,
    title: request.title,
    technology: request.technology,
    material: request.material,
    shipTo: request.shipToCity
      ? `${request.shipToCity}, ${request.shipToState ?? ''} ${request.shipToZip ?? ''}`.trim()
      : (request.shipToZip ?? 'not given'),
  };
}
