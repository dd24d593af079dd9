import { describe, expect, it } from 'vitest';
import { familiarSize, formatSizeMm, isPlausibleSize, scaleMetrics, suggestUnits } from './units.ts';

describe('model units', () => {
  it('suggests metres for the Stanford bunny, which arrives 0.155 wide', () => {
    // The bunny's bounding box as the file states it (metres, read as millimetres).
    const bunny = { x: 0.155, y: 0.153, z: 0.12 };
    expect(isPlausibleSize(bunny)).toBe(false);
    expect(suggestUnits(bunny, 'mm')).toBe('m');
    expect(suggestUnits(bunny, 'm')).toBeNull();
  });

  it('suggests inches for a small CAD part exported in inches', () => {
    expect(suggestUnits({ x: 1.2, y: 0.8, z: 0.25 }, 'mm')).toBe('in');
  });

  it('suggests millimetres when a millimetre file was marked as inches', () => {
    expect(suggestUnits({ x: 100, y: 90, z: 120 }, 'in')).toBe('mm');
  });

  it('suggests nothing for a plausible part, even a thin one', () => {
    expect(suggestUnits({ x: 20, y: 20, z: 20 }, 'mm')).toBeNull();
    // Under 2 mm on one axis only (a sheet) is plausible.
    expect(suggestUnits({ x: 80, y: 50, z: 0.8 }, 'mm')).toBeNull();
    expect(suggestUnits(null, 'mm')).toBeNull();
  });

  it('suggests nothing when no unit would help', () => {
    expect(suggestUnits({ x: 50_000, y: 40_000, z: 30_000 }, 'mm')).toBeNull();
  });

  it('rescales lengths, areas and volumes without re-reading the file', () => {
    const raw = {
      bbox: { x: 1, y: 2, z: 3 },
      volumeCm3: 0.006,
      surfaceAreaCm2: 0.22,
      overhangAreaCm2: 0.01,
      supportVolumeCm3: 0.002,
    };
    const inches = scaleMetrics(raw, 'in');
    expect(inches.bbox).toEqual({ x: 25.4, y: 50.8, z: 76.19999999999999 });
    expect(inches.volumeCm3).toBeCloseTo(0.006 * 25.4 ** 3, 9);
    expect(inches.surfaceAreaCm2).toBeCloseTo(0.22 * 25.4 ** 2, 9);
    expect(inches.overhangAreaCm2).toBeCloseTo(0.01 * 25.4 ** 2, 9);
    expect(inches.supportVolumeCm3).toBeCloseTo(0.002 * 25.4 ** 3, 9);
    expect(scaleMetrics(raw, 'mm')).toEqual(raw);
    expect(scaleMetrics({ ...raw, bbox: null, volumeCm3: null }, 'm').volumeCm3).toBeNull();
  });

  it('compares a size with something familiar', () => {
    expect(familiarSize({ x: 20, y: 20, z: 20 })).toBe('about the size of a coin');
    expect(familiarSize({ x: 155, y: 153, z: 120 })).toBe('about the size of a smartphone');
    expect(familiarSize({ x: 3, y: 2, z: 1 })).toBe('about the size of a grain of rice');
    expect(familiarSize({ x: 2_500, y: 100, z: 100 })).toBe('larger than a person');
  });

  it('writes a size in millimetres', () => {
    expect(formatSizeMm({ x: 20, y: 20.4, z: 5.25 })).toBe('20 × 20 × 5.3 mm');
  });
});
