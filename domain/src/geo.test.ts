import { describe, expect, it } from 'vitest';
import { haversineMiles } from './geo.ts';

const austin = { latitude: 30.2713, longitude: -97.7426 };
const dallas = { latitude: 32.7767, longitude: -96.797 };

describe('haversineMiles', () => {
  it('is zero for the same point', () => {
    expect(haversineMiles(austin, austin)).toBe(0);
  });

  it('measures Austin to Dallas at about 182 miles, either way round', () => {
    expect(haversineMiles(austin, dallas)).toBeCloseTo(182, 0);
    expect(haversineMiles(dallas, austin)).toBeCloseTo(haversineMiles(austin, dallas), 10);
  });

  it('measures a quarter of the equator', () => {
    const distance = haversineMiles({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 90 });
    expect(distance).toBeCloseTo((Math.PI / 2) * 3958.8, 6);
  });
});
