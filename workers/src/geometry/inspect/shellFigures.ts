// The shells of a mesh (facets connected through welded corners) with their size, volume and whether
// one sits inside another, and from them which way each facet truly faces: the inspection measures the
// solid a file describes, whichever way round its facets were wound. Figures are kept in typed columns:
// a broken file can hold a million shells.
import { MAX_SHELLS_LISTED, type ShellSummary } from '@printfarm/domain/inspection';
import type { TriangleSoup } from './soup.ts';
import type { EdgeFaults, WeldedMesh } from './topology.ts';

/** Only the largest shells (by bounding box) are looked at as possible enclosures of another. */
const ENCLOSURE_CANDIDATES = 256;

export interface ShellTable {
  count: number;
  /** Per shell: min x, y, z then max x, y, z. */
  boxes: Float64Array;
  signedVolumes: Float64Array;
  areas: Float64Array;
  openEdges: Int32Array;
}

export interface MeshShells {
  /** The shell of each triangle. */
  shellOf: Int32Array;
  shells: ShellTable;
  /**
   * Per triangle, +1 when its winding faces out of the solid and −1 when it faces in: every facet of an
   * inside-out file, and of a closed shell that is inside out on its own while enclosed by nothing.
   */
  facing: Int8Array;
  /** The mesh's signed volume and area, summed over its facets. */
  signedVolume: number;
  area: number;
}

export function findShells(soup: TriangleSoup, welded: WeldedMesh, edges: EdgeFaults): MeshShells {
  const { shellOfVertex, count } = labelShells(welded);
  const triangleCount = soup.length / 9;
  const shellOf = new Int32Array(triangleCount);
  const shells: ShellTable = {
    count,
    boxes: new Float64Array(6 * count),
    signedVolumes: new Float64Array(count),
    areas: new Float64Array(count),
    openEdges: new Int32Array(count),
  };
  for (let s = 0; s < count; s++) {
    shells.boxes.fill(Infinity, s * 6, s * 6 + 3);
    shells.boxes.fill(-Infinity, s * 6 + 3, s * 6 + 6);
  }
  // A shell's volume is summed relative to its first corner, which keeps precision far from the origin.
  const origins = new Float64Array(3 * count).fill(Number.NaN);
  const boxes = shells.boxes;
  for (let t = 0; t < triangleCount; t++) {
    const shell = shellOfVertex[welded.corners[t * 3]!]!;
    shellOf[t] = shell;
    const at = t * 9;
    if (Number.isNaN(origins[shell * 3]!)) origins.set(soup.subarray(at, at + 3), shell * 3);
    const ox = origins[shell * 3]!;
    const oy = origins[shell * 3 + 1]!;
    const oz = origins[shell * 3 + 2]!;
    for (let c = at; c < at + 9; c += 3) {
      for (let axis = 0; axis < 3; axis++) {
        const value = soup[c + axis]!;
        if (value < boxes[shell * 6 + axis]!) boxes[shell * 6 + axis] = value;
        if (value > boxes[shell * 6 + 3 + axis]!) boxes[shell * 6 + 3 + axis] = value;
      }
    }
    const px = soup[at]! - ox;
    const py = soup[at + 1]! - oy;
    const pz = soup[at + 2]! - oz;
    const qx = soup[at + 3]! - ox;
    const qy = soup[at + 4]! - oy;
    const qz = soup[at + 5]! - oz;
    const rx = soup[at + 6]! - ox;
    const ry = soup[at + 7]! - oy;
    const rz = soup[at + 8]! - oz;
    // Six times the volume until the loop is done.
    shells.signedVolumes[shell]! +=
      px * (qy * rz - qz * ry) - py * (qx * rz - qz * rx) + pz * (qx * ry - qy * rx);
    const nx = (qy - py) * (rz - pz) - (qz - pz) * (ry - py);
    const ny = (qz - pz) * (rx - px) - (qx - px) * (rz - pz);
    const nz = (qx - px) * (ry - py) - (qy - py) * (rx - px);
    shells.areas[shell]! += Math.sqrt(nx * nx + ny * ny + nz * nz) / 2;
  }
  for (let s = 0; s < count; s++) shells.signedVolumes[s]! /= 6;
  for (let k = 0; k < edges.open.length; k += 2) shells.openEdges[shellOfVertex[edges.open[k]!]!]!++;
  const signedVolume = shells.signedVolumes.reduce((sum, volume) => sum + volume, 0);
  const area = shells.areas.reduce((sum, shellArea) => sum + shellArea, 0);
  const shellFacing = facingOfShells(shells, insideOut(signedVolume, area) ? -1 : 1);
  const facing = new Int8Array(triangleCount);
  for (let t = 0; t < triangleCount; t++) facing[t] = shellFacing[shellOf[t]!]!;
  return { shellOf, shells, facing, signedVolume, area };
}

