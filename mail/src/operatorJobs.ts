// The farm operator's e-mails as jobs arrive and change: a new job, the reminder to answer it, the
// customer's answer to a counter-offer, and a cancellation.
import { createElement as h } from 'react';
import type { Email } from './compose.ts';
import {
  dayText,
  letter,
  type MailJob,
  type MailPerson,
  type Money,
  momentText,
  operatorJobUrl,
  usd,
} from './marketplace.ts';
import { ActionButton, Lines, Paragraph } from './parts.ts';

export interface MailJobFacts extends MailJob {
  title: string;
  technology: string | null;
  material: string | null;
  parts: number;
  shipTo: string;
}

/** The job's title, then what to print, where it ships, and its price and date. */
function jobDetails(job: MailJobFacts): string[] {
  return [
    `${[job.technology, job.material].filter(Boolean).join(', ')}; ${job.parts} part${job.parts === 1 ? '' : 's'}`,
    `Ship to: ${job.shipTo}`,
    `Price: ${usd(job.price)}; ready by ${dayText(job.readyBy)}`,
  ];
}

const jobText = (job: MailJobFacts) => [job.title, ...jobDetails(job)].map((line) => `  ${line}`);

function JobFacts({ job }: { job: MailJobFacts }) {
  return h(Lines, { title: job.title, lines: jobDetails(job) });
}

/** A job waiting for the operator's answer until `respondBy`. */
type WaitingJob = MailJobFacts & { respondBy: Date };

const ANSWER = 'Answer the job';
const OPEN = 'Open the job';

export function newJobEmail(appUrl: string, operator: MailPerson, job: WaitingJob): Promise<Email> {
  const url = operatorJobUrl(appUrl, job.id);
  const chose = 'A customer chose your offer:';
  const answerBy = `Accept, decline or propose new terms by ${momentText(job.respondBy)}:`;
  const otherwise = 'Without an answer by then, the job goes to the next farm.';
  return letter(operator, `job-new:${job.id}`, `New print job: ${job.title}`, {
    html: [
      h(Paragraph, null, chose),
      h(JobFacts, { job }),
      h(Paragraph, null, answerBy),
      h(ActionButton, { href: url }, ANSWER),
      h(Paragraph, { muted: true }, otherwise),
    ],
    text: [chose, ...jobText(job), '', answerBy, url, otherwise],
  });
}

export function jobReminderEmail(appUrl: string, operator: MailPerson, job: WaitingJob): Promise<Email> {
  const url = operatorJobUrl(appUrl, job.id);
  const waiting = `This job is still waiting for your answer, and goes to the next farm at ${momentText(job.respondBy)}:`;
  return letter(operator, `job-reminder:${job.id}`, `Reminder: answer the job ${job.title}`, {
    html: [h(Paragraph, null, waiting), h(JobFacts, { job }), h(ActionButton, { href: url }, ANSWER)],
    text: [waiting, ...jobText(job), '', url],
  });
}

export function counterAnsweredEmail(
  appUrl: string,
  operator: MailPerson,
  job: MailJobFacts,
  accepted: boolean,
): Promise<Email> {
  const url = operatorJobUrl(appUrl, job.id);
  const answer = accepted
    ? 'The customer accepted your terms. The job is yours:'
    : 'The customer refused your new terms, so the job went to another farm.';
  const facts = accepted ? jobText(job) : [];
  return letter(
    operator,
    `job-counter-${accepted ? 'accepted' : 'refused'}:${job.id}`,
    `Your counter-offer was ${accepted ? 'accepted' : 'refused'}: ${job.title}`,
    {
      html: [
        h(Paragraph, null, answer),
        ...(accepted ? [h(JobFacts, { job })] : []),
        h(ActionButton, { href: url }, OPEN),
      ],
      text: [answer, ...facts, '', url],
    },
  );
}

export function jobCancelledEmail(
  appUrl: string,
  operator: MailPerson,
  job: MailJobFacts,
  reason: string | null,
): Promise<Email> {
  const url = operatorJobUrl(appUrl, job.id);
  const cancelled = 'The customer cancelled this job before printing started; please do not print it.';
  const why = reason ? [`Their reason: ${reason}`] : [];
  return letter(operator, `job-cancelled:${job.id}`, `Cancelled by the customer: ${job.title}`, {
    html: [
      h(Paragraph, null, cancelled),
      ...why.map((line) => h(Paragraph, null, line)),
      h(ActionButton, { href: url }, OPEN),
    ],
    text: [cancelled, ...why, '', url],
  });
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

/** A print of one of the job's parts failed or was cancelled: the part is back in the farm's queue. */
export function printFailedEmail(
  appUrl: string,
  operator: MailPerson,
  job: MailJobFacts,
  print: { itemId: string; fileName: string; printerName: string | null; reason: string; attempt: number },
): Promise<Email> {
  const url = `${appUrl.replace(/\/$/, '')}/operator/queue`;
  const where = print.printerName ? ` on ${print.printerName}` : '';
  const failed = `A print of ${print.fileName}${where} failed: ${print.reason}`;
  const back = 'The part is back in your queue, where it was, and the printer waits for you to look at it.';
  return letter(operator, `print-failed:${print.itemId}:${print.attempt}`, `A print failed: ${job.title}`, {
    html: [
      h(Paragraph, null, failed),
      h(JobFacts, { job }),
      h(Paragraph, null, back),
      h(ActionButton, { href: url }, 'Open the queue'),
    ],
    text: [failed, ...jobText(job), '', back, url],
  });
}
