// Mesh metrics computed triangle by triangle: running sums for volume and area, vertex welding
// (weld.ts), edge use counts for open/non-manifold edges (edges.ts) and union-find for shells
// (shells.ts). Everything lives in typed arrays and nothing is allocated per triangle, so a 100 MB
// STL costs its tables and no garbage.
// The same pass sums the facets that need support when printed as oriented in the file (Z up).
import { fitsTypicalBuildVolume, TECHNOLOGIES, type Technology } from '@printfarm/domain/printerCatalogue';
import { EdgeCounter } from './edges.ts';
import { count, ModelRejection } from './reject.ts';
import { Shells } from './shells.ts';
import { BATCH_FACETS, VertexWelder } from './weld.ts';

/** Facets whose corners all lie this close (mm) to the lowest point rest on the build plate. */
const PLATE_TOLERANCE_MM = 0.05;
/** Where the sums of facets facing down, and up, by their winding start in `steepSums`. */
const DOWN = 0;
const UP = 2;

export interface MeshMetrics {
  triangleCount: number;
  bbox: { x: number; y: number; z: number };
  volumeCm3: number;
  surfaceAreaCm2: number;
  shellCount: number;
  openEdgeCount: number;
  nonManifoldEdgeCount: number;
  watertight: boolean;
  invertedNormals: boolean;
  /** Area, projected onto the plate, of facets facing down more steeply than 45° and not on the plate. */
  overhangAreaCm2: number;
  /** Σ over those facets of projected area × height of the centroid above the plate. */
  supportVolumeCm3: number;
  fitsBuildVolume: Record<Technology, boolean>;
}

export function fitsBuildVolume(bbox: { x: number; y: number; z: number }): Record<Technology, boolean> {
  return Object.fromEntries(
    TECHNOLOGIES.map((technology) => [technology, fitsTypicalBuildVolume(bbox, technology)]),
  ) as Record<Technology, boolean>;
}

export class MeshAccumulator {
  triangleCount = 0;
  private minX = Number.POSITIVE_INFINITY;
  private minY = Number.POSITIVE_INFINITY;
  private minZ = Number.POSITIVE_INFINITY;
  private maxX = Number.NEGATIVE_INFINITY;
  private maxY = Number.NEGATIVE_INFINITY;
  private maxZ = Number.NEGATIVE_INFINITY;
  // Volume is summed relative to the first vertex, which keeps precision for parts far from the origin.
  private originSet = false;
  private ox = 0;
  private oy = 0;
  private oz = 0;
  private sixVolume = 0;
  private doubleArea = 0;

  // Facets within 45° of vertical, by the way their winding faces: down (overhangs) and up (the
  // overhangs instead when the whole file is inside out). Per side, Σ |n.z| is twice the projected
  // area and Σ |n.z| · (sum of the corners' z relative to oz) six times its moment about z = oz.
  // Typed, not number fields: a field turning fractional mid-file would discard the optimized code.
  private readonly steepSums = new Float64Array(4);
  // Whether a facet rests on the plate depends on the final minimum z, known only at the end. A facet
  // whose top lies above the running minimum + tolerance can never be on the plate and is summed at
  // once; any other is held here as [top z, n.z, corner z sum] until metrics() knows the minimum.
  // When the buffer fills, facets the falling minimum has since left behind are summed and dropped,
  // so it holds only facets near the lowest point (on an ordinary part: its bottom face).
  private plateCandidates = new Float64Array(3 * 256);
  private plateCandidateCount = 0;

  /** The triangle being added, x, y, z of each corner. */
  private readonly corners = new Float64Array(9);
  private readonly batchIds = new Int32Array(3 * BATCH_FACETS);
  private readonly welder: VertexWelder;
  private readonly edges: EdgeCounter;
  private readonly shells: Shells;

  /** Sizes the tables for an expected triangle count (a closed mesh has about T/2 vertices). */
  constructor(expectedTriangles = 0) {
    const vertices = Math.min(Math.max(expectedTriangles, 0), 1 << 25) / 2;
    this.welder = new VertexWelder(vertices);
    this.edges = new EdgeCounter(vertices);
    this.shells = new Shells(vertices);
  }