/** The analysis's rule (mesh.ts): a volume is more than the rounding noise of a flat or open part. */
export function hasVolume(signedVolume: number, area: number): boolean {
  return Math.abs(signedVolume) > 1e-9 * Math.max(1, (2 * area) ** 1.5);
}

function insideOut(signedVolume: number, area: number): boolean {
  return signedVolume < 0 && hasVolume(signedVolume, area);
}

/**
 * +1 or −1 per shell. The whole file's winding decides first, as in the analysis; then a closed shell
 * still inside out is flipped on its own unless it is enclosed by another (then it is a cavity).
 */
function facingOfShells(shells: ShellTable, fileFacing: 1 | -1): Int8Array {
  const facing = new Int8Array(shells.count).fill(fileFacing);
  const enclosures = largest(shells, boxVolumes(shells), ENCLOSURE_CANDIDATES);
  for (let s = 0; s < shells.count; s++) {
    const volume = shells.signedVolumes[s]! * fileFacing;
    if (shells.openEdges[s]! > 0 || !insideOut(volume, shells.areas[s]!)) continue;
    if (!isEnclosed(shells, s, enclosures)) facing[s] = -fileFacing;
  }
  return facing;
}

/** The shells, largest area first, as the inspection reports them. */
export function summarizeShells(shells: ShellTable): ShellSummary[] {
  const enclosures = largest(shells, boxVolumes(shells), ENCLOSURE_CANDIDATES);
  return largest(shells, shells.areas, MAX_SHELLS_LISTED).map((s) => {
    const [x0 = 0, y0 = 0, z0 = 0, x1 = 0, y1 = 0, z1 = 0] = shells.boxes.subarray(s * 6, s * 6 + 6);
    return {
      center: [(x0 + x1) / 2, (y0 + y1) / 2, (z0 + z1) / 2],
      size: { x: x1 - x0, y: y1 - y0, z: z1 - z0 },
      signedVolume: shells.signedVolumes[s]!,
      enclosed: isEnclosed(shells, s, enclosures),
    };
  });
}

function boxVolumes({ count, boxes }: ShellTable): Float64Array {
  const volumes = new Float64Array(count);
  for (let s = 0; s < count; s++) {
    const b = s * 6;
    volumes[s] =
      (boxes[b + 3]! - boxes[b]!) * (boxes[b + 4]! - boxes[b + 1]!) * (boxes[b + 5]! - boxes[b + 2]!);
  }
  return volumes;
}

/** The `wanted` shells of greatest `measure`, greatest first (ties in shell order). */
function largest({ count }: ShellTable, measure: Float64Array, wanted: number): number[] {
  // Past `wanted` shells, only those at or above the wanted-th greatest figure are sorted.
  const floor = count > wanted ? (measure.slice().sort()[count - wanted] ?? 0) : -Infinity;
  const chosen: number[] = [];
  for (let s = 0; s < count; s++) if (measure[s]! >= floor) chosen.push(s);
  return chosen.sort((a, b) => measure[b]! - measure[a]! || a - b).slice(0, wanted);
}

/** True when the shell's bounding box lies strictly inside another's. */
function isEnclosed({ boxes }: ShellTable, s: number, candidates: number[]): boolean {
  const i = s * 6;
  return candidates.some((other) => {
    const o = other * 6;
    return (
      other !== s &&
      boxes[i]! > boxes[o]! &&
      boxes[i + 1]! > boxes[o + 1]! &&
      boxes[i + 2]! > boxes[o + 2]! &&
      boxes[i + 3]! < boxes[o + 3]! &&
      boxes[i + 4]! < boxes[o + 4]! &&
      boxes[i + 5]! < boxes[o + 5]!
    );
  });
}

/** Union-find over the welded vertices, then each vertex's shell numbered in order of first use. */
function labelShells({ corners, vertexCount }: WeldedMesh): { shellOfVertex: Int32Array; count: number } {
  const parent = new Int32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) parent[v] = v;
  for (let c = 0; c < corners.length; c += 3) {
    const a = rootOf(parent, corners[c]!);
    parent[rootOf(parent, corners[c + 1]!)] = a;
    parent[rootOf(parent, corners[c + 2]!)] = a;
  }
  const shellOfVertex = new Int32Array(vertexCount).fill(-1);
  let count = 0;
  for (let c = 0; c < corners.length; c++) {
    const root = rootOf(parent, corners[c]!);
    if (shellOfVertex[root]! < 0) shellOfVertex[root] = count++;
    shellOfVertex[corners[c]!] = shellOfVertex[root]!;
  }
  return { shellOfVertex, count };
}

/** The root of v's shell, halving the path on the way. */
function rootOf(parent: Int32Array, v: number): number {
  let node = v;
  while (parent[node] !== node) {
    const grand = parent[parent[node]!]!;
    parent[node] = grand;
    node = grand;
  }
  return node;
}
