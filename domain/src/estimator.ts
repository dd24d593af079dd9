// The instant FDM estimate: print seconds and filament cm³ from a part's geometry, one calibrated model
// per slicing profile. Each term is an amount of work the slicer will do (walls, skins, infill, support,
// layers), worked out from the part's volume, surface and height; least squares then learns, profile
// by profile, how many seconds and cm³ PrusaSlicer spends on each (ops/estimator/calibrate.ts fits
// them and writes estimatorDefaults.ts). Pure: no I/O.
import { nonNegativeLeastSquares } from './leastSquares.ts';
import { type PrintSettings, sliceProfileKey } from './printSettings.ts';
import type { Size3 } from './units.ts';

/** One copy of a part, in real millimetres and centimetres (after units). */
export interface PartGeometry {
  volumeCm3: number;
  surfaceAreaCm2: number;
  bboxMm: Size3;
  /** Volume under overhangs down to the plate; null when the analysis predates the estimate. */
  supportVolumeCm3: number | null;
  /** Area of the undersides that need support, projected on the plate; null or absent when not measured. */
  overhangAreaCm2?: number | null;
  /** Separate closed surfaces in the file: several parts on one plate, or a part and its cavities. */
  shellCount?: number | null;
}

/** What the farm's profiles print (workers/src/slicer/profiles/base.ini), as far as the terms need it. */
export const FDM_PROFILE = {
  /** Two perimeters 0.45 mm wide, overlapping: a wall about 0.85 mm thick. */
  wallCm: 0.085,
  /** Top and bottom solid layers, about 0.8 mm whatever the layer height (profiles/generate.ts). */
  skinCm: 0.08,
  /** Width of the perimeter and infill lines. */
  extrusionWidthCm: 0.045,
  /** Infill regions smaller than 70 mm² are printed solid (solid_infill_below_area). */
  solidInfillBelowCm2: 0.7,
  /** Loops up to 6.5 mm in radius print at small_perimeter_speed: a section up to about 1.3 cm². */
  smallPerimeterBelowCm2: Math.PI * 0.65 ** 2,
  /** A layer quicker than this is slowed down so it can cool (slowdown_below_layer_time)... */
  minLayerSeconds: 10,
  /** ...but never below this speed (min_print_speed). */
  minPrintSpeedMmS: 15,
} as const;

/**
 * The work a part asks of the printer at one layer height. The part's volume is split by how it is
 * printed (walls, solid, anchors, sparse infill), so each cm³ is counted once; support comes on top.
 * Volumes in cm³, areas in cm².
 */
export interface FdmTerms {
  /** Perimeters: the side surface × the wall's thickness, no more than the part... */
  wallCm3: number;
  /**
   * ...split off where the sides slope: the slicer thickens sloped walls with bands of solid infill in
   * many short moves (ensure_vertical_shell_thickness), slower than perimeters...
   */
  slopedWallCm3: number;
  /** ...and where the sections are small: their loops print at the small perimeter speed. */
  smallWallCm3: number;
  /**
   * Solid infill: top and bottom skins (the flat surfaces × the skin's thickness) and the inside of
   * sections too small for sparse infill.
   */
  solidCm3: number;
  /**
   * Sloped and stepped tops and bottoms: skins over the rest of the footprint (x × y) the flat
   * surfaces leave out. A pyramid, a dome, an L lying down has far more top than its average section
   * suggests; a tube's hole is counted too, so the fit weighs how far to trust it.
   */
  footprintSkinCm3: number;
  /**
   * Infill lines are anchored along the inside of the walls (infill_anchor, up to 12 mm): about one
   * line's width along the side surface is printed densely whatever the infill, which is why a narrow
   * interior (a tube's, a thin box's) costs far more than its share of infill.
   */
  anchorCm3: number;
  /** The rest of the inside, printed at the profile's infill density. */
  sparseInfillCm3: number;
  /** Space under overhangs down to the plate, filled with sparse support columns. */
  supportCm3: number;
  /**
   * The same in a file of several shells, kept apart: a shell inside another is a sealed cavity, and
   * the analyser supports its ceiling down to the plate through the part, where the slicer (supports
   * from the plate only) prints none. The fit learns how much of it is real.
   */
  multiShellSupportCm3: number;
  /** Undersides that need support: each gets dense interface layers. */
  overhangCm2: number;
  /** Each layer costs a layer change, a seam, travel and retraction. */
  layers: number;
  /** Layers × shells beyond the first: another island to travel to, retract and start on every layer. */
  extraShellLayers: number;
}

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/** 1 below half the threshold, 0 above it, a ramp between: a part's sections vary along its height. */
const shareBelow = (value: number, threshold: number) => clamp01((threshold - value) / (threshold / 2));

