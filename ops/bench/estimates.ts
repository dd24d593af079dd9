// Instant estimate against the slicer: how far stage 1 (estimateProcess, from the geometry) lands
// from stage 2 (PrusaSlicer's print time and filament), in print hours, grams and price, per profile.
// The calibrated estimator is measured held out: each part is predicted by a fit without it. Next to
// it, in the same run on the same parts, the hand-tuned estimator it replaced (the baseline).
// The parts: the generated shapes of ops/estimator/shapes.ts and the fixture models, analysed and
// sliced at all 12 profiles, from the cache under var/estimator (a first run slices for ~10 minutes).
// Run: node ops/bench/estimates.ts

import type { PartGeometry } from '@printfarm/domain/estimator';
import { heldOutPredictions } from '@printfarm/domain/estimator';
import { type PrintSettings, sliceProfileKey } from '@printfarm/domain/printSettings';
import { type EstimateRow, errorTable, printErrorTable, worstPriced } from '../estimator/errorTable.ts';
import { samplesOf, trainingParts } from '../estimator/trainingSet.ts';
import { step } from '../lib/log.ts';
import { reportTarget } from '../lib/summary.ts';

const TARGETS = { priceMedian: 5, priceWorst: 15, hoursMedian: 10, gramsMedian: 10 };

/**
 * The FDM estimate before calibration (pricing.ts's FDM_MODEL until this benchmark's commit), kept
 * here only as the baseline: shells of 0.9 mm, infill at its density, 12 % support, 6.4 mm³/s at
 * 0.2 mm layers scaled by layer height, at least 10 s a layer, 2 minutes to start.
 */
function handTunedEstimate(part: PartGeometry, settings: PrintSettings) {
  const shell = Math.min(part.volumeCm3, part.surfaceAreaCm2 * 0.09);
  const infill = Math.max(0, part.volumeCm3 - shell) * (settings.infillPercent / 100);
  const filamentCm3 = shell + infill + (part.supportVolumeCm3 ?? 0) * 0.12;
  const flow = 6.4 * (settings.layerHeightMm / 0.2);
  const layers = Math.max(1, Math.ceil(part.bboxMm.z / settings.layerHeightMm));
  const perLayer = Math.max(10, (filamentCm3 * 1000) / layers / flow);
  return { printSeconds: layers * perLayer + 120, filamentCm3 };
}

step('measuring the parts (analysis, and slices from the cache)');
const samples = samplesOf(await trainingParts());
step(`${samples.length} slices of ${new Set(samples.map((s) => s.shape)).size} parts; fitting held out`);
const calibrated: EstimateRow[] = heldOutPredictions(samples).map(({ sample, estimate }) => ({
  part: sample.shape,
  profileKey: sliceProfileKey(sample.settings),
  firm: { printSeconds: sample.printSeconds, filamentCm3: sample.filamentCm3 },
  estimate,
}));
const handTuned: EstimateRow[] = calibrated.map((row, i) => {
  const sample = samples.find((s) => s.shape === row.part && sliceProfileKey(s.settings) === row.profileKey);
  if (!sample) throw new Error(`no sample for row ${i}`);
  return { ...row, estimate: handTunedEstimate(sample.part, sample.settings) };
});

console.log('\nEstimate error, median / worst absolute % (was: the hand-tuned estimator, same parts):');
printErrorTable(calibrated, handTuned);
console.log(`Worst priced now: ${worstPriced(calibrated, 5).join('; ')}`);
console.log(`Worst priced before: ${worstPriced(handTuned, 5).join('; ')}`);

const now = errorTable(calibrated).get('all');
const before = errorTable(handTuned).get('all');
if (!now || !before) throw new Error('no rows');
const pct = (value: number) => `${value.toFixed(1)} %`;
const target = (what: string, current: number, baseline: number, limit: number) =>
  reportTarget({
    what,
    now: pct(current),
    baseline: pct(baseline),
    target: `≤ ${limit} %`,
    met: current <= limit,
  });
target(
  'estimate → firm price, median error',
  now.price.medianPercent,
  before.price.medianPercent,
  TARGETS.priceMedian,
);
target(
  'estimate → firm price, worst error',
  now.price.worstPercent,
  before.price.worstPercent,
  TARGETS.priceWorst,
);
target(
  'estimated print hours, median error',
  now.hours.medianPercent,
  before.hours.medianPercent,
  TARGETS.hoursMedian,
);
target(
  'estimated grams, median error',
  now.grams.medianPercent,
  before.grams.medianPercent,
  TARGETS.gramsMedian,
);
