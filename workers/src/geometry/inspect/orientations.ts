// Orientation candidates: the part on each of its six axis-aligned sides, and on its largest tilted
// flat face, each with the support it would need. What needs support is what the farms' slicer supports
// (the profiles' support_material_threshold = 55): undersides sloping less than 55° from the plate,
// unless they rest on it; the analysis's own overhang figures (mesh.ts) keep the stricter 45°. Which
// way a facet faces is the solid's (shellFigures.ts): like the analysis, an inside-out file is measured
// as the solid it describes; unlike it, so is one shell wound inside out among others.
import {
  ORIENTATION_KEYS,
  type OrientationCandidate,
  type OrientationKey,
  type Rotation3,
} from '@printfarm/domain/inspection';
import { largestRestingFace } from './restingFace.ts';
import { AXIS_ROTATIONS, rotate, rotationPlacingDown, type Vector3 } from './rotation.ts';
import type { MeshBox, TriangleSoup } from './soup.ts';

/**
 * Facets whose corners all lie this close to the lowest point rest on the plate: the analysis's figure
 * (mesh.ts), in file units as there.
 */
const PLATE_TOLERANCE = 0.05;

/** PrusaSlicer's support_material_threshold in the farms' profiles (workers/src/slicer/profiles). */
export const SUPPORT_THRESHOLD_DEGREES = 55;
/**
 * A facet whose underside slopes less than the threshold from the plate has its normal within the
 * threshold of straight down: nz² > cot²(threshold) · (nx² + ny²), without a square root (at 45° the
 * analysis's nz² > nx² + ny²).
 */
const SUPPORTED_SLOPE = Math.tan(((90 - SUPPORT_THRESHOLD_DEGREES) * Math.PI) / 180) ** 2;

export interface OrientationInput {
  soup: TriangleSoup;
  /** +1 or −1 per triangle: which way its winding faces out of the solid (shellFigures.ts). */
  facing: Int8Array;
  /** The mesh's surface area. */
  area: number;
  box: MeshBox;
}

/** The candidates in ORIENTATION_KEYS order, the file as uploaded ('z-') first. */
export function orientationCandidates(input: OrientationInput): OrientationCandidate[] {
  const face = largestRestingFace(input.soup, input.facing, { area: input.area, ...input.box });
  return ORIENTATION_KEYS.flatMap((key) => {
    if (key !== 'face') return [measureOrientation(input, key, AXIS_ROTATIONS[key])];
    return face ? [measureOrientation(input, key, rotationPlacingDown(face.normal))] : [];
  });
}

/** The candidate needing the least support; among equals, the one with most area on the plate. */
export function preferredOrientation(candidates: OrientationCandidate[]): OrientationCandidate | undefined {
  const least = Math.min(...candidates.map((candidate) => candidate.supportVolume));
  // Support volumes that differ by rounding only are equal.
  const margin = 1e-9 * Math.max(...candidates.map((candidate) => candidate.supportVolume), 1);
  return candidates
    .filter((candidate) => candidate.supportVolume <= least + margin)
    .reduce<OrientationCandidate | undefined>(
      (best, next) => (best && best.plateArea >= next.plateArea ? best : next),
      undefined,
    );
}

/** The figures of the part turned by `rotation`, its lowest point on the plate. */
export function measureOrientation(
  { soup, facing, box }: OrientationInput,
  key: OrientationKey,
  rotation: Rotation3,
): OrientationCandidate {
  const [r0, r1, r2, r3, r4, r5, r6, r7, r8] = rotation;
  const { low, high } = turnedBox(soup, rotation, box);
  const plate = low[2];
  const plateTop = plate + PLATE_TOLERANCE;
  let overhangArea = 0;
  let supportVolume = 0;
  let plateArea = 0;
  for (let t = 0, at = 0; at < soup.length; t++, at += 9) {
    // The turned corners, as mesh.ts measures them: exact for the axis-aligned turns (0 and ±1).
    const ax = r0 * soup[at]! + r1 * soup[at + 1]! + r2 * soup[at + 2]!;
    const ay = r3 * soup[at]! + r4 * soup[at + 1]! + r5 * soup[at + 2]!;
    const az = r6 * soup[at]! + r7 * soup[at + 1]! + r8 * soup[at + 2]!;
    const bx = r0 * soup[at + 3]! + r1 * soup[at + 4]! + r2 * soup[at + 5]!;
    const by = r3 * soup[at + 3]! + r4 * soup[at + 4]! + r5 * soup[at + 5]!;
    const bz = r6 * soup[at + 3]! + r7 * soup[at + 4]! + r8 * soup[at + 5]!;
    const cx = r0 * soup[at + 6]! + r1 * soup[at + 7]! + r2 * soup[at + 8]!;
    const cy = r3 * soup[at + 6]! + r4 * soup[at + 7]! + r5 * soup[at + 8]!;
    const cz = r6 * soup[at + 6]! + r7 * soup[at + 7]! + r8 * soup[at + 8]!;
    const ux = bx - ax;
    const uy = by - ay;
    const uz = bz - az;
    const vx = cx - ax;
    const vy = cy - ay;
    const vz = cz - az;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    // Facing down by the solid's outside, not the winding (an inside-out shell).
    if (nz * facing[t]! >= 0) continue;
    const shadow = Math.abs(nz) / 2;
    if (Math.max(az, bz, cz) <= plateTop) plateArea += shadow;
    else if (nz * nz > SUPPORTED_SLOPE * (nx * nx + ny * ny)) {
      overhangArea += shadow;
      supportVolume += shadow * ((az + bz + cz) / 3 - plate);
    }
  }
  return {
    key,
    rotation,
    bbox: { x: high[0] - low[0], y: high[1] - low[1], z: high[2] - plate },
    overhangArea,
    supportVolume,
    plateArea,
  };
}

/** The bounding box of the turned part: a turn along the axes (0 and ±1 only) turns the mesh's box. */
function turnedBox(soup: TriangleSoup, rotation: Rotation3, box: MeshBox): { low: Vector3; high: Vector3 } {
  if (rotation.every((value) => value === 0 || Math.abs(value) === 1)) {
    const a = rotate(rotation, box.low);
    const b = rotate(rotation, box.high);
    return {
      low: [Math.min(a[0], b[0]), Math.min(a[1], b[1]), Math.min(a[2], b[2])],
      high: [Math.max(a[0], b[0]), Math.max(a[1], b[1]), Math.max(a[2], b[2])],
    };
  }
  const [r0, r1, r2, r3, r4, r5, r6, r7, r8] = rotation;
  const low: Vector3 = [Infinity, Infinity, Infinity];
  const high: Vector3 = [-Infinity, -Infinity, -Infinity];
  for (let c = 0; c < soup.length; c += 3) {
    const x = soup[c]!;
    const y = soup[c + 1]!;
    const z = soup[c + 2]!;
    const turned: Vector3 = [r0 * x + r1 * y + r2 * z, r3 * x + r4 * y + r5 * z, r6 * x + r7 * y + r8 * z];
    for (let axis = 0; axis < 3; axis++) {
      low[axis] = Math.min(low[axis]!, turned[axis]!);
      high[axis] = Math.max(high[axis]!, turned[axis]!);
    }
  }
  return { low, high };
}