export function fdmTerms(part: PartGeometry, layerHeightMm: number): FdmTerms {
  const heightCm = Math.max(part.bboxMm.z, layerHeightMm) / 10;
  const volume = Math.max(0, part.volumeCm3);
  const overhang = Math.max(0, part.overhangAreaCm2 ?? 0);
  const shells = Math.max(1, part.shellCount ?? 1);
  const support = Math.max(0, part.supportVolumeCm3 ?? 0);
  // Flat surfaces: a top and a bottom of the average section, plus the undersides over supports.
  const flatArea = Math.min(part.surfaceAreaCm2, (2 * volume) / heightCm + overhang);
  const sideArea = Math.max(0, part.surfaceAreaCm2 - flatArea);
  // Upright sides are at least as large as the sides of the elliptic cylinder in the bounding box;
  // sides short of that lean in or out (a dome, a cone, a scan).
  const uprightSide = (Math.PI / 2) * ((part.bboxMm.x + part.bboxMm.y) / 10) * heightCm;
  const sloped = clamp01(1 - sideArea / Math.max(uprightSide, 1e-9));
  const small = shareBelow(volume / heightCm / shells, FDM_PROFILE.smallPerimeterBelowCm2);

  let left = volume;
  const take = (wanted: number) => {
    const taken = Math.min(left, Math.max(0, wanted));
    left -= taken;
    return taken;
  };
  const wall = take(sideArea * FDM_PROFILE.wallCm);
  const skin = take(flatArea * FDM_PROFILE.skinCm);
  const footprintSkin = take(((2 * part.bboxMm.x * part.bboxMm.y) / 100 - flatArea) * FDM_PROFILE.skinCm);
  // Whether infill is printed solid depends on the area inside the walls of one layer of one shell.
  const smallSections = take(
    left * shareBelow((volume - wall) / heightCm / shells, FDM_PROFILE.solidInfillBelowCm2),
  );
  const anchor = take(sideArea * FDM_PROFILE.extrusionWidthCm);
  const layers = Math.max(1, Math.ceil((heightCm * 10) / layerHeightMm - 1e-9));
  return {
    wallCm3: wall * (1 - small) * (1 - sloped),
    slopedWallCm3: wall * (1 - small) * sloped,
    smallWallCm3: wall * small,
    solidCm3: skin + smallSections,
    footprintSkinCm3: footprintSkin,
    anchorCm3: anchor,
    sparseInfillCm3: left,
    supportCm3: shells === 1 ? support : 0,
    multiShellSupportCm3: shells === 1 ? 0 : support,
    overhangCm2: overhang,
    layers,
    extraShellLayers: (shells - 1) * layers,
  };
}

export const FILAMENT_TERMS = [
  'wallCm3',
  'slopedWallCm3',
  'smallWallCm3',
  'solidCm3',
  'footprintSkinCm3',
  'anchorCm3',
  'sparseInfillCm3',
  'supportCm3',
  'multiShellSupportCm3',
  'overhangCm2',
  'perPart',
] as const;
export const TIME_TERMS = [...FILAMENT_TERMS, 'layers', 'extraShellLayers'] as const;
/** The time of the layers themselves, which cooling stretches: all but the once-per-part start. */
const LAYER_TERMS = TIME_TERMS.filter((term) => term !== 'perPart');
export type FilamentTerm = (typeof FILAMENT_TERMS)[number];
export type TimeTerm = (typeof TIME_TERMS)[number];
/** The terms with a constant 1 for what every part costs once (skirt, start, first moves). */
type TermValues = FdmTerms & { perPart: number };

