// Money is handled as integer cents; decimal strings are parsed digit by digit so 0.1 + 0.2 never happens.

/** The largest amount a decimal(10,2) column holds, in cents. */
export const MAX_CENTS = 9_999_999_999;

/** The largest amount a payment's cents columns (32-bit integers) hold: $21,474,836.47. */
export const MAX_PAYMENT_CENTS = 2_147_483_647;

/**
 * The most one price may be ($1,000,000.00), as an operator, a store owner or staff sets it: far past
 * any print, and far inside what a payment holds, with room for fees, differences and commissions.
 */
export const MAX_PRICE_CENTS = 100_000_000;

const DECIMAL = /^(\d{1,8})(?:\.(\d{1,2}))?$/;

/** '12.3' → 1230, 12.34 → 1234; undefined for negatives, more than 2 decimals or more than 8 whole digits. */
export function parseCents(amount: string | number): number | undefined {
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount) || amount < 0) return undefined;
    const cents = Math.round(amount * 100);
    return Math.abs(cents - amount * 100) < 1e-6 && cents <= MAX_CENTS ? cents : undefined;
  }
  const match = DECIMAL.exec(amount.trim());
  if (!match) return undefined;
  const [, whole = '0', fraction = ''] = match;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function isMoneyAmount(amount: string | number): boolean {
  return parseCents(amount) !== undefined;
}

/** 1234 → '12.34', the form a decimal column and the API use. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** 123456 → '$1,234.56'. */
export function formatUsd(cents: number): string {
  const [whole = '0', fraction = '00'] = formatCents(Math.abs(cents)).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${cents < 0 ? '-' : ''}$${grouped}.${fraction}`;
}
