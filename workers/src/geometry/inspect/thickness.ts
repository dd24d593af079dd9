// Wall thickness: rays from points spread over the surface by area (seeded, so a file always gives the
// same figures), cast inward along their facet's normal to where they leave the solid. The number of
// rays is fixed, so a two-million-facet scan costs no more rays than a cube.
import { THICKNESS_QUANTILES, type ThicknessProfile } from '@printfarm/domain/inspection';
import type { TriangleBvh } from './bvh.ts';
import { facetNormal, type TriangleSoup } from './soup.ts';

/** Rays cast: quantiles to a thirty-second need a few thousand; more find smaller thin spots. */
export const THICKNESS_RAYS = 16_384;
export const THINNEST_LISTED = 24;
/** Listed thin spots lie at least this share of the part's diagonal apart. */
const THINNEST_SPACING = 1 / 20;
/**
 * Hits nearer than this share of the part's diagonal are ignored: a facet duplicated or touching the
 * one the ray starts from, or a neighbour met by rounding, is no wall.
 */
const NEAREST_WALL = 1e-5;
/** Facets a ray may cross looking for where it leaves the solid (shells that overlap each other). */
const MAX_CROSSINGS = 8;
const SEED = 20_261_128;
/** A sample on a facet inside another shell (overlapping shells): no surface of the part, no ray. */
const BURIED = -1;
/** A facet's normal while it is looked at. */
const scratch = new Float64Array(3);

export interface ThicknessInput {
  soup: TriangleSoup;
  /** +1 or −1 per triangle: which way its winding faces out of the solid (shellFigures.ts). */
  facing: Int8Array;
  bvh: TriangleBvh;
  /** The diagonal of the mesh's bounding box. */
  diagonal: number;
}

/** Null when no ray came back: a flat sheet, or a mesh too open to hold anything. */
export function measureThickness({ soup, facing, bvh, diagonal }: ThicknessInput): ThicknessProfile | null {
  const cumulative = cumulativeAreas(soup);
  const total = cumulative[cumulative.length - 1] ?? 0;
  if (!(total > 0)) return null;
  const random = seededRandom(SEED);
  const thickness = new Float64Array(THICKNESS_RAYS);
  const points = new Float64Array(3 * THICKNESS_RAYS);
  const ray = new Float64Array(6);
  const outward = new Float64Array(6);
  const near = NEAREST_WALL * diagonal;
  let t = 0;
  for (let k = 0; k < THICKNESS_RAYS; k++) {
    // One point in each of THICKNESS_RAYS equal slices of the area: spread wider than independent draws.
    const target = ((k + random()) / THICKNESS_RAYS) * total;
    while (t < cumulative.length - 1 && cumulative[t]! <= target) t++;
    inwardRay(soup, t, facing[t]!, random(), random(), ray);
    for (let axis = 0; axis < 3; axis++) points[k * 3 + axis] = ray[axis]!;
    thickness[k] = isBuried(soup, facing, bvh, ray, outward, t, near)
      ? BURIED
      : wallThickness(soup, facing, bvh, ray, t, near);
  }
  return profile(thickness, points, diagonal);
}

/** Area of triangles 0 … t, for each t. */
function cumulativeAreas(soup: TriangleSoup): Float64Array {
  const cumulative = new Float64Array(soup.length / 9);
  let sum = 0;
  for (let t = 0; t < cumulative.length; t++) {
    sum += doubleArea(soup, t) / 2;
    cumulative[t] = sum;
  }
  return cumulative;
}

/**
 * Into `ray`: the point at barycentric (u, v) of triangle t (folded into it when u + v > 1), and the
 * unit normal pointing into the solid.
 */
function inwardRay(
  soup: TriangleSoup,
  t: number,
  facing: number,
  u: number,
  v: number,
  ray: Float64Array,
): void {
  const folded = u + v > 1;
  const s = folded ? 1 - u : u;
  const r = folded ? 1 - v : v;
  const at = t * 9;
  for (let axis = 0; axis < 3; axis++) {
    const a = soup[at + axis]!;
    ray[axis] = a + s * (soup[at + 3 + axis]! - a) + r * (soup[at + 6 + axis]! - a);
  }
  const scale = -facing / doubleArea(soup, t);
  facetNormal(soup, t, ray, 3);
  ray[3]! *= scale;
  ray[4]! *= scale;
  ray[5]! *= scale;
}

