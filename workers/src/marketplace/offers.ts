// Turning a request's parts and the candidate farms into ranked offers. The process numbers (machine
// time, material) come from the geometry in stage 1 and from PrusaSlicer in stage 2; the same pricing
// function from domain/ prices both.

import type { Prisma } from '@printfarm/db';
import { inspectionOf } from '@printfarm/db/printability';
import type { PartGeometry } from '@printfarm/domain/estimator';
import { MAX_OFFERS, withinRadius } from '@printfarm/domain/farmSearch';
import { rateCardOf } from '@printfarm/domain/farmSettings';
import type { MeshInspection } from '@printfarm/domain/inspection';
import { MAX_PAYMENT_CENTS } from '@printfarm/domain/money';
import { chooseOrientation, type PrintOrientation } from '@printfarm/domain/orientation';
import {
  blendedScorecard,
  NETWORK_DEFAULT_RATES,
  observedRates,
  type PriceBreakdown,
  type ProcessNumbers,
  priceOffer,
  rankScore,
  readyByDate,
} from '@printfarm/domain/pricing';
import { isTechnology } from '@printfarm/domain/printerCatalogue';
import { isUnits, type Size3, scaleMetrics, type Units } from '@printfarm/domain/units';
import type { CandidateFarm } from './candidates.ts';

/** One file of the request as quoting needs it. */
export interface QuotePart {
  fileId: string;
  fileName: string;
  format: string;
  sha256: string | null;
  filePath: string;
  units: Units;
  quantity: number;
  /** One copy in the orientation it prints in (least support): what the estimate prices. */
  geometry: PartGeometry;
  /** The inspection's orientations, so stage 2 can choose again for the bed it slices on. */
  inspection: MeshInspection | null;
  /** The file's own extents in mm (any orientation may be printed: farms are matched on these). */
  sizeMm: Size3;
  /** Format extras from the analysis (a G-code file's own print time and filament). */
  metadata: unknown;
}

interface AnalysedFile {
  id: string;
  fileName: string;
  filePath: string;
  sha256: string | null;
  quantity: number;
  analysis: {
    format: string;
    units: string;
    bboxXMm: number | null;
    bboxYMm: number | null;
    bboxZMm: number | null;
    volumeCm3: number | null;
    surfaceAreaCm2: number | null;
    overhangAreaCm2: number | null;
    supportVolumeCm3: number | null;
    shellCount: number | null;
    inspection: Prisma.JsonValue;
    metadata: unknown;
  } | null;
}

/** A part's geometry as printed in `orientation` (as uploaded without one). */
export function geometryIn(
  part: Pick<QuotePart, 'geometry'>,
  orientation: PrintOrientation | null,
): PartGeometry {
  if (!orientation) return part.geometry;
  return {
    ...part.geometry,
    bboxMm: orientation.bboxMm,
    supportVolumeCm3: orientation.supportVolumeCm3,
    overhangAreaCm2: orientation.overhangAreaCm2,
  };
}

/**
 * The files with measured geometry, in real millimetres for the unit each was confirmed in, each in the
 * orientation needing least support.
 */
