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

  it('suggests a unit for tiny parts by their walls and volume, not only by their size', () => {
    // Suzanne at 2.7 mm (2.2 mm³), a unit sphere and a 6 mm teapot (a tenth of its surface under
    // 0.35 mm, as measured): each passes the 2 mm size test on some axis, and each was drawn in
    // centimetres or inches.
    const suzanne = { x: 2.73, y: 1.97, z: 1.7 };
    expect(suggestUnits(suzanne, 'mm')).toBeNull();
    expect(suggestUnits(suzanne, 'mm', { volumeRawMm3: 2.2, thinWallRaw: 0.1 })).toBe('in');
    const unitSphere = { x: 2, y: 2, z: 2 };
    expect(suggestUnits(unitSphere, 'mm', { volumeRawMm3: 4.19, thinWallRaw: 1.6 })).toBe('in');
    const teapot = { x: 6.4, y: 3.15, z: 4 };
    expect(suggestUnits(teapot, 'mm', { volumeRawMm3: 26, thinWallRaw: 0.345 })).toBe('cm');
    // A real small part: an 8 mm cube, and a 6 mm gear with 1.2 mm teeth.
    expect(suggestUnits({ x: 8, y: 8, z: 8 }, 'mm', { volumeRawMm3: 512, thinWallRaw: 8 })).toBeNull();
    expect(suggestUnits({ x: 6, y: 6, z: 2 }, 'mm', { volumeRawMm3: 45, thinWallRaw: 1.2 })).toBeNull();
    // Confirmed in inches, the teapot is 163 mm: nothing more to suggest.
    expect(suggestUnits(teapot, 'in', { volumeRawMm3: 26, thinWallRaw: 0.345 })).toBeNull();
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
