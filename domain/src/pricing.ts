// How a farm prices a print request, as one pure function with its breakdown. Stage 1 of a quote feeds
// it numbers estimated from the geometry; stage 2 feeds it PrusaSlicer's print time and grams. Money
// is in cents; a material rate may hold fractions of a cent (per cm³ or per gram).
import { type EstimatorModels, type PartGeometry, predictFdm } from './estimator.ts';
import { ESTIMATOR_DEFAULTS } from './estimatorDefaults.ts';
import type { Technology } from './printerCatalogue.ts';
import { materialDensity, type PrintSettings, sliceProfileKey } from './printSettings.ts';

export const PRICE_BASES = ['cm3', 'gram'] as const;
export type PriceBasis = (typeof PRICE_BASES)[number];

export interface RateCard {
  priceBasis: PriceBasis;
  /** Cents per cm³ or per gram of material used (supports included). */
  materialRateCents: number;
  machineHourRateCents: number;
  /** Charged once per file: preparing, slicing, plate changes. */
  setupFeeCents: number;
  /** An order below this is raised to it. */
  minimumOrderCents: number;
  leadTimeDays: number;
}

/** What a farm charges where it has set no rate of its own, per technology. */
export const NETWORK_DEFAULT_RATES: Record<Technology, RateCard> = {
  'FFF/FDM': {
    priceBasis: 'cm3',
    materialRateCents: 20,
    machineHourRateCents: 300,
    setupFeeCents: 400,
    minimumOrderCents: 1200,
    leadTimeDays: 2,
  },
  'SLA/Resin': {
    priceBasis: 'cm3',
    materialRateCents: 45,
    machineHourRateCents: 450,
    setupFeeCents: 800,
    minimumOrderCents: 2000,
    leadTimeDays: 3,
  },
  SLS: {
    priceBasis: 'cm3',
    materialRateCents: 80,
    machineHourRateCents: 1200,
    setupFeeCents: 1500,
    minimumOrderCents: 3500,
    leadTimeDays: 5,
  },
  'Multi Jet Fusion': {
    priceBasis: 'cm3',
    materialRateCents: 70,
    machineHourRateCents: 1400,
    setupFeeCents: 1500,
    minimumOrderCents: 3500,
    leadTimeDays: 5,
  },
  PolyJet: {
    priceBasis: 'cm3',
    materialRateCents: 120,
    machineHourRateCents: 2000,
    setupFeeCents: 2000,
    minimumOrderCents: 5000,
    leadTimeDays: 5,
  },
  'Binder Jetting': {
    priceBasis: 'cm3',
    materialRateCents: 250,
    machineHourRateCents: 2500,
    setupFeeCents: 4000,
    minimumOrderCents: 9000,
    leadTimeDays: 10,
  },
  'Metal 3D Printing': {
    priceBasis: 'cm3',
    materialRateCents: 600,
    machineHourRateCents: 4500,
    setupFeeCents: 8000,
    minimumOrderCents: 25000,
    leadTimeDays: 12,
  },
  Other: {
    priceBasis: 'cm3',
    materialRateCents: 40,
    machineHourRateCents: 500,
    setupFeeCents: 1000,
    minimumOrderCents: 2500,
    leadTimeDays: 5,
  },
};

/** Machine time and material for one copy. */
export interface ProcessNumbers {
  printHours: number;
  materialCm3: number;
  grams: number;
}

/** Vat and bed processes: a build is shared by many parts, so a part pays its share of the platform. */
interface SharedBuild {
  platformMm: { x: number; y: number };
  layerMm: number;
  secondsPerLayer: number;
  minimumShare: number;
  materialFactor: number;
}

const VAT_PROCESSES: Partial<Record<Technology, SharedBuild>> = {
  'SLA/Resin': {
    platformMm: { x: 145, y: 145 },
    layerMm: 0.05,
    secondsPerLayer: 9,
    minimumShare: 0.1,
    materialFactor: 1.1,
  },
  PolyJet: {
    platformMm: { x: 490, y: 390 },
    layerMm: 0.016,
    secondsPerLayer: 10,
    minimumShare: 0.05,
    materialFactor: 1.3,
  },
};

