// How a part is turned to print: the candidate orientations the inspection measured (the 6 axis-aligned
// ones and the largest flat face down), in real units, and the one to print in: it fits the bed, stands
// on a real footprint and needs the least support.
import type { MeshInspection, OrientationCandidate, OrientationKey } from './inspection.ts';
import type { BuildVolume } from './printerCatalogue.ts';
import { MM_PER_UNIT, type Size3, type Units } from './units.ts';

/** Fits the part on the bed: any turn about Z (x and y may swap), but Z stays up. */
export function fitsOnBed(part: Size3, bed: BuildVolume): boolean {
  if (part.z > bed.z) return false;
  return (part.x <= bed.x && part.y <= bed.y) || (part.x <= bed.y && part.y <= bed.x);
}

export const ORIENTATION_LABELS: Record<OrientationKey, string> = {
  'z-': 'as uploaded',
  'z+': 'upside down',
  'x-': 'on its left side',
  'x+': 'on its right side',
  'y-': 'on its front',
  'y+': 'on its back',
  face: 'on its largest flat face',
};

/** A candidate in real millimetres (bbox) and centimetres (areas, volumes). */
export interface PrintOrientation {
  key: OrientationKey;
  rotation: OrientationCandidate['rotation'];
  bboxMm: Size3;
  overhangAreaCm2: number;
  supportVolumeCm3: number;
  plateAreaCm2: number;
}

export function orientationInMm(candidate: OrientationCandidate, units: Units): PrintOrientation {
  const f = MM_PER_UNIT[units];
  return {
    key: candidate.key,
    rotation: candidate.rotation,
    bboxMm: { x: candidate.bbox.x * f, y: candidate.bbox.y * f, z: candidate.bbox.z * f },
    overhangAreaCm2: (candidate.overhangArea * f * f) / 100,
    supportVolumeCm3: (candidate.supportVolume * f ** 3) / 1000,
    plateAreaCm2: (candidate.plateArea * f * f) / 100,
  };
}

/** A part touching the plate with less than this share of the best footprint stands on a point or edge. */
const STABLE_FOOTPRINT_SHARE = 0.05;

/**
 * The orientation to print in: of those that fit the bed (any bed when none is given) and stand on a
 * real footprint (not on a point or an edge, which would need support to stand), the one needing the
 * least support; near-ties go to the larger footprint (it holds to the plate), then the lower part
 * (fewer layers), then the file's own. Null without an inspection.
 */
export function chooseOrientation(
  inspection: Pick<MeshInspection, 'orientations'> | null,
  units: Units,
  bed?: BuildVolume,
): PrintOrientation | null {
  const candidates = (inspection?.orientations ?? []).map((candidate) => orientationInMm(candidate, units));
  const fitting = bed ? candidates.filter((c) => fitsOnBed(c.bboxMm, bed)) : candidates;
  const fits = fitting.length > 0 ? fitting : candidates;
  const widest = Math.max(0, ...fits.map((c) => c.plateAreaCm2));
  const standing = fits.filter((c) => c.plateAreaCm2 >= STABLE_FOOTPRINT_SHARE * widest);
  const pool = standing.length > 0 ? standing : fits;
  let best: PrintOrientation | null = null;
  for (const candidate of pool) {
    if (!best || better(candidate, best)) best = candidate;
  }
  return best;
}

function better(candidate: PrintOrientation, best: PrintOrientation): boolean {
  const tolerance = 0.01 * Math.max(best.supportVolumeCm3, 0.01);
  const support = candidate.supportVolumeCm3 - best.supportVolumeCm3;
  if (Math.abs(support) > tolerance) return support < 0;
  const plate = candidate.plateAreaCm2 - best.plateAreaCm2;
  if (Math.abs(plate) > 1e-6 * Math.max(best.plateAreaCm2, 1)) return plate > 0;
  return candidate.bboxMm.z < best.bboxMm.z - 0.01;
}
