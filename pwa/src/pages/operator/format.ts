// How the operator screens write deadlines and a farm's record; money, days and moments are written
// as on the customer's request page.
export { day, dayOf, moment, money, parts } from '../request/format.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Time left until a deadline, rounded down so it never promises more than there is: '23 h', '45 min',
 * '3 days'; null once it has passed.
 */
export function timeLeft(deadline: string | null | undefined, now = Date.now()): string | null {
  if (!deadline) return null;
  const left = new Date(deadline).getTime() - now;
  if (!Number.isFinite(left) || left <= 0) return null;
  if (left < HOUR_MS) return `${Math.max(1, Math.floor(left / MINUTE_MS))} min`;
  const hours = Math.floor(left / HOUR_MS);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

/** A deadline close enough that the card should stand out. */
export function isUrgent(deadline: string | null | undefined, now = Date.now()): boolean {
  if (!deadline) return false;
  const left = new Date(deadline).getTime() - now;
  return left > 0 && left < 3 * HOUR_MS;
}

/** 'answer within 23 h', or that the time is up. */
export function answerWithin(respondBy: string | null | undefined, now = Date.now()): string {
  const left = timeLeft(respondBy, now);
  return left ? `answer within ${left}` : 'answer time is up';
}

/** 0.963 → '96%'; no record yet → '—'. */
export function percent(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? '—' : `${Math.round(rate * 100)}%`;
}

/** A median answer time: '18 min', '2.5 h', '1.5 days'. */
export function duration(minutes: number | null | undefined): string {
  // A negative median can only come from inconsistent timestamps: say nothing rather than nonsense.
  if (minutes === null || minutes === undefined || minutes < 0) return '—';
  if (minutes < 60) return `${Math.round(minutes)} min`;
  const hours = minutes / 60;
  if (hours < 48) return `${Number(hours.toFixed(1))} h`;
  return `${Number((hours / 24).toFixed(1))} days`;
}

/** '12.3 cm³' (one decimal below 100). */
export function cubicCm(value: number | null | undefined): string {
  if (value === null || value === undefined) return '—';
  return `${value < 100 ? value.toFixed(1) : Math.round(value).toLocaleString('en-US')} cm³`;
}
