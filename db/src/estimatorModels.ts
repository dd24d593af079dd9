// The estimator's models fitted on the network's own slices (the estimator.calibrate job writes them);
// a profile without one is estimated with the committed defaults (domain/estimatorDefaults.ts).
import type { EstimatorModels, ProfileEstimator } from '@printfarm/domain/estimator';
import type { Prisma } from './generated/client.ts';

/** A stored model this code can use: the shape domain/estimator.ts writes (a row from elsewhere is skipped). */
function isProfileEstimator(value: unknown, profileKey: string): value is ProfileEstimator {
  const model = value as Partial<ProfileEstimator> | null;
  return (
    typeof model === 'object' &&
    model !== null &&
    model.profileKey === profileKey &&
    typeof model.filamentCm3 === 'object' &&
    typeof model.printSeconds === 'object' &&
    typeof model.heldOut === 'object'
  );
}

/** The fitted models by profile key; empty while the network has too few slices of its own. */
export async function loadEstimatorModels(
  db: Pick<Prisma.TransactionClient, 'estimatorModel'>,
): Promise<EstimatorModels> {
  const rows = await db.estimatorModel.findMany();
  const models: Record<string, ProfileEstimator> = {};
  for (const row of rows)
    if (isProfileEstimator(row.model, row.profileKey)) models[row.profileKey] = row.model;
  return models;
}
