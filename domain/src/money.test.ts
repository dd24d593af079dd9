import { describe, expect, it } from 'vitest';
import { formatCents, formatUsd, isMoneyAmount, parseCents } from './money.ts';

describe('parseCents', () => {
  it.each([
    ['12.34', 1234],
    ['12.3', 1230],
    ['12', 1200],
    [' 0.07 ', 7],
    ['0.29', 29],
    ['1.005', undefined],
    ['99999999.99', 9_999_999_999],
    ['100000000', undefined],
    ['-1', undefined],
    ['1e3', undefined],
    ['', undefined],
    ['.5', undefined],
  ])('%j → %j', (text, cents) => {
    expect(parseCents(text)).toBe(cents);
  });

  it('parses numbers with at most 2 decimals, without float error', () => {
    expect(parseCents(0.29)).toBe(29);
    expect(parseCents(19.99)).toBe(1999);
    expect(parseCents(0.1 + 0.2)).toBe(30);
    expect(parseCents(1.005)).toBeUndefined();
    expect(parseCents(Number.NaN)).toBeUndefined();
    expect(parseCents(-5)).toBeUndefined();
  });

  it('tells money amounts apart', () => {
    expect(isMoneyAmount('4.50')).toBe(true);
    expect(isMoneyAmount('4.5.0')).toBe(false);
  });
});

describe('formatting', () => {
  it('formats cents as a decimal string', () => {
    expect(formatCents(1234)).toBe('12.34');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(0)).toBe('0.00');
    expect(formatCents(-250)).toBe('-2.50');
  });

  it('formats cents as dollars with thousands separators', () => {
    expect(formatUsd(1234)).toBe('$12.34');
    expect(formatUsd(229500)).toBe('$2,295.00');
    expect(formatUsd(123456789)).toBe('$1,234,567.89');
    expect(formatUsd(-999)).toBe('-$9.99');
  });
});