  /** Sizes the tables for `vertices` welded vertices at most (a format that lists them first knows). */
  reserveVertices(vertices: number): void {
    this.welder.reserve(vertices);
    this.edges.reserve(vertices);
    this.shells.reserve(vertices);
  }

  addTriangle(
    ax: number,
    ay: number,
    az: number,
    bx: number,
    by: number,
    bz: number,
    cx: number,
    cy: number,
    cz: number,
  ): void {
    const corners = this.corners;
    corners[0] = ax;
    corners[1] = ay;
    corners[2] = az;
    corners[3] = bx;
    corners[4] = by;
    corners[5] = bz;
    corners[6] = cx;
    corners[7] = cy;
    corners[8] = cz;
    this.measure(corners);
    const welder = this.welder;
    this.connect(welder.id(corners, 0), welder.id(corners, 3), welder.id(corners, 6));
  }

  /**
   * Triangle (i, j, k) of a vertex list: x, y, z of vertex n at 3n in `coordinates`, its welded id + 1
   * in welded[n] once known (0 before), so each listed vertex is quantized and looked up only once.
   */
  addListedTriangle(coordinates: Float64Array, welded: Int32Array, i: number, j: number, k: number): void {
    const corners = this.corners;
    for (let axis = 0; axis < 3; axis++) {
      corners[axis] = coordinates[i * 3 + axis]!;
      corners[3 + axis] = coordinates[j * 3 + axis]!;
      corners[6 + axis] = coordinates[k * 3 + axis]!;
    }
    this.measure(corners);
    this.connect(this.listedId(welded, i, 0), this.listedId(welded, j, 3), this.listedId(welded, k, 6));
  }

  private listedId(welded: Int32Array, index: number, at: number): number {
    const known = welded[index]!;
    if (known !== 0) return known - 1;
    const id = this.welder.id(this.corners, at);
    welded[index] = id + 1;
    return id;
  }

  /**
   * Binary STL facets, `records` of them from byte `at` of `view`: 50 bytes each, a normal (ignored,
   * recomputed), three corners as little-endian float32, an attribute count. Corners are welded by
   * their bits first, which spares most of them the quantizing and the big table.
   */
  addStlFacets(view: DataView, at: number, records: number): void {
    const ids = this.batchIds;
    for (let first = 0; first < records; first += BATCH_FACETS) {
      const batch = Math.min(BATCH_FACETS, records - first);
      const start = at + first * 50;
      if (!this.welder.weldStlFacets(view, start, batch, ids)) {
        this.addStlFacetsOneByOne(view, start, batch);
        continue;
      }
      this.measureStlFacets(view, start, batch);
      this.connectFacets(ids, batch);
    }
  }

  /**
   * connect() for `facets` facets whose corner ids are in `ids`. A loop of its own, called per batch:
   * the compiler optimizes it as a whole function instead of on the stack of the loop above (OSR).
   */
  private connectFacets(ids: Int32Array, facets: number): void {
    for (let f = 0; f < facets * 3; f += 3) this.connect(ids[f]!, ids[f + 1]!, ids[f + 2]!);
  }

