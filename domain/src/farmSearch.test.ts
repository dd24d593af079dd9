import { describe, expect, it } from 'vitest';
import { chooseRadius, radiiFrom, widerRadius } from './farmSearch.ts';

describe('farm search radius', () => {
  it('stays at 500 miles when three farms qualify there', () => {
    expect(chooseRadius([12, 80, 430, 900], null)).toBe(500);
  });

  it('widens step by step until three farms qualify', () => {
    expect(chooseRadius([100, 700, 900], null)).toBe(1_000);
    expect(chooseRadius([100, 700, 1_400], null)).toBe(1_500);
    expect(chooseRadius([100, 700, 2_400], null)).toBe(2_500);
  });

  it('searches the whole country when no radius holds three', () => {
    expect(chooseRadius([100, 2_700], null)).toBeNull();
    expect(chooseRadius([], null)).toBeNull();
  });

  it('starts wider after every offer fell through', () => {
    expect(radiiFrom(1_000)).toEqual([1_000, 1_500, 2_500, null]);
    expect(chooseRadius([10, 20, 30], 1_000)).toBe(1_000);
    expect(widerRadius(500)).toBe(1_000);
    expect(widerRadius(2_500)).toBeNull();
    expect(widerRadius(null)).toBeNull();
  });
});
