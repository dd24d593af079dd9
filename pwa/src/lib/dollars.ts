// Amounts typed in dollars ('12.50', '$1,200') for calls that take integer cents, and the message a
// cents field shows when what was typed is not an amount at all.
import { formatCents, parseCents } from '@printfarm/domain/money';
import type { FieldError } from 'react-hook-form';

/** '12.5' → 1250, '$1,200' → 120000; undefined when empty; NaN when it is not an amount. */
export function dollarsToCents(text: string): number | undefined {
  const cleaned = text
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (cleaned === '') return undefined;
  return parseCents(cleaned) ?? Number.NaN;
}

/** 1250 → '12.50', for a dollars field prefilled with an amount in cents. */
export const centsToDollars = (cents: number) => formatCents(cents);

/** The schema speaks of cents; a person typed dollars, so a non-number reads in dollars. */
export function dollarsError(error: FieldError | undefined): string | undefined {
  if (!error) return undefined;
  return error.type === 'number' ? 'Enter an amount in dollars, e.g. 12.50' : error.message;
}
