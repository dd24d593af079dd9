// How far stage-1 estimates drift from PrusaSlicer's numbers, per sliced file, and the model each
// slicing profile is estimated with: fitted on the network's own slices (estimator.calibrate), or the
// committed defaults (domain/estimatorDefaults.ts), each with its held-out error.
import type { PrismaClient } from '@printfarm/db';
import { loadEstimatorModels } from '@printfarm/db/estimatorModels';
import { ESTIMATOR_DEFAULTS } from '@printfarm/domain/estimatorDefaults';
import { SLICE_PROFILE_KEYS } from '@printfarm/domain/printSettings';

function percentError(estimate: number | null, actual: number | null): number | null {
  if (estimate === null || actual === null || actual <= 0) return null;
  return Math.round(((estimate - actual) / actual) * 1000) / 10;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] ?? null)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** Each profile's model: where it comes from, on how many parts, and how far off it is when it has not seen a part. */
async function profileModels(prisma: PrismaClient) {
  const fitted = await loadEstimatorModels(prisma);
  return SLICE_PROFILE_KEYS.flatMap((profileKey) => {
    const model = fitted[profileKey] ?? ESTIMATOR_DEFAULTS[profileKey];
    if (!model) return [];
    return [
      {
        profileKey,
        source: fitted[profileKey] ? ('network' as const) : ('defaults' as const),
        parts: model.shapeCount,
        slices: model.sampleCount,
        fittedAt: model.fittedAt,
        heldOutHoursMedianPercent: round1(model.heldOut.printHours.medianPercent),
        heldOutHoursWorstPercent: round1(model.heldOut.printHours.worstPercent),
        heldOutFilamentMedianPercent: round1(model.heldOut.filamentCm3.medianPercent),
      },
    ];
  });
}

export async function estimatorAccuracy(prisma: PrismaClient) {
  const rows = await prisma.sliceResult.findMany({ orderBy: { createdAt: 'desc' }, take: 200 });
  const slices = rows.map((row) => ({
    id: row.id,
    file: row.sha256.slice(0, 12),
    profileKey: row.profileKey,
    units: row.units,
    status: row.status,
    reason: row.reason,
    printSeconds: row.printSeconds,
    estimatedSeconds: row.estimatedSeconds,
    timeErrorPercent: percentError(row.estimatedSeconds, row.printSeconds),
    filamentCm3: row.filamentCm3,
    estimatedCm3: row.estimatedCm3,
    materialErrorPercent: percentError(row.estimatedCm3, row.filamentCm3),
    slicerVersion: row.slicerVersion,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
  }));
  const abs = (key: 'timeErrorPercent' | 'materialErrorPercent') =>
    median(slices.flatMap((s) => (s[key] === null ? [] : [Math.abs(s[key])])));
  return {
    summary: {
      sliced: slices.filter((s) => s.status === 'ok').length,
      failed: slices.filter((s) => s.status !== 'ok').length,
      medianTimeErrorPercent: abs('timeErrorPercent'),
      medianMaterialErrorPercent: abs('materialErrorPercent'),
    },
    slices,
    models: await profileModels(prisma),
  };
}