/** Powder beds nest parts in three dimensions: a part pays its share of a full build's hours. */
const POWDER_PROCESSES: Partial<Record<Technology, { buildCm3: number; fullBuildHours: number }>> = {
  SLS: { buildCm3: (165 * 165 * 300) / 1000, fullBuildHours: 24 },
  'Multi Jet Fusion': { buildCm3: (380 * 284 * 380) / 1000, fullBuildHours: 15 },
  'Binder Jetting': { buildCm3: (400 * 250 * 250) / 1000, fullBuildHours: 12 },
};

/**
 * FDM: the calibrated model of the settings' slicing profile (domain/estimator.ts), from `models`
 * where it has one, else the committed defaults. Material is the filament, supports included.
 */
function fdmProcess(
  part: PartGeometry,
  settings: PrintSettings,
  density: number,
  models: EstimatorModels,
): ProcessNumbers {
  const profileKey = sliceProfileKey(settings);
  const model = models[profileKey] ?? ESTIMATOR_DEFAULTS[profileKey];
  if (!model) throw new Error(`No calibrated FDM estimator for the profile ${profileKey}`);
  const { printSeconds, filamentCm3 } = predictFdm(model, part, settings);
  return { printHours: printSeconds / 3600, materialCm3: filamentCm3, grams: filamentCm3 * density };
}

/**
 * Machine time and material for one copy of a part, estimated from its geometry. `models` replaces
 * the committed FDM models profile by profile (a fresher calibration); callers may leave it out.
 */
export function estimateProcess(
  technology: Technology,
  material: string,
  part: PartGeometry,
  settings: PrintSettings,
  models: EstimatorModels = ESTIMATOR_DEFAULTS,
): ProcessNumbers {
  const density = materialDensity(material);
  const vat = VAT_PROCESSES[technology];
  if (vat) {
    const footprint = part.bboxMm.x * part.bboxMm.y;
    const share = Math.max(vat.minimumShare, footprint / (vat.platformMm.x * vat.platformMm.y));
    const seconds = Math.ceil(part.bboxMm.z / vat.layerMm) * vat.secondsPerLayer * Math.min(1, share);
    const materialCm3 = part.volumeCm3 * vat.materialFactor;
    return { printHours: seconds / 3600, materialCm3, grams: materialCm3 * density };
  }
  const powder = POWDER_PROCESSES[technology];
  if (powder) {
    const packedCm3 = (part.bboxMm.x * part.bboxMm.y * part.bboxMm.z) / 1000;
    const printHours = Math.max(0.1, (packedCm3 / powder.buildCm3) * powder.fullBuildHours);
    return { printHours, materialCm3: part.volumeCm3, grams: part.volumeCm3 * density };
  }
  if (technology === 'Metal 3D Printing') {
    // Laser powder bed fusion: about 10 cm³ an hour plus recoating every 0.04 mm layer.
    const materialCm3 = part.volumeCm3 + (part.supportVolumeCm3 ?? 0) * 0.2;
    const printHours = materialCm3 / 10 + (Math.ceil(part.bboxMm.z / 0.04) * 8) / 3600;
    return { printHours, materialCm3, grams: materialCm3 * density };
  }
  return fdmProcess(part, settings, density, models);
}

/** Parcel shipping by distance band (miles), plus a surcharge for every started 500 g beyond the first. */
export const SHIPPING_BANDS: ReadonlyArray<{ upToMiles: number; cents: number; label: string }> = [
  { upToMiles: 50, cents: 600, label: 'Local' },
  { upToMiles: 250, cents: 850, label: 'Regional' },
  { upToMiles: 750, cents: 1150, label: 'Zone 5' },
  { upToMiles: 1500, cents: 1450, label: 'Zone 7' },
  { upToMiles: Number.POSITIVE_INFINITY, cents: 1800, label: 'Cross-country' },
];
export const SHIPPING_CENTS_PER_EXTRA_500G = 150;

export function shippingCents(distanceMiles: number, grams: number): number {
  const band = SHIPPING_BANDS.find((b) => distanceMiles <= b.upToMiles) ?? SHIPPING_BANDS.at(-1);
  const extraBlocks = Math.max(0, Math.ceil(grams / 500) - 1);
  return (band?.cents ?? 0) + extraBlocks * SHIPPING_CENTS_PER_EXTRA_500G;
}

export interface PricedPart {
  process: ProcessNumbers;
  quantity: number;
}

/** Every line in cents; they add up to totalCents. printHours and grams are for the whole order. */
export interface PriceBreakdown {
  materialCents: number;
  machineCents: number;
  setupCents: number;
  /** What raises the order to the farm's minimum; 0 when it is above. */
  minimumOrderCents: number;
  shippingCents: number;
  totalCents: number;
  printHours: number;
  grams: number;
}

