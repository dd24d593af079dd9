import { describe, expect, it } from 'vitest';
import { countOf } from './words.ts';

describe('countOf', () => {
  it('puts the noun in the right number', () => {
    expect(countOf(1, 'item')).toBe('1 item');
    expect(countOf(0, 'item')).toBe('0 items');
    expect(countOf(1200, 'item')).toBe('1,200 items');
    expect(countOf(2, 'box', 'boxes')).toBe('2 boxes');
  });
});
