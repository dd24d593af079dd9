// Mesh metrics computed triangle by triangle: running sums for volume and area, a vertex table keyed
// by quantized position, an edge table for open/non-manifold edges and union-find for shells.
// Everything lives in typed arrays so a 100 MB STL never builds an object per triangle.
// The same pass sums the facets that need support when printed as oriented in the file (Z up).
import { fitsTypicalBuildVolume, TECHNOLOGIES, type Technology } from '@printfarm/domain/printerCatalogue';
import { count, ModelRejection } from './reject.ts';

/** Vertices closer than this (mm) count as the same point when joining edges. */
const QUANTUM_PER_MM = 10_000;
/** Quantized coordinates are kept as int32: ±200 m at 0.1 µm, far beyond any printer. */
const MAX_QUANTUM = 200_000 * QUANTUM_PER_MM;
/** Edge slots pack two vertex ids and a use count into one float64: ids must stay below 2^25. */
const MAX_VERTICES = 2 ** 25;
const EDGE_SHIFT = 2 ** 26;
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

  // Vertex table: open addressing over quantized (x, y, z).
  private vertexCapacity = 1 << 12;
  private vertexTable = new Int32Array(this.vertexCapacity * 4);
  private vertexCount = 0;
  private parent = new Int32Array(this.vertexCapacity);

  // Edge table: open addressing over vertex-id pairs, each slot also counting the pair's uses.
  private edgeCapacity = 1 << 13;
  private edgeTable = new Float64Array(this.edgeCapacity);
  private edgeCount = 0;

  /** Sizes the tables for an expected triangle count (a closed mesh has ~T/2 vertices and 1.5·T edges). */
  constructor(expectedTriangles = 0) {
    const expected = Math.min(Math.max(expectedTriangles, 0), 1 << 24);
    while (this.vertexCapacity < expected * 1.2) this.vertexCapacity *= 2;
    while (this.edgeCapacity < expected * 3.2) this.edgeCapacity *= 2;
    if (this.vertexCapacity > 1 << 12) {
      this.vertexTable = new Int32Array(this.vertexCapacity * 4);
      this.parent = new Int32Array(this.vertexCapacity);
    }
    if (this.edgeCapacity > 1 << 13) {
      this.edgeTable = new Float64Array(this.edgeCapacity);
    }
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

    const a = this.vertexId(ax, ay, az);
    const b = this.vertexId(bx, by, bz);
    const c = this.vertexId(cx, cy, cz);
    this.union(a, b);
    this.union(a, c);
    // A degenerate triangle (two corners in one point) has no edges worth counting.
    if (a === b || b === c || a === c) return;
    this.addEdge(a, b);
    this.addEdge(b, c);
    this.addEdge(c, a);
  }

  metrics(): MeshMetrics {
    const bbox =
      this.triangleCount === 0
        ? { x: 0, y: 0, z: 0 }
        : { x: this.maxX - this.minX, y: this.maxY - this.minY, z: this.maxZ - this.minZ };
    let openEdgeCount = 0;
    let nonManifoldEdgeCount = 0;
    for (const value of this.edgeTable) {
      if (value === 0) continue;
      const uses = value % 4;
      if (uses === 1) openEdgeCount++;
      else if (uses === 3) nonManifoldEdgeCount++;
    }
    let shellCount = 0;
    for (let i = 0; i < this.vertexCount; i++) if (this.find(i) === i) shellCount++;
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

  private vertexId(x: number, y: number, z: number): number {
    const qx = Math.round(x * QUANTUM_PER_MM);
    const qy = Math.round(y * QUANTUM_PER_MM);
    const qz = Math.round(z * QUANTUM_PER_MM);
    if (
      qx > MAX_QUANTUM ||
      qx < -MAX_QUANTUM ||
      qy > MAX_QUANTUM ||
      qy < -MAX_QUANTUM ||
      qz > MAX_QUANTUM ||
      qz < -MAX_QUANTUM
    ) {
      throw new ModelRejection('Refused: the model reaches more than 200 m from its origin');
    }
    const mask = this.vertexCapacity - 1;
    let slot =
      (Math.imul(qx | 0, 0x9e3779b1) ^ Math.imul(qy | 0, 0x85ebca77) ^ Math.imul(qz | 0, 0xc2b2ae3d)) & mask;
    // Slots hold [x, y, z, id + 1] side by side so one probe touches one cache line.
    const table = this.vertexTable;
    for (;;) {
      const k = slot * 4;
      const stored = table[k + 3] ?? 0;
      if (stored === 0) break;
      if (table[k] === qx && table[k + 1] === qy && table[k + 2] === qz) return stored - 1;
      slot = (slot + 1) & mask;
    }
    const id = this.vertexCount++;
    if (id >= MAX_VERTICES)
      throw new ModelRejection(`Refused: the model has more than ${count(MAX_VERTICES)} vertices`);
    const k = slot * 4;
    table[k] = qx;
    table[k + 1] = qy;
    table[k + 2] = qz;
    table[k + 3] = id + 1;
    if (id >= this.parent.length) {
      const grown = new Int32Array(this.parent.length * 2);
      grown.set(this.parent);
      this.parent = grown;
    }
    this.parent[id] = id;
    if (this.vertexCount * 2 > this.vertexCapacity) this.growVertices();
    return id;
  }

  private growVertices(): void {
    const old = this.vertexTable;
    this.vertexCapacity *= 2;
    this.vertexTable = new Int32Array(this.vertexCapacity * 4);
    const mask = this.vertexCapacity - 1;
    for (let k = 0; k < old.length; k += 4) {
      if ((old[k + 3] ?? 0) === 0) continue;
      const qx = old[k] ?? 0;
      const qy = old[k + 1] ?? 0;
      const qz = old[k + 2] ?? 0;
      let slot =
        (Math.imul(qx | 0, 0x9e3779b1) ^ Math.imul(qy | 0, 0x85ebca77) ^ Math.imul(qz | 0, 0xc2b2ae3d)) &
        mask;
      while ((this.vertexTable[slot * 4 + 3] ?? 0) !== 0) slot = (slot + 1) & mask;
      this.vertexTable.set(old.subarray(k, k + 4), slot * 4);
    }
  }

  private addEdge(a: number, b: number): void {
    const low = Math.min(a, b);
    const high = Math.max(a, b);
    // Slot value = (low · 2^26 + high) · 4 + uses (1, 2 or 3 = more than two); 0 = empty.
    const key = (low * EDGE_SHIFT + high) * 4;
    const mask = this.edgeCapacity - 1;
    const step = edgeStep(low, high);
    let slot = edgeSlot(low, high) & mask;
    const table = this.edgeTable;
    for (let probe = 0; ; probe++) {
      const found = table[slot] ?? 0;
      if (found === 0) break;
      const uses = found % 4;
      if (found - uses === key) {
        if (uses < 3) table[slot] = found + 1;
        return;
      }
      slot = (slot + (probe < LOCAL_PROBES ? 1 : step)) & mask;
    }
    table[slot] = key + 1;
    this.edgeCount++;
    if (this.edgeCount * 2 > this.edgeCapacity) this.growEdges();
  }

  private growEdges(): void {
    const old = this.edgeTable;
    this.edgeCapacity *= 2;
    this.edgeTable = new Float64Array(this.edgeCapacity);
    const mask = this.edgeCapacity - 1;
    for (const value of old) {
      if (value === 0) continue;
      const pair = Math.floor(value / 4);
      const low = Math.floor(pair / EDGE_SHIFT);
      const high = pair - low * EDGE_SHIFT;
      const step = edgeStep(low, high);
      let slot = edgeSlot(low, high) & mask;
      for (let probe = 0; (this.edgeTable[slot] ?? 0) !== 0; probe++) {
        slot = (slot + (probe < LOCAL_PROBES ? 1 : step)) & mask;
      }
      this.edgeTable[slot] = value;
    }
  }

  private find(i: number): number {
    const parent = this.parent;
    let node = i;
    for (;;) {
      const up = parent[node] ?? node;
      if (up === node) return node;
      const grand = parent[up] ?? up;
      parent[node] = grand;
      node = grand;
    }
  }

  private union(a: number, b: number): void {
    const ra = this.find(a);
    const rb = this.find(b);
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/** Probes stay next door this many times (same cache line) before jumping away. */
const LOCAL_PROBES = 8;

/** Ids are handed out in file order, so first probes near `low · 4` keep neighbouring edges in cache. */
function edgeSlot(low: number, high: number): number {
  return low * 4 + (high & 3);
}

/**
 * Further collisions jump by an odd stride that depends on the edge (double hashing), so a vertex
 * shared by thousands of triangles (a fan around a cone's apex) does not pile its edges into one run.
 */
function edgeStep(low: number, high: number): number {
  return (Math.imul(high, 0x85ebca77) ^ Math.imul(low, 0xc2b2ae3d)) | 1;
}