  /**
   * measure() over `records` binary STL facets the welder has accepted (so every corner is a number
   * within reach), with the running figures in local variables for the whole batch. The arithmetic
   * and its order are measure()'s, so the sums come out the same to the last bit. It is measure()
   * written again on purpose: copying the corners into measure()'s array of doubles first made the
   * whole analysis slower (every float read through the DataView is boxed until the copying loop has
   * been optimized, 10 MB of garbage on a 100 MB file).
   */
  private measureStlFacets(view: DataView, at: number, records: number): void {
    if (!this.originSet) {
      this.originSet = true;
      this.ox = view.getFloat32(at + 12, true);
      this.oy = view.getFloat32(at + 16, true);
      this.oz = view.getFloat32(at + 20, true);
    }
    const { ox, oy, oz } = this;
    const sums = this.steepSums;
    let { minX, minY, minZ, maxX, maxY, maxZ, sixVolume, doubleArea } = this;
    for (let k = at + 12, end = at + 12 + records * 50; k < end; k += 50) {
      const ax = view.getFloat32(k, true);
      const ay = view.getFloat32(k + 4, true);
      const az = view.getFloat32(k + 8, true);
      const bx = view.getFloat32(k + 12, true);
      const by = view.getFloat32(k + 16, true);
      const bz = view.getFloat32(k + 20, true);
      const cx = view.getFloat32(k + 24, true);
      const cy = view.getFloat32(k + 28, true);
      const cz = view.getFloat32(k + 32, true);
      if (ax < minX) minX = ax;
      if (ax > maxX) maxX = ax;
      if (bx < minX) minX = bx;
      if (bx > maxX) maxX = bx;
      if (cx < minX) minX = cx;
      if (cx > maxX) maxX = cx;
      if (ay < minY) minY = ay;
      if (ay > maxY) maxY = ay;
      if (by < minY) minY = by;
      if (by > maxY) maxY = by;
      if (cy < minY) minY = cy;
      if (cy > maxY) maxY = cy;
      if (az < minZ) minZ = az;
      if (az > maxZ) maxZ = az;
      if (bz < minZ) minZ = bz;
      if (bz > maxZ) maxZ = bz;
      if (cz < minZ) minZ = cz;
      if (cz > maxZ) maxZ = cz;
      const px = ax - ox;
      const py = ay - oy;
      const pz = az - oz;
      const qx = bx - ox;
      const qy = by - oy;
      const qz = bz - oz;
      const rx = cx - ox;
      const ry = cy - oy;
      const rz = cz - oz;
      sixVolume += px * (qy * rz - qz * ry) - py * (qx * rz - qz * rx) + pz * (qx * ry - qy * rx);
      const ux = qx - px;
      const uy = qy - py;
      const uz = qz - pz;
      const vx = rx - px;
      const vy = ry - py;
      const vz = rz - pz;
      const nx = uy * vz - uz * vy;
      const ny = uz * vx - ux * vz;
      const nz = ux * vy - uy * vx;
      const horizontal = nx * nx + ny * ny;
      const vertical = nz * nz;
      doubleArea += Math.sqrt(horizontal + vertical);
      if (vertical > horizontal) {
        const top = Math.max(az, bz, cz);
        if (top > minZ + PLATE_TOLERANCE_MM) {
          const side = nz < 0 ? DOWN : UP;
          const weight = Math.abs(nz);
          sums[side] = sums[side]! + weight;
          sums[side + 1] = sums[side + 1]! + weight * (pz + qz + rz);
        } else {
          this.minZ = minZ;
          this.holdPlateCandidate(top, nz, pz + qz + rz);
        }
      }
    }
    this.triangleCount += records;
    this.minX = minX;
    this.minY = minY;
    this.minZ = minZ;
    this.maxX = maxX;
    this.maxY = maxY;
    this.maxZ = maxZ;
    this.sixVolume = sixVolume;
    this.doubleArea = doubleArea;
  }

  /** The same, a facet at a time, measuring each before welding it (the order faults are found in). */
  private addStlFacetsOneByOne(view: DataView, at: number, records: number): void {
    const welder = this.welder;
    const corners = this.corners;
    for (let k = at + 12, end = at + records * 50; k < end; k += 50) {
      for (let i = 0; i < 9; i++) corners[i] = view.getFloat32(k + 4 * i, true);
      this.measure(corners);
      const a = welder.idOfBits(
        view.getInt32(k, true),
        view.getInt32(k + 4, true),
        view.getInt32(k + 8, true),
        corners,
        0,
      );
      const b = welder.idOfBits(
        view.getInt32(k + 12, true),
        view.getInt32(k + 16, true),
        view.getInt32(k + 20, true),
        corners,
        3,
      );
      const c = welder.idOfBits(
        view.getInt32(k + 24, true),
        view.getInt32(k + 28, true),
        view.getInt32(k + 32, true),
        corners,
        6,
      );
      this.connect(a, b, c);
    }
  }

