// The estimator calibrated on the network's own slices (issue 23): once a profile has slices of enough
// different parts, estimator.calibrate fits it and keeps the fit only where it predicts those slices
// better than the committed defaults; the quote job then estimates with it.

import type { PartGeometry } from '@printfarm/domain/estimator';
import { predictFdm } from '@printfarm/domain/estimator';
import { ESTIMATOR_DEFAULTS } from '@printfarm/domain/estimatorDefaults';
import { estimateProcess } from '@printfarm/domain/pricing';
import { describe, expect, it } from 'vitest';
import { loadEstimatorModels } from '../../db/src/estimatorModels.ts';
import { estimatorCalibrate, MIN_CALIBRATION_PARTS } from '../../workers/src/jobs/estimatorCalibrate.ts';
import { useServerSuite } from '../support/server.ts';

const SETTINGS = { layerHeightMm: 0.2, infillPercent: 15 } as const;
const PROFILE = '0.20mm-15pct';

/** A box x × y × z mm as the estimate sees it. */
function boxPart(x: number, y: number, z: number): PartGeometry {
  return {
    bboxMm: { x, y, z },
    volumeCm3: (x * y * z) / 1000,
    surfaceAreaCm2: (2 * (x * y + y * z + x * z)) / 100,
    supportVolumeCm3: 0,
    overhangAreaCm2: 0,
    shellCount: 1,
  };
}

describe('estimator.calibrate', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });

  /** Slices of `count` different boxes (numbered from `first`) whose slicer (a slower farm printer, say) takes `factor` × the defaults. */
  async function recordSlices(first: number, count: number, factor: number) {
    const defaults = ESTIMATOR_DEFAULTS[PROFILE];
    if (!defaults) throw new Error('no defaults for the profile');
    for (let i = first; i < first + count; i++) {
      const part = boxPart(10 + 3 * i, 12 + ((7 * i) % 50), 5 + ((5 * i) % 60));
      const predicted = predictFdm(defaults, part, SETTINGS);
      await server.api.prisma.sliceResult.create({
        data: {
          sha256: `${i}`.padStart(64, 'c'),
          profileKey: PROFILE,
          units: 'mm',
          status: 'ok',
          printSeconds: Math.round(predicted.printSeconds * factor),
          filamentCm3: predicted.filamentCm3 * factor,
          features: part as object,
          durationMs: 100,
        },
      });
    }
  }

  it('waits for enough parts, then fits the profile and the estimate follows the network', async () => {
    const context = server.workers.jobContext();
    await recordSlices(0, MIN_CALIBRATION_PARTS - 1, 1.3);
    expect(await estimatorCalibrate({}, context)).toBe('skipped');
    expect(await loadEstimatorModels(server.api.prisma)).toEqual({});

    await recordSlices(MIN_CALIBRATION_PARTS - 1, 11, 1.3);
    expect(await estimatorCalibrate({}, context)).toBe('done');
    const models = await loadEstimatorModels(server.api.prisma);
    const fitted = models[PROFILE];
    expect(fitted?.sampleCount).toBeGreaterThanOrEqual(MIN_CALIBRATION_PARTS);
    // Held out, the fit is far closer to these slices than the defaults' 30 %.
    expect(fitted?.heldOut.printHours.medianPercent).toBeLessThan(10);

    // A part like those: estimated 30 % longer and heavier than the defaults would say, as sliced.
    const part = boxPart(40, 30, 20);
    const before = estimateProcess('FFF/FDM', 'PLA', part, SETTINGS);
    const after = estimateProcess('FFF/FDM', 'PLA', part, SETTINGS, models);
    expect(after.printHours / before.printHours).toBeGreaterThan(1.15);
    expect(after.printHours / before.printHours).toBeLessThan(1.45);
    expect(after.grams / before.grams).toBeGreaterThan(1.15);
    // Other profiles keep the defaults.
    const fine = { layerHeightMm: 0.12, infillPercent: 15 } as const;
    expect(estimateProcess('FFF/FDM', 'PLA', part, fine, models)).toEqual(
      estimateProcess('FFF/FDM', 'PLA', part, fine),
    );
  });
});