export function quotePartsOf(files: readonly AnalysedFile[]): QuotePart[] {
  const parts: QuotePart[] = [];
  for (const file of files) {
    const a = file.analysis;
    if (!a || a.bboxXMm === null || a.bboxYMm === null || a.bboxZMm === null) continue;
    const units = isUnits(a.units) ? a.units : 'mm';
    const real = scaleMetrics(
      {
        bbox: { x: a.bboxXMm, y: a.bboxYMm, z: a.bboxZMm },
        volumeCm3: a.volumeCm3,
        surfaceAreaCm2: a.surfaceAreaCm2,
        overhangAreaCm2: a.overhangAreaCm2,
        supportVolumeCm3: a.supportVolumeCm3,
      },
      units,
    );
    if (!real.bbox) continue;
    const inspection = inspectionOf(a);
    // A G-code file has no mesh: its extents stand in, and the slicer's own summary gives the numbers.
    const box = real.bbox.x * real.bbox.y * real.bbox.z;
    const asUploaded: PartGeometry = {
      bboxMm: real.bbox,
      volumeCm3: real.volumeCm3 ?? (box / 1000) * 0.3,
      surfaceAreaCm2:
        real.surfaceAreaCm2 ??
        (2 * (real.bbox.x * real.bbox.y + real.bbox.y * real.bbox.z + real.bbox.x * real.bbox.z)) / 100,
      supportVolumeCm3: real.supportVolumeCm3,
      overhangAreaCm2: real.overhangAreaCm2,
      shellCount: a.shellCount,
    };
    parts.push({
      fileId: file.id,
      fileName: file.fileName,
      format: a.format,
      sha256: file.sha256,
      filePath: file.filePath,
      units,
      quantity: file.quantity,
      metadata: a.metadata,
      inspection,
      sizeMm: real.bbox,
      geometry: geometryIn({ geometry: asUploaded }, chooseOrientation(inspection, units)),
    });
  }
  return parts;
}

/** The largest part, for the build-volume check (each dimension's maximum is safe: it can only exclude). */
export function largestPart(parts: readonly QuotePart[]): Size3 {
  let best: Size3 = { x: 0, y: 0, z: 0 };
  let bestVolume = -1;
  for (const part of parts) {
    const { x, y, z } = part.sizeMm;
    if (x * y * z > bestVolume) {
      best = { x, y, z };
      bestVolume = x * y * z;
    }
  }
  return best;
}

export interface PricedFarmOffer {
  farm: CandidateFarm;
  breakdown: PriceBreakdown;
  readyBy: Date;
  rankScore: number;
  /** The farm's record when the offer was made, as the customer sees it. */
  rating: string | null;
  onTimeRate: number | null;
}

const DAY_MS = 86_400_000;

/** One farm's offer for the parts, each with its process numbers. */
export function priceAtFarm(
  farm: CandidateFarm,
  technology: string,
  parts: readonly { process: ProcessNumbers; quantity: number }[],
  now: Date,
): PricedFarmOffer {
  const fallback = NETWORK_DEFAULT_RATES[isTechnology(technology) ? technology : 'Other'];
  const rate = farm.rate ? rateCardOf(farm.rate) : fallback;
  const breakdown = priceOffer({ rate, parts, distanceMiles: farm.distanceMiles });
  const totalParts = parts.reduce((sum, part) => sum + part.quantity, 0);
  const readyBy = readyByDate(
    now,
    rate.leadTimeDays,
    { queuedParts: farm.queuedParts, partsPerDay: farm.availableCapacity },
    totalParts,
  );
  const counts = {
    rating: Number(farm.rating),
    ratingCount: farm.totalJobs,
    shippedJobs: farm.shippedJobs,
    onTimeJobs: farm.onTimeJobs,
    routedJobs: farm.routedJobs,
    declinedJobs: farm.declinedJobs,
  };
  const days = Math.max(0, Math.ceil((readyBy.getTime() - now.getTime()) / DAY_MS));
  return {
    farm,
    breakdown,
    readyBy,
    rankScore: rankScore(breakdown.totalCents, days, blendedScorecard(counts)),
    rating: farm.totalJobs > 0 ? farm.rating : null,
    onTimeRate: observedRates(counts).onTimeRate,
  };
}

/** The best-ranked offers from the farms within the radius; none that no payment could hold. */
export function rankOffers(
  farms: readonly CandidateFarm[],
  radius: number | null,
  price: (farm: CandidateFarm) => PricedFarmOffer,
): PricedFarmOffer[] {
  return farms
    .filter((farm) => withinRadius(farm.distanceMiles, radius))
    .map(price)
    .filter((offer) => offer.breakdown.totalCents <= MAX_PAYMENT_CENTS)
    .sort((p, q) => p.rankScore - q.rankScore)
    .slice(0, MAX_OFFERS);
}
