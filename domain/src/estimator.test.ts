import { describe, expect, it } from 'vitest';
import type { PartGeometry } from './estimator.ts';
import {
  type EstimatorSample,
  type FdmTerms,
  FILAMENT_TERMS,
  fdmTerms,
  fitEstimator,
  heldOutPredictions,
  type ProfileEstimator,
  predictFdm,
  TIME_TERMS,
} from './estimator.ts';
import { ESTIMATOR_DEFAULTS } from './estimatorDefaults.ts';
import { type PrintSettings, SLICE_PROFILE_KEYS } from './printSettings.ts';

const box = (x: number, y: number, z: number, more: Partial<PartGeometry> = {}): PartGeometry => ({
  volumeCm3: (x * y * z) / 1000,
  surfaceAreaCm2: (2 * (x * y + y * z + x * z)) / 100,
  bboxMm: { x, y, z },
  supportVolumeCm3: 0,
  overhangAreaCm2: 0,
  shellCount: 1,
  ...more,
});

const cylinder = (r: number, h: number): PartGeometry => ({
  volumeCm3: (Math.PI * r * r * h) / 1000,
  surfaceAreaCm2: (2 * Math.PI * r * r + 2 * Math.PI * r * h) / 100,
  bboxMm: { x: 2 * r, y: 2 * r, z: h },
  supportVolumeCm3: 0,
  overhangAreaCm2: 0,
  shellCount: 1,
});

/** The part's own volume, as the terms split it (support comes on top). */
const printedVolume = (terms: FdmTerms) =>
  terms.wallCm3 +
  terms.slopedWallCm3 +
  terms.smallWallCm3 +
  terms.solidCm3 +
  terms.footprintSkinCm3 +
  terms.anchorCm3 +
  terms.sparseInfillCm3;

describe('the work a part asks of the printer', () => {
  it('splits the volume so each cm³ is counted once', () => {
    for (const part of [box(60, 60, 60), box(120, 80, 3), cylinder(3, 30), cylinder(40, 25)]) {
      expect(printedVolume(fdmTerms(part, 0.2))).toBeCloseTo(part.volumeCm3, 9);
    }
  });

  it('prints a big cube mostly as sparse infill, inside upright walls and flat skins', () => {
    const terms = fdmTerms(box(60, 60, 60), 0.2);
    expect(terms.wallCm3).toBeCloseTo(4 * 36 * 0.085, 9);
    expect(terms.slopedWallCm3).toBe(0);
    expect(terms.smallWallCm3).toBe(0);
    expect(terms.solidCm3).toBeCloseTo(2 * 36 * 0.08, 9);
    expect(terms.footprintSkinCm3).toBe(0);
    expect(terms.sparseInfillCm3).toBeGreaterThan(0.8 * 216);
    expect(terms.layers).toBe(300);
  });

  it('prints a thin pin solid, in small perimeters', () => {
    const terms = fdmTerms(cylinder(3, 30), 0.2);
    expect(terms.sparseInfillCm3).toBe(0);
    expect(terms.smallWallCm3).toBeGreaterThan(0);
    expect(terms.wallCm3).toBe(0);
  });

  it('keeps the support of a file of several shells apart: it may be a sealed cavity’s', () => {
    const single = fdmTerms(box(40, 40, 40, { supportVolumeCm3: 5, overhangAreaCm2: 2 }), 0.2);
    const hollow = fdmTerms(box(40, 40, 40, { supportVolumeCm3: 5, overhangAreaCm2: 2, shellCount: 2 }), 0.2);
    expect([single.supportCm3, single.multiShellSupportCm3]).toEqual([5, 0]);
    expect([hollow.supportCm3, hollow.multiShellSupportCm3]).toEqual([0, 5]);
    expect(hollow.extraShellLayers).toBe(200);
  });

  it('reads a part without overhang or shell figures as having none and one', () => {
    const bare = {
      volumeCm3: 8,
      surfaceAreaCm2: 24,
      bboxMm: { x: 20, y: 20, z: 20 },
      supportVolumeCm3: null,
    };
    expect(fdmTerms(bare, 0.2)).toEqual(fdmTerms(box(20, 20, 20), 0.2));
  });
});