/** Median and worst absolute error, in percent of the slicer's figure. */
export interface ErrorSummary {
  medianPercent: number;
  worstPercent: number;
}

/** A profile's calibrated model: plain data, so it can be committed as code or stored as JSON. */
export interface ProfileEstimator {
  profileKey: string;
  /** cm³ of filament per unit of each term. */
  filamentCm3: Record<FilamentTerm, number>;
  /** Seconds per unit of each term, at full speed. */
  printSeconds: Record<TimeTerm, number>;
  sampleCount: number;
  /** Distinct parts among the samples; the held-out error leaves out one part at a time. */
  shapeCount: number;
  fittedAt: string;
  heldOut: { printHours: ErrorSummary; filamentCm3: ErrorSummary };
}

/** Calibrated models by profile key (sliceProfileKey). */
export type EstimatorModels = Readonly<Record<string, ProfileEstimator>>;

/** One part sliced at one profile: the geometry as the estimate sees it, the numbers the slicer gave. */
export interface EstimatorSample {
  /** Samples of one shape (a part at every profile) are held out together. */
  shape: string;
  part: PartGeometry;
  settings: PrintSettings;
  printSeconds: number;
  filamentCm3: number;
}

export interface FdmPrediction {
  printSeconds: number;
  filamentCm3: number;
}

type Coefficients = Pick<ProfileEstimator, 'filamentCm3' | 'printSeconds'>;

const weigh = <T extends string>(terms: readonly T[], values: Record<T, number>, per: Record<T, number>) =>
  terms.reduce((sum, term) => sum + values[term] * per[term], 0);

/**
 * Seconds the slicer adds to layers too quick to cool: it slows their extrusion until a layer takes
 * the minimum layer time, but no slower than the minimum speed over the layer's path (its filament
 * spread 0.45 mm wide). The layers' time, that is, becomes at least layers × that.
 */
function coolingSeconds(
  values: TermValues,
  printSeconds: Record<TimeTerm, number>,
  filamentCm3: number,
  layerHeightMm: number,
) {
  const layerSeconds = weigh(LAYER_TERMS, values, printSeconds);
  const pathMm = (filamentCm3 * 1000) / (layerHeightMm * FDM_PROFILE.extrusionWidthCm * 10) / values.layers;
  const slowLayer = Math.min(FDM_PROFILE.minLayerSeconds, pathMm / FDM_PROFILE.minPrintSpeedMmS);
  return values.layers * Math.max(0, slowLayer - layerSeconds / values.layers);
}

function predictWith(model: Coefficients, part: PartGeometry, layerHeightMm: number): FdmPrediction {
  const values: TermValues = { ...fdmTerms(part, layerHeightMm), perPart: 1 };
  const filamentCm3 = weigh(FILAMENT_TERMS, values, model.filamentCm3);
  const fullSpeed = weigh(TIME_TERMS, values, model.printSeconds);
  const cooling = coolingSeconds(values, model.printSeconds, filamentCm3, layerHeightMm);
  return { printSeconds: fullSpeed + cooling, filamentCm3 };
}

/** Print seconds and filament cm³ for one copy of a part, with the model of the settings' profile. */
export function predictFdm(
  model: ProfileEstimator,
  part: PartGeometry,
  settings: PrintSettings,
): FdmPrediction {
  return predictWith(model, part, settings.layerHeightMm);
}

/**
 * Non-negative least squares on relative errors: each row is divided by its target, so a ten-minute
 * part weighs as much as a two-day one and the fit minimises percentage errors, as the targets read.
 */
function relativeFit(rows: readonly number[][], targets: readonly number[]): number[] {
  return nonNegativeLeastSquares(
    rows.map((row, i) => row.map((value) => value / targets[i]!)),
    targets.map(() => 1),
  );
}

const asRecord = <T extends string>(terms: readonly T[], values: readonly number[]) =>
  Object.fromEntries(terms.map((term, i) => [term, values[i] ?? 0])) as Record<T, number>;

/** Rounds of the cooling fit: each recomputes the slowed layers from the last full-speed fit. */
const COOLING_ROUNDS = 6;

