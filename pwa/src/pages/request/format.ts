// How the request screen writes money, days and moments, and the server's notes made readable.
import { formatUsd, parseCents } from '@printfarm/domain/money';

/** '24.5' → '$24.50'; a value that is not an amount prints as given. */
export function money(amount: string | null | undefined): string {
  if (amount === null || amount === undefined) return '—';
  const cents = parseCents(amount);
  return cents === undefined ? amount : formatUsd(cents);
}

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' });
const dayWithYearFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const momentFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** A calendar day ('2026-11-27') as the customer's own calendar shows it: 'Fri, Nov 27'. */
export function day(value: string | null | undefined, withYear = false): string {
  if (!value) return '—';
  const [year, month, date] = value.slice(0, 10).split('-').map(Number);
  if (!year || !month || !date) return value;
  const local = new Date(year, month - 1, date);
  return (withYear ? dayWithYearFormat : dayFormat).format(local);
}

/** The local calendar day of an instant ('2026-11-24T21:46:51.952Z'): 'Tue, Nov 24'. */
export function dayOf(value: string | null | undefined, withYear = false): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return (withYear ? dayWithYearFormat : dayFormat).format(date);
}

/** An instant ('2026-11-24T21:46:51.952Z') in local time: 'Tue, Nov 24, 3:46 PM'. */
export function moment(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : momentFormat.format(date);
}

const ISO_INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z\b/g;

/** Status notes carry raw instants ('they answer by 2026-11-24T21:46:51.952Z'); show them in local time. */
export function readableNote(note: string): string {
  return note.replace(ISO_INSTANT, (instant) => moment(instant));
}

/** 0.963 → '96% on time'. */
export function onTime(rate: number | null): string | null {
  return rate === null ? null : `${Math.round(rate * 100)}% on time`;
}

/** '1 part' / '3 parts'. */
export function parts(count: number): string {
  return `${count} part${count === 1 ? '' : 's'}`;
}

/** How many parts the request prints: each file times its quantity (the request's own count without files). */
export function partCount(request: { quantity: number; files: readonly { quantity: number }[] }): number {
  if (request.files.length === 0) return request.quantity;
  return request.files.reduce((sum, file) => sum + file.quantity, 0);
}