export interface PriceInput {
  rate: RateCard;
  parts: readonly PricedPart[];
  distanceMiles: number;
}

/** The price of an order at one farm, with its breakdown. */
export function priceOffer({ rate, parts, distanceMiles }: PriceInput): PriceBreakdown {
  let material = 0;
  let machineHours = 0;
  let grams = 0;
  for (const { process, quantity } of parts) {
    const units = rate.priceBasis === 'gram' ? process.grams : process.materialCm3;
    material += units * rate.materialRateCents * quantity;
    machineHours += process.printHours * quantity;
    grams += process.grams * quantity;
  }
  const materialCents = Math.round(material);
  const machineCents = Math.round(machineHours * rate.machineHourRateCents);
  const setupCents = Math.round(rate.setupFeeCents * parts.length);
  const production = materialCents + machineCents + setupCents;
  const minimumOrderCents = Math.max(0, Math.round(rate.minimumOrderCents) - production);
  const shipping = shippingCents(distanceMiles, grams);
  return {
    materialCents,
    machineCents,
    setupCents,
    minimumOrderCents,
    shippingCents: shipping,
    totalCents: production + minimumOrderCents + shipping,
    printHours: machineHours,
    grams,
  };
}

const DAY_MS = 86_400_000;

/**
 * The day a farm can have the order ready: its lead time, plus the days its queue and this order take
 * at the parts per day it gives the network. A date without a time (UTC midnight).
 */
export function readyByDate(
  now: Date,
  leadTimeDays: number,
  farm: { queuedParts: number; partsPerDay: number },
  parts: number,
): Date {
  const productionDays = Math.ceil((farm.queuedParts + parts) / Math.max(1, farm.partsPerDay));
  const ready = new Date(now.getTime() + (leadTimeDays + productionDays) * DAY_MS);
  return new Date(Date.UTC(ready.getUTCFullYear(), ready.getUTCMonth(), ready.getUTCDate()));
}

/** A farm's record as ranking reads it: averages and the counts behind them. */
export interface ScorecardCounts {
  rating: number;
  ratingCount: number;
  shippedJobs: number;
  onTimeJobs: number;
  routedJobs: number;
  declinedJobs: number;
}

/**
 * What a farm with no record is assumed to be, and how many jobs that assumption weighs: a new farm
 * starts neutral, not at zero, and its own record takes over as jobs come in.
 */
export const NEUTRAL_PRIOR = { rating: 4.5, onTimeRate: 0.9, declineRate: 0.1, weight: 5 } as const;

export interface Scorecard {
  rating: number;
  onTimeRate: number;
  declineRate: number;
}

const blend = (prior: number, observedSum: number, count: number) =>
  (prior * NEUTRAL_PRIOR.weight + observedSum) / (NEUTRAL_PRIOR.weight + count);

/** The record blended with the neutral prior (a Bayesian average). */
export function blendedScorecard(counts: ScorecardCounts): Scorecard {
  return {
    rating: blend(NEUTRAL_PRIOR.rating, counts.rating * counts.ratingCount, counts.ratingCount),
    onTimeRate: blend(NEUTRAL_PRIOR.onTimeRate, counts.onTimeJobs, counts.shippedJobs),
    declineRate: blend(NEUTRAL_PRIOR.declineRate, counts.declinedJobs, counts.routedJobs),
  };
}

/** The raw rates shown to people; null where the farm has no record yet. */
export function observedRates(counts: ScorecardCounts): {
  onTimeRate: number | null;
  declineRate: number | null;
} {
  return {
    onTimeRate: counts.shippedJobs > 0 ? counts.onTimeJobs / counts.shippedJobs : null,
    declineRate: counts.routedJobs > 0 ? counts.declinedJobs / counts.routedJobs : null,
  };
}

/**
 * The ranking score of an offer, lower is better: its price, raised for a weaker record (rating, late
 * shipping, declining jobs) and by 1 % per day until ready. Offers are listed and re-routed in this order.
 */
export function rankScore(totalCents: number, daysUntilReady: number, scorecard: Scorecard): number {
  const risk =
    0.25 * ((5 - scorecard.rating) / 4) + 0.5 * (1 - scorecard.onTimeRate) + 0.25 * scorecard.declineRate;
  return totalCents * (1 + risk + 0.01 * Math.max(0, daysUntilReady));
}
