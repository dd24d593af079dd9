// Refits each slicing profile's estimator on the network's own slices (slice_results keep the part's
// geometry as the estimate saw it beside the slicer's numbers), once a profile has enough different
// parts, and keeps a fit only where it predicts those slices better than the committed defaults do.
// Runs hourly; the quote and firm jobs read the result (db/src/estimatorModels.ts).
import { Prisma } from '@printfarm/db';
import type { PartGeometry } from '@printfarm/domain/estimator';
import {
  type EstimatorSample,
  errorSummary,
  fitEstimator,
  percentError,
  predictFdm,
} from '@printfarm/domain/estimator';
import { ESTIMATOR_DEFAULTS } from '@printfarm/domain/estimatorDefaults';
import { settingsOfProfile } from '@printfarm/domain/printSettings';
import type { JobHandler } from './types.ts';

/** A profile is refitted once it has slices of this many different parts. */
export const MIN_CALIBRATION_PARTS = 30;
/** The newest slices per profile a fit uses (its held-out check refits once per part). */
const MAX_SAMPLES_PER_PROFILE = 400;

function isGeometry(value: Prisma.JsonValue | null): value is Prisma.JsonObject & PartGeometry {
  const part = value as Partial<PartGeometry> | null;
  return (
    typeof part === 'object' &&
    part !== null &&
    typeof part.volumeCm3 === 'number' &&
    typeof part.surfaceAreaCm2 === 'number' &&
    typeof part.bboxMm === 'object'
  );
}

export const estimatorCalibrate: JobHandler<'estimator.calibrate'> = async (_payload, { prisma, log }) => {
  const rows = await prisma.sliceResult.findMany({
    where: {
      status: 'ok',
      printSeconds: { gt: 0 },
      filamentCm3: { gt: 0 },
      features: { not: Prisma.DbNull },
    },
    orderBy: { createdAt: 'desc' },
    take: MAX_SAMPLES_PER_PROFILE * 12,
  });
  const byProfile = new Map<string, EstimatorSample[]>();
  for (const row of rows) {
    const settings = settingsOfProfile(row.profileKey);
    if (!settings || !isGeometry(row.features) || row.printSeconds === null || row.filamentCm3 === null)
      continue;
    const samples = byProfile.get(row.profileKey) ?? [];
    if (samples.length >= MAX_SAMPLES_PER_PROFILE) continue;
    samples.push({
      shape: `${row.sha256}:${row.units}:${row.orientation}`,
      part: row.features,
      settings,
      printSeconds: row.printSeconds,
      filamentCm3: row.filamentCm3,
    });
    byProfile.set(row.profileKey, samples);
  }
  let adopted = 0;
  for (const [profileKey, samples] of byProfile) {
    if (new Set(samples.map((sample) => sample.shape)).size < MIN_CALIBRATION_PARTS) continue;
    const fitted = fitEstimator(samples)[profileKey];
    const defaults = ESTIMATOR_DEFAULTS[profileKey];
    if (!fitted) continue;
    // The defaults' error on the same slices: a fit that does worse on the network's own parts is not kept.
    const baseline = defaults
      ? errorSummary(
          samples.map((s) =>
            percentError(predictFdm(defaults, s.part, s.settings).printSeconds, s.printSeconds),
          ),
        )
      : null;
    const better = !baseline || fitted.heldOut.printHours.medianPercent < baseline.medianPercent;
    if (better) {
      const model = fitted as unknown as Prisma.InputJsonObject;
      await prisma.estimatorModel.upsert({
        where: { profileKey },
        create: { profileKey, model, samples: samples.length },
        update: { model, samples: samples.length, fittedAt: new Date() },
      });
      adopted++;
    } else {
      await prisma.estimatorModel.deleteMany({ where: { profileKey } });
    }
    log.info(
      {
        profileKey,
        samples: samples.length,
        heldOutMedianHoursPercent: fitted.heldOut.printHours.medianPercent,
        defaultsMedianHoursPercent: baseline?.medianPercent ?? null,
        kept: better,
      },
      'estimator calibrated',
    );
  }
  return adopted > 0 ? 'done' : 'skipped';
};
