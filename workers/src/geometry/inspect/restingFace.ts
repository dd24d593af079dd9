// The largest flat face a part can stand on, when it is tilted off the file's axes (the six axis-aligned
// sides are orientation candidates already): coplanar facets grouped by normal and plane, kept only if
// the plane supports the part, with no corner beyond it.
import type { Vector3 } from './rotation.ts';
import { facetNormal, type TriangleSoup } from './soup.ts';

/** A face smaller than this share of the surface is a facet of a curved surface, not one to stand on. */
const MIN_FACE_SHARE = 0.02;
/** Normals within about 0.03° fall in one group (a 1/2048 grid on each component). */
const NORMAL_STEPS = 2048;
/** Facets within this share of the diagonal of a plane lie in it; corners beyond it rule it out. */
const PLANE_TOLERANCE = 1e-5;
/** A normal this close to an axis (about 0.003°) is that axis's side. */
const AXIS_ALIGNED = 1 - 1e-9;
/** Groups checked against the whole mesh, largest first. */
const CANDIDATE_GROUPS = 6;
/** Buckets of the first, coarse sum of area by normal. */
const NORMAL_BUCKETS = 1 << 16;
/** A facet's normal while it is looked at. */
const scratch = new Float64Array(3);

export interface RestingFace {
  /** Unit normal, out of the solid. */
  normal: Vector3;
  area: number;
}

interface FacetPlane {
  normal: Vector3;
  offset: number;
  area: number;
}

/**
 * `facing` says which way each facet's winding faces out of the solid, `area` is the mesh's surface
 * and `center` and `diagonal` describe its bounding box. Null when no tilted face is large enough.
 */
export function largestRestingFace(
  soup: TriangleSoup,
  facing: Int8Array,
  { area, center, diagonal }: { area: number; center: Vector3; diagonal: number },
): RestingFace | null {
  if (!(diagonal > 0)) return null;
  const minArea = MIN_FACE_SHARE * area;
  const tolerance = PLANE_TOLERANCE * diagonal;
  // Area by normal alone, coarsely (colliding normals add up), rules out the facets of curved surfaces
  // before any facet is filed by its exact group.
  const byNormal = new Float64Array(NORMAL_BUCKETS);
  const plane: FacetPlane = { normal: [0, 0, 0], offset: 0, area: 0 };
  const triangles = soup.length / 9;
  for (let t = 0; t < triangles; t++) {
    if (!tiltedPlane(soup, t, facing[t]!, center, plane)) continue;
    byNormal[normalBucket(plane.normal)]! += plane.area;
  }
  const groups = new Map<number, { area: number; facet: number }>();
  for (let t = 0; t < triangles; t++) {
    if (!tiltedPlane(soup, t, facing[t]!, center, plane)) continue;
    if (byNormal[normalBucket(plane.normal)]! < minArea / 2) continue;
    const key = groupKey(plane, tolerance);
    const group = groups.get(key);
    if (group) group.area += plane.area;
    else groups.set(key, { area: plane.area, facet: t });
  }
  // A face cut across a grid line falls in two groups: each is checked with the facets of both.
  const candidates = [...groups.values()]
    .filter((group) => group.area >= minArea / 2)
    .sort((a, b) => b.area - a.area || a.facet - b.facet)
    .slice(0, CANDIDATE_GROUPS);
  let best: RestingFace | null = null;
  for (const { facet } of candidates) {
    tiltedPlane(soup, facet, facing[facet]!, center, plane);
    const faceArea = supportingFaceArea(soup, facing, plane, center, tolerance);
    if (faceArea >= minArea && faceArea > (best?.area ?? 0))
      best = { normal: [...plane.normal], area: faceArea };
  }
  return best;
}

/**
 * Into `plane`: facet t's outward unit normal, its plane's offset from `center` along it, and its
 * area. False for a facet with no area or one facing along an axis.
 */
function tiltedPlane(
  soup: TriangleSoup,
  t: number,
  facing: number,
  center: Vector3,
  plane: FacetPlane,
): boolean {
  const n = facetNormal(soup, t, scratch, 0);
  const length = Math.sqrt(n[0]! * n[0]! + n[1]! * n[1]! + n[2]! * n[2]!);
  if (!(length > 0)) return false;
  const scale = facing / length;
  const normal = plane.normal;
  normal[0] = n[0]! * scale;
  normal[1] = n[1]! * scale;
  normal[2] = n[2]! * scale;
  if (Math.max(Math.abs(normal[0]), Math.abs(normal[1]), Math.abs(normal[2])) >= AXIS_ALIGNED) return false;
  const at = t * 9;
  plane.offset =
    normal[0] * (soup[at]! - center[0]) +
    normal[1] * (soup[at + 1]! - center[1]) +
    normal[2] * (soup[at + 2]! - center[2]);
  plane.area = length / 2;
  return true;
}

function normalBucket([nx, ny, nz]: Vector3): number {
  const h =
    Math.imul(Math.round(nx * NORMAL_STEPS), 0x9e3779b1) ^
    Math.imul(Math.round(ny * NORMAL_STEPS), 0x85ebca77) ^
    Math.imul(Math.round(nz * NORMAL_STEPS), 0xc2b2ae3d);
  return (h ^ (h >>> 16)) & (NORMAL_BUCKETS - 1);
}

/**
 * One number for a facet's group: its normal on the normal grid and its offset (at most half the
 * diagonal) in steps of ten tolerances, 4097³ × 10,001 keys in all, exact below 2⁵³.
 */
function groupKey({ normal, offset }: FacetPlane, tolerance: number): number {
  const steps = 2 * NORMAL_STEPS + 1;
  const [x, y, z] = normal.map((n) => Math.round(n * NORMAL_STEPS) + NORMAL_STEPS) as Vector3;
  return ((x * steps + y) * steps + z) * 10_001 + Math.round(offset / (10 * tolerance)) + 5000;
}

/**
 * The area of the facets lying in `plane` (normal and offset alike), or 0 when some corner of the
 * mesh lies beyond it: the part could not rest on that face.
 */
function supportingFaceArea(
  soup: TriangleSoup,
  facing: Int8Array,
  plane: FacetPlane,
  center: Vector3,
  tolerance: number,
): number {
  const [px, py, pz] = plane.normal;
  const limit = plane.offset + tolerance;
  for (let c = 0; c < soup.length; c += 3) {
    if (
      px * (soup[c]! - center[0]) + py * (soup[c + 1]! - center[1]) + pz * (soup[c + 2]! - center[2]) >
      limit
    ) {
      return 0;
    }
  }
  const facet: FacetPlane = { normal: [0, 0, 0], offset: 0, area: 0 };
  let area = 0;
  for (let t = 0; t < soup.length / 9; t++) {
    if (!tiltedPlane(soup, t, facing[t]!, center, facet)) continue;
    const [nx, ny, nz] = facet.normal;
    if (nx * px + ny * py + nz * pz > 1 - 1e-6 && Math.abs(facet.offset - plane.offset) <= tolerance) {
      area += facet.area;
    }
  }
  return area;
}