/**
 * How far the ray travels through the solid before leaving it: facets it leaves through take it one
 * level out, facets it enters through one level in (overlapping shells), out at level 0. A ray that
 * never gets out (a facet wound the wrong way, an open mesh) reports the first facet it met; one that
 * met none, NaN.
 */
function wallThickness(
  soup: TriangleSoup,
  facing: Int8Array,
  bvh: TriangleBvh,
  ray: Float64Array,
  source: number,
  near: number,
): number {
  let depth = 1;
  let first = Number.NaN;
  let from = near;
  let skip = source;
  for (let crossing = 0; crossing < MAX_CROSSINGS; crossing++) {
    const hit = bvh.nearestHit(ray, from, skip);
    if (hit < 0) break;
    const distance = bvh.distance;
    if (crossing === 0) first = distance;
    depth += leaves(soup, facing, hit, ray) ? -1 : 1;
    if (depth === 0) return distance;
    from = distance + near;
    skip = hit;
  }
  return first;
}

/**
 * True when the ray's start lies inside another shell's solid: going out along the normal (the ray
 * `outward`, filled here), it leaves through more facets than it enters by.
 */
function isBuried(
  soup: TriangleSoup,
  facing: Int8Array,
  bvh: TriangleBvh,
  ray: Float64Array,
  outward: Float64Array,
  source: number,
  near: number,
): boolean {
  for (let i = 0; i < 3; i++) {
    outward[i] = ray[i]!;
    outward[i + 3] = -ray[i + 3]!;
  }
  let inside = 0;
  let from = near;
  let skip = source;
  for (let crossing = 0; crossing < MAX_CROSSINGS; crossing++) {
    const hit = bvh.nearestHit(outward, from, skip);
    if (hit < 0) return inside > 0;
    inside += leaves(soup, facing, hit, outward) ? 1 : -1;
    from = bvh.distance + near;
    skip = hit;
  }
  return false;
}

/** True when the ray passes facet t from inside the solid to outside. */
function leaves(soup: TriangleSoup, facing: Int8Array, t: number, ray: Float64Array): boolean {
  const n = facetNormal(soup, t, scratch, 0);
  return (n[0]! * ray[3]! + n[1]! * ray[4]! + n[2]! * ray[5]!) * facing[t]! > 0;
}

/** Twice the area of triangle t. */
function doubleArea(soup: TriangleSoup, t: number): number {
  const n = facetNormal(soup, t, scratch, 0);
  return Math.sqrt(n[0]! * n[0]! + n[1]! * n[1]! + n[2]! * n[2]!);
}

/** Quantiles of the rays that came back (each stands for the same area) and the thinnest places. */
function profile(thickness: Float64Array, points: Float64Array, diagonal: number): ThicknessProfile | null {
  const measured: number[] = [];
  let samples = 0;
  for (let k = 0; k < thickness.length; k++) {
    if (thickness[k] === BURIED) continue;
    samples++;
    if (!Number.isNaN(thickness[k]!)) measured.push(k);
  }
  if (measured.length === 0) return null;
  measured.sort((a, b) => thickness[a]! - thickness[b]! || a - b);
  const last = measured.length - 1;
  const quantiles = Array.from(
    { length: THICKNESS_QUANTILES + 1 },
    (_, i) => thickness[measured[Math.round((i * last) / THICKNESS_QUANTILES)]!]!,
  );
  return {
    samples,
    hitAreaShare: measured.length / samples,
    quantiles,
    thinnest: thinnestSpread(measured, thickness, points, diagonal * THINNEST_SPACING),
  };
}

/** The thinnest samples, skipping any within `spacing` of one already listed. */
function thinnestSpread(
  byThickness: number[],
  thickness: Float64Array,
  points: Float64Array,
  spacing: number,
): [number, number, number, number][] {
  const listed: [number, number, number, number][] = [];
  for (const k of byThickness) {
    const [x = 0, y = 0, z = 0] = points.subarray(k * 3, k * 3 + 3);
    const crowded = listed.some(
      ([lx, ly, lz]) => (lx - x) ** 2 + (ly - y) ** 2 + (lz - z) ** 2 < spacing ** 2,
    );
    if (crowded) continue;
    listed.push([x, y, z, thickness[k]!]);
    if (listed.length === THINNEST_LISTED) break;
  }
  return listed;
}

/** Mulberry32: a small, fast generator of numbers in [0, 1) from a 32-bit seed. */
function seededRandom(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 15), z | 1);
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61);
    return ((z ^ (z >>> 14)) >>> 0) / 4_294_967_296;
  };
}