  /**
   * Bounding box, volume, area and support sums of the triangle in `corners`. The corners come in
   * an array, not as arguments: doubles passed to a call the compiler does not inline are boxed.
   */
  private measure(corners: Float64Array): void {
    const ax = corners[0]!;
    const ay = corners[1]!;
    const az = corners[2]!;
    const bx = corners[3]!;
    const by = corners[4]!;
    const bz = corners[5]!;
    const cx = corners[6]!;
    const cy = corners[7]!;
    const cz = corners[8]!;
    if (!Number.isFinite(ax + ay + az + bx + by + bz + cx + cy + cz)) {
      throw new ModelRejection(
        `Not a valid model: triangle ${count(this.triangleCount + 1)} has a coordinate that is not a number`,
      );
    }
    this.triangleCount++;
    if (!this.originSet) {
      this.originSet = true;
      this.ox = ax;
      this.oy = ay;
      this.oz = az;
    }
    if (ax < this.minX) this.minX = ax;
    if (ax > this.maxX) this.maxX = ax;
    if (bx < this.minX) this.minX = bx;
    if (bx > this.maxX) this.maxX = bx;
    if (cx < this.minX) this.minX = cx;
    if (cx > this.maxX) this.maxX = cx;
    if (ay < this.minY) this.minY = ay;
    if (ay > this.maxY) this.maxY = ay;
    if (by < this.minY) this.minY = by;
    if (by > this.maxY) this.maxY = by;
    if (cy < this.minY) this.minY = cy;
    if (cy > this.maxY) this.maxY = cy;
    if (az < this.minZ) this.minZ = az;
    if (az > this.maxZ) this.maxZ = az;
    if (bz < this.minZ) this.minZ = bz;
    if (bz > this.maxZ) this.maxZ = bz;
    if (cz < this.minZ) this.minZ = cz;
    if (cz > this.maxZ) this.maxZ = cz;

    const px = ax - this.ox;
    const py = ay - this.oy;
    const pz = az - this.oz;
    const qx = bx - this.ox;
    const qy = by - this.oy;
    const qz = bz - this.oz;
    const rx = cx - this.ox;
    const ry = cy - this.oy;
    const rz = cz - this.oz;
    // Signed volume of the tetrahedron (origin, a, b, c), times six.
    this.sixVolume += px * (qy * rz - qz * ry) - py * (qx * rz - qz * rx) + pz * (qx * ry - qy * rx);
    const ux = qx - px;
    const uy = qy - py;
    const uz = qz - pz;
    const vx = rx - px;
    const vy = ry - py;
    const vz = rz - pz;
    const nx = uy * vz - uz * vy;
    const ny = uz * vx - ux * vz;
    const nz = ux * vy - uy * vx;
    const horizontal = nx * nx + ny * ny;
    const vertical = nz * nz;
    this.doubleArea += Math.sqrt(horizontal + vertical);
    // |n.z| / |n| > cos 45° without a division; exact for facets at exactly 45° on round coordinates.
    if (vertical > horizontal) this.addSteepFacet(az, bz, cz, nz, pz + qz + rz);
  }

  /** Joins the corners' shells and counts the edges of a triangle of welded vertices. */
  private connect(a: number, b: number, c: number): void {
    this.shells.join(a, b, c);
    // A degenerate triangle (two corners in one point) has no edges worth counting.
    if (a === b || b === c || a === c) return;
    const edges = this.edges;
    edges.add(a, b);
    edges.add(b, c);
    edges.add(c, a);
  }

  metrics(): MeshMetrics {
    const bbox =
      this.triangleCount === 0
        ? { x: 0, y: 0, z: 0 }
        : { x: this.maxX - this.minX, y: this.maxY - this.minY, z: this.maxZ - this.minZ };
    const [openEdgeCount, nonManifoldEdgeCount] = this.edges.tally();
    const shellCount = this.shells.count(this.welder.count);
    const volumeMm3 = this.sixVolume / 6;
    // Tiny negative sums are rounding noise on flat or open parts, not a flipped solid.
    const invertedNormals = volumeMm3 < 0 && Math.abs(volumeMm3) > 1e-9 * Math.max(1, this.doubleArea ** 1.5);
    return {
      triangleCount: this.triangleCount,
      bbox,
      volumeCm3: Math.abs(volumeMm3) / 1000,
      surfaceAreaCm2: this.doubleArea / 2 / 100,
      shellCount,
      openEdgeCount,
      nonManifoldEdgeCount,
      watertight: this.triangleCount > 0 && openEdgeCount === 0 && nonManifoldEdgeCount === 0,
      invertedNormals,
      ...this.support(invertedNormals),
      fitsBuildVolume: fitsBuildVolume(bbox),
    };
  }

