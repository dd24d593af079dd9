// How the request screen writes money, days and moments, and the server's notes made readable.
import { formatUsd, parseCents } from '@printfarm/domain/money';
import { useSyncExternalStore } from 'react';

/** '24.5' → '$24.50'; a value that is not an amount prints as given. */
export function money(amount: string | null | undefined): string {
  if (amount === null || amount === undefined) return '—';
  const cents = parseCents(amount);
  return cents === undefined ? amount : formatUsd(cents);
}

/** How a screen writes days and moments: in one place's calendar and words. */
export interface Clock {
  /** A calendar day ('2026-11-27'): 'Fri, Nov 27'. The same day everywhere. */
  day(value: string | null | undefined, withYear?: boolean): string;
  /** The calendar day of an instant ('2026-11-24T21:46:51.952Z') where the clock is: 'Tue, Nov 24'. */
  dayOf(value: string | null | undefined, withYear?: boolean): string;
  /** An instant where the clock is: 'Tue, Nov 24, 3:46 PM'. */
  moment(value: string | null | undefined): string;
  /** Status notes carry raw instants ('they answer by 2026-11-24T21:46:51.952Z'): written as moments. */
  readableNote(note: string): string;
}

const ISO_INSTANT = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z\b/g;

function clockOf(locales: string | undefined, timeZone: string | undefined): Clock {
  // A calendar day is a UTC midnight written in UTC, whatever the zone: never the day before.
  const dayFormat = new Intl.DateTimeFormat(locales, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  const dayWithYearFormat = new Intl.DateTimeFormat(locales, { dateStyle: 'medium', timeZone: 'UTC' });
  const instantDay = new Intl.DateTimeFormat(locales, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone,
  });
  const instantDayWithYear = new Intl.DateTimeFormat(locales, { dateStyle: 'medium', timeZone });
  const momentFormat = new Intl.DateTimeFormat(locales, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    // Said only where it is not the person's own.
    ...(timeZone ? { timeZoneName: 'short' } : {}),
  });
  const moment = (value: string | null | undefined) => {
    if (!value) return '—';
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : momentFormat.format(date);
  };
  return {
    day(value, withYear = false) {
      if (!value) return '—';
      const [year, month, date] = value.slice(0, 10).split('-').map(Number);
      if (!year || !month || !date) return value;
      return (withYear ? dayWithYearFormat : dayFormat).format(Date.UTC(year, month - 1, date));
    },
    dayOf(value, withYear = false) {
      if (!value) return '—';
      const date = new Date(value);
      if (Number.isNaN(date.getTime())) return value;
      return (withYear ? instantDayWithYear : instantDay).format(date);
    },
    moment,
    readableNote: (note) => note.replace(ISO_INSTANT, (instant) => moment(instant)),
  };
}

/** This device's: its language and time zone. */
const localClock = clockOf(undefined, undefined);
export const { day, dayOf, moment, readableNote } = localClock;

/**
 * How the server writes a screen it renders (api/src/http/screens.ts): US English and UTC, said so. The
 * app reads the server's HTML with the same clock, then writes the screen again in this device's.
 */
const serverClock = clockOf('en-US', 'UTC');
const unchanging = () => () => {};

/**
 * The clock for a screen's render: this device's, except while the app renders on the server or takes a
 * server-rendered screen over, which must write exactly what the server wrote (React then renders the
 * screen once more with this device's clock).
 */
export function useClock(): Clock {
  return useSyncExternalStore(
    unchanging,
    () => localClock,
    () => serverClock,
  );
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
