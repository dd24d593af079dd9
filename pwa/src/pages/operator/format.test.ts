import { describe, expect, it } from 'vitest';
import { answerWithin, cubicCm, duration, isUrgent, money, parts, percent, timeLeft } from './format.ts';

const NOW = Date.parse('2026-11-23T22:00:00Z');
const later = (ms: number) => new Date(NOW + ms).toISOString();
const HOUR = 3_600_000;

describe('operator formats', () => {
  it('says how long is left to answer, rounded down', () => {
    expect(answerWithin(later(23.9 * HOUR), NOW)).toBe('answer within 23 h');
    expect(answerWithin(later(45 * 60_000 + 30_000), NOW)).toBe('answer within 45 min');
    expect(answerWithin(later(10_000), NOW)).toBe('answer within 1 min');
    expect(answerWithin(later(3.5 * 24 * HOUR), NOW)).toBe('answer within 3 days');
    expect(answerWithin(later(-1), NOW)).toBe('answer time is up');
    expect(timeLeft(null, NOW)).toBeNull();
  });

  it('marks a deadline under three hours away as urgent', () => {
    expect(isUrgent(later(2 * HOUR), NOW)).toBe(true);
    expect(isUrgent(later(5 * HOUR), NOW)).toBe(false);
    expect(isUrgent(later(-HOUR), NOW)).toBe(false);
  });

  it('writes money, parts, rates, answer times and volumes', () => {
    expect(money('18.4')).toBe('$18.40');
    expect(money(null)).toBe('—');
    expect(parts(1)).toBe('1 part');
    expect(parts(4)).toBe('4 parts');
    expect(percent(0.963)).toBe('96%');
    expect(percent(null)).toBe('—');
    expect(duration(18)).toBe('18 min');
    expect(duration(150)).toBe('2.5 h');
    expect(duration(60 * 24 * 3)).toBe('3 days');
    expect(cubicCm(12.34)).toBe('12.3 cm³');
    expect(cubicCm(1234.5)).toBe('1,235 cm³');
  });
});

describe('duration', () => {
  it('shows nothing for a negative median (inconsistent timestamps)', () => {
    expect(duration(-1440)).toBe('—');
  });
});
