// What the marketplace's e-mails share: the people and records they name, how they write money and
// dates, the links into the app, and the letter (greeting, body, signature) they are written as.
import { formatUsd, parseCents } from '@printfarm/domain/money';
import { createElement as h, type ReactNode } from 'react';
import { SIGNATURE } from './brand.ts';
import { compose, type Email } from './compose.ts';
import { Paragraph, Signature } from './parts.ts';

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

/**
 * A request and a job as a message takes them: only the fields it reads, not the whole rows (with their
 * files and analyses), since a deferred e-mail carries its input through the outbox and the queue.
 */
export const mailRequest = (request: MailRequest): MailRequest => ({ id: request.id, title: request.title });
export const mailJob = (job: MailJob): MailJob => ({ id: job.id, price: job.price, readyBy: job.readyBy });

export const usd = (amount: Money) => formatUsd(parseCents(amount.toString()) ?? 0);
const longDay = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });
export const dayText = (date: Date) => longDay.format(date);
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
export const momentText = (date: Date) => `${moment.format(date)} UTC`;

export function requestUrl(appUrl: string, requestId: string, hash = ''): string {
  return `${appUrl.replace(/\/$/, '')}/dashboard/requests/${requestId}${hash}`;
}

export function operatorJobUrl(appUrl: string, jobId: string): string {
  return `${appUrl.replace(/\/$/, '')}/operator/jobs/${jobId}`;
}

/** One e-mail to a person: 'Hi Ada,' (or 'Hi there,'), the body in both parts, and the team's signature. */
export function letter(
  to: MailPerson,
  messageKey: string,
  subject: string,
  body: { html: readonly ReactNode[]; text: readonly string[]; preview?: string },
): Promise<Email> {
  const greeting = `Hi ${to.firstName?.trim() || 'there'},`;
  return compose({
    messageKey,
    to: to.email,
    subject,
    preview: body.preview ?? body.text[0] ?? subject,
    html: [h(Paragraph, null, greeting), ...body.html, h(Signature)],
    text: [greeting, '', ...body.text, '', SIGNATURE],
  });
}