/** The coefficients of one profile from its samples (all at that profile). */
function fitCoefficients(samples: readonly EstimatorSample[]): Coefficients {
  const layerHeight = samples[0]?.settings.layerHeightMm ?? 0.2;
  const values = samples.map((sample): TermValues => ({ ...fdmTerms(sample.part, layerHeight), perPart: 1 }));
  const filamentCm3 = asRecord(
    FILAMENT_TERMS,
    relativeFit(
      values.map((v) => FILAMENT_TERMS.map((term) => v[term])),
      samples.map((sample) => sample.filamentCm3),
    ),
  );
  // Which layers are slowed depends on how fast they print at full speed, which is what is being
  // fitted: start with none slowed, then fit the full-speed seconds to what the slicer's time leaves
  // once the slowing the last fit implies is taken off.
  let printSeconds = asRecord(TIME_TERMS, []);
  for (let round = 0; round < COOLING_ROUNDS; round++) {
    const previous = printSeconds;
    const fullSpeedTargets = samples.map((sample, i) => {
      const v = values[i]!;
      const cooling =
        round === 0 ? 0 : coolingSeconds(v, previous, weigh(FILAMENT_TERMS, v, filamentCm3), layerHeight);
      // Never below 5 % of the slicer's time: a part the last fit took for all cooling keeps a target.
      return Math.max(sample.printSeconds - cooling, sample.printSeconds * 0.05);
    });
    printSeconds = asRecord(
      TIME_TERMS,
      relativeFit(
        values.map((v) => TIME_TERMS.map((term) => v[term])),
        fullSpeedTargets,
      ),
    );
  }
  return { filamentCm3, printSeconds };
}

function byProfile<T extends EstimatorSample>(samples: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const sample of samples) {
    const key = sliceProfileKey(sample.settings);
    groups.set(key, [...(groups.get(key) ?? []), sample]);
  }
  return groups;
}

export interface HeldOutPrediction {
  sample: EstimatorSample;
  estimate: FdmPrediction;
}

/**
 * Every sample predicted by a model fitted without its shape (leave one shape out, per profile): the
 * error a part the calibration has never seen can expect.
 */
export function heldOutPredictions(samples: readonly EstimatorSample[]): HeldOutPrediction[] {
  return [...byProfile(samples).values()].flatMap((profileSamples) =>
    [...new Set(profileSamples.map((sample) => sample.shape))].flatMap((shape) => {
      const model = fitCoefficients(profileSamples.filter((sample) => sample.shape !== shape));
      return profileSamples
        .filter((sample) => sample.shape === shape)
        .map((sample) => ({
          sample,
          estimate: predictWith(model, sample.part, sample.settings.layerHeightMm),
        }));
    }),
  );
}

/** Absolute percentage errors' median and worst. */
export function errorSummary(percentErrors: readonly number[]): ErrorSummary {
  const sorted = percentErrors.map(Math.abs).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 ? sorted[middle]! : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { medianPercent: median, worstPercent: sorted.at(-1) ?? 0 };
}

export const percentError = (estimate: number, actual: number) => ((estimate - actual) / actual) * 100;

/** One model per profile found in the samples, each with its held-out error. */
export function fitEstimator(
  samples: readonly EstimatorSample[],
  fittedAt = new Date(),
): Record<string, ProfileEstimator> {
  const heldOut = byProfile(
    heldOutPredictions(samples).map(({ sample, estimate }) => ({ ...sample, estimate })),
  );
  const models: Record<string, ProfileEstimator> = {};
  for (const [profileKey, profileSamples] of byProfile(samples)) {
    const predicted = heldOut.get(profileKey) ?? [];
    models[profileKey] = {
      profileKey,
      ...fitCoefficients(profileSamples),
      sampleCount: profileSamples.length,
      shapeCount: new Set(profileSamples.map((sample) => sample.shape)).size,
      fittedAt: fittedAt.toISOString(),
      heldOut: {
        printHours: errorSummary(predicted.map((p) => percentError(p.estimate.printSeconds, p.printSeconds))),
        filamentCm3: errorSummary(predicted.map((p) => percentError(p.estimate.filamentCm3, p.filamentCm3))),
      },
    };
  }
  return models;
}
