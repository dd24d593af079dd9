import { describe, expect, it } from 'vitest';
import { dollarsError, dollarsToCents } from './dollars.ts';

describe('dollars typed for a cents field', () => {
  it('reads amounts as people type them', () => {
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents(' $1,200 ')).toBe(120000);
    expect(dollarsToCents('')).toBeUndefined();
    expect(dollarsToCents('twelve')).toBeNaN();
    expect(dollarsToCents('1.234')).toBeNaN();
  });

  it('speaks of dollars when what was typed is not an amount', () => {
    expect(dollarsError({ type: 'number', message: 'Refund must be an amount in cents' })).toBe(
      'Enter an amount in dollars, e.g. 12.50',
    );
    expect(dollarsError({ type: 'min_value', message: 'Refund must be more than $0.00' })).toBe(
      'Refund must be more than $0.00',
    );
    expect(dollarsError(undefined)).toBeUndefined();
  });
});