  /**
   * Overhang area and support volume. An inside-out file (invertedNormals) is measured as the solid
   * it describes, as its volume is: the facets its winding turns up are then the real undersides.
   * Supports are taken to reach down to the plate: those that would land on the part are overcounted.
   */
  private support(inverted: boolean): { overhangAreaCm2: number; supportVolumeCm3: number } {
    if (this.triangleCount === 0) return { overhangAreaCm2: 0, supportVolumeCm3: 0 };
    const side = inverted ? UP : DOWN;
    let doubleArea = this.steepSums[side] ?? 0;
    let sixMoment = this.steepSums[side + 1] ?? 0;
    const plateTop = this.minZ + PLATE_TOLERANCE_MM;
    const held = this.plateCandidates;
    for (let k = 0; k < this.plateCandidateCount * 3; k += 3) {
      const nz = held[k + 1] ?? 0;
      const underside = inverted ? nz > 0 : nz < 0;
      if (!underside || (held[k] ?? 0) <= plateTop) continue;
      doubleArea += Math.abs(nz);
      sixMoment += Math.abs(nz) * (held[k + 2] ?? 0);
    }
    const volumeMm3 = sixMoment / 6 - (this.minZ - this.oz) * (doubleArea / 2);
    return { overhangAreaCm2: doubleArea / 2 / 100, supportVolumeCm3: Math.max(0, volumeMm3) / 1000 };
  }

  /** A facet within 45° of vertical; `nz` from its winding, `zSum` its corners' z relative to oz. */
  private addSteepFacet(az: number, bz: number, cz: number, nz: number, zSum: number): void {
    const top = Math.max(az, bz, cz);
    if (top > this.minZ + PLATE_TOLERANCE_MM) {
      this.sumSteepFacet(nz, zSum);
      return;
    }
    this.holdPlateCandidate(top, nz, zSum);
  }

  /** Holds a steep facet near the lowest point until metrics() knows whether it rests on the plate. */
  private holdPlateCandidate(top: number, nz: number, zSum: number): void {
    if ((this.plateCandidateCount + 1) * 3 > this.plateCandidates.length) this.releasePlateCandidates();
    const k = this.plateCandidateCount++ * 3;
    this.plateCandidates[k] = top;
    this.plateCandidates[k + 1] = nz;
    this.plateCandidates[k + 2] = zSum;
  }

  private sumSteepFacet(nz: number, zSum: number): void {
    const sums = this.steepSums;
    const side = nz < 0 ? DOWN : UP;
    const weight = Math.abs(nz);
    sums[side] = (sums[side] ?? 0) + weight;
    sums[side + 1] = (sums[side + 1] ?? 0) + weight * zSum;
  }

  /** Sums the held facets now above the plate; doubles the buffer if most are still near it. */
  private releasePlateCandidates(): void {
    const held = this.plateCandidates;
    const plateTop = this.minZ + PLATE_TOLERANCE_MM;
    let kept = 0;
    for (let k = 0; k < this.plateCandidateCount * 3; k += 3) {
      const top = held[k] ?? 0;
      const nz = held[k + 1] ?? 0;
      const zSum = held[k + 2] ?? 0;
      if (top > plateTop) {
        this.sumSteepFacet(nz, zSum);
        continue;
      }
      held[kept * 3] = top;
      held[kept * 3 + 1] = nz;
      held[kept * 3 + 2] = zSum;
      kept++;
    }
    this.plateCandidateCount = kept;
    if (kept * 3 * 2 > held.length) {
      this.plateCandidates = new Float64Array(held.length * 2);
      this.plateCandidates.set(held.subarray(0, kept * 3));
    }
  }
}
