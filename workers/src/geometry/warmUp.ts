// A new analysis thread analyses a small model of its own before its first upload: the analyser's
// loops are then compiled and optimized, which on a fresh thread costs about a fifth of a 100 MB
// file's analysis and most of a small file's (ops/bench/geometry.ts measures both).
import { memoryUpload } from '../storage/uploads.ts';
import { analyzeModel } from './analyze.ts';
import { bumpySphereStl } from './bumpySphere.ts';

/** Facets of the warm-up model: enough for each hot loop to be optimized, about 1.3 MB of STL. */
export const WARM_UP_SEGMENTS = 160;
export const WARM_UP_RINGS = 80;

/** Analyses the warm-up model; throws if it does not measure as the closed solid it is. */
export async function warmUpAnalysis(): Promise<void> {
  const model = bumpySphereStl(WARM_UP_SEGMENTS, WARM_UP_RINGS, 20);
  const outcome = await analyzeModel(memoryUpload(model), 'warm-up.stl');
  if (
    outcome.status !== 'ready' ||
    outcome.analysis.watertight !== true ||
    outcome.analysis.shellCount !== 1
  ) {
    throw new Error(`the warm-up model did not analyse as one closed shell: ${JSON.stringify(outcome)}`);
  }
}