describe('calibrating the estimator', () => {
  const settings: PrintSettings = { layerHeightMm: 0.2, infillPercent: 25 };
  const coefficients = <T extends string>(terms: readonly T[], value: (term: T, i: number) => number) =>
    Object.fromEntries(terms.map((term, i) => [term, value(term, i)])) as Record<T, number>;
  const truth: ProfileEstimator = {
    profileKey: '0.20mm-25pct',
    filamentCm3: coefficients(FILAMENT_TERMS, (_, i) => 0.2 + 0.1 * i),
    printSeconds: coefficients(TIME_TERMS, (_, i) => 20 + 15 * i),
    sampleCount: 0,
    shapeCount: 0,
    fittedAt: '',
    heldOut: {
      printHours: { medianPercent: 0, worstPercent: 0 },
      filamentCm3: { medianPercent: 0, worstPercent: 0 },
    },
  };
  const parts = [
    ...[15, 30, 60, 100, 150].map((side) => box(side, side, side)),
    ...[
      [120, 80, 3],
      [15, 15, 120],
      [80, 50, 30],
      [200, 20, 10],
    ].map(([x, y, z]) => box(x!, y!, z!)),
    ...[
      [3, 30],
      [15, 3],
      [12, 40],
      [40, 25],
      [60, 150],
    ].map(([r, h]) => cylinder(r!, h!)),
    box(60, 30, 40, { supportVolumeCm3: 20, overhangAreaCm2: 8 }),
    box(90, 30, 36, { supportVolumeCm3: 54, overhangAreaCm2: 18 }),
    box(40, 40, 40, { supportVolumeCm3: 40, overhangAreaCm2: 13, shellCount: 2 }),
    box(100, 100, 100, { supportVolumeCm3: 800, overhangAreaCm2: 85, shellCount: 2 }),
    box(40, 40, 15, { shellCount: 4 }),
  ];
  // Samples a known model would give, with ±2 % of noise that alternates in sign.
  const samples: EstimatorSample[] = parts.map((part, i) => {
    const { printSeconds, filamentCm3 } = predictFdm(truth, part, settings);
    const noise = 1 + (i % 2 ? 0.02 : -0.02);
    return {
      shape: `part ${i}`,
      part,
      settings,
      printSeconds: printSeconds * noise,
      filamentCm3: filamentCm3 * noise,
    };
  });

  it('fits a model that predicts what the slicer said, and reports its held-out error', () => {
    const fitted = fitEstimator(samples, new Date('2026-11-28T12:00:00Z'))['0.20mm-25pct'];
    expect(fitted?.sampleCount).toBe(parts.length);
    expect(fitted?.shapeCount).toBe(parts.length);
    expect(fitted?.fittedAt).toBe('2026-11-28T12:00:00.000Z');
    for (const part of parts) {
      const expected = predictFdm(truth, part, settings);
      const got = predictFdm(fitted as ProfileEstimator, part, settings);
      expect(got.printSeconds / expected.printSeconds).toBeCloseTo(1, 1);
      expect(got.filamentCm3 / expected.filamentCm3).toBeCloseTo(1, 1);
    }
    expect(fitted?.heldOut.printHours.medianPercent).toBeLessThan(5);
    expect(fitted?.heldOut.filamentCm3.medianPercent).toBeLessThan(5);
  });

  it('predicts each held-out part with a fit that never saw it', () => {
    const held = heldOutPredictions(samples);
    expect(held).toHaveLength(samples.length);
    for (const shape of ['part 0', 'part 16']) {
      const withoutIt = fitEstimator(samples.filter((sample) => sample.shape !== shape))['0.20mm-25pct'];
      const sample = samples.find((s) => s.shape === shape) as EstimatorSample;
      const estimate = held.find((h) => h.sample === sample)?.estimate;
      expect(estimate).toEqual(predictFdm(withoutIt as ProfileEstimator, sample.part, settings));
    }
  });
});

describe('the committed models', () => {
  it('cover every slicing profile, each with its held-out error within the targets', () => {
    for (const profileKey of SLICE_PROFILE_KEYS) {
      const model = ESTIMATOR_DEFAULTS[profileKey];
      expect(model?.profileKey, profileKey).toBe(profileKey);
      expect(model?.heldOut.printHours.medianPercent, profileKey).toBeLessThanOrEqual(12);
      expect(model?.heldOut.filamentCm3.medianPercent, profileKey).toBeLessThanOrEqual(10);
    }
  });
});
