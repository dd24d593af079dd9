// How the triangles of a soup connect: corners welded on the analysis's grid (a corner is the same
// vertex as another when both round to the same 0.1 µm point, in file units), and the edges used by one
// facet only (open) or by more than two (non-manifold), which the analysis counts and the inspection
// locates.

import { grown } from '../grow.ts';
import type { TriangleSoup } from './soup.ts';

/** The analysis's welding grid: steps per file unit. */
const WELD_STEPS = 10_000;

export interface WeldedMesh {
  /** The welded vertex id of each corner, three per triangle. */
  corners: Int32Array;
  /** x, y, z of each welded vertex (its first corner's). */
  positions: Float64Array;
  vertexCount: number;
}

export interface EdgeFaults {
  /** Open edges as vertex id pairs: a0, b0, a1, b1, … */
  open: Int32Array;
  nonManifold: Int32Array;
}

/** Welds the corners with an open-addressing table over their grid points, ids in order of first use. */
export function weldCorners(soup: TriangleSoup): WeldedMesh {
  const cornerCount = soup.length / 3;
  const corners = new Int32Array(cornerCount);
  let capacity = 1024;
  while (capacity < cornerCount / 3) capacity *= 2;
  let slots: Int32Array = new Int32Array(capacity * 2);
  let grid: Float64Array = new Float64Array(capacity * 3);
  let vertexCount = 0;
  for (let c = 0; c < cornerCount; c++) {
    const qx = Math.round(soup[c * 3]! * WELD_STEPS);
    const qy = Math.round(soup[c * 3 + 1]! * WELD_STEPS);
    const qz = Math.round(soup[c * 3 + 2]! * WELD_STEPS);
    const mask = slots.length - 1;
    let slot = gridHash(qx, qy, qz) & mask;
    let id = -1;
    for (let stored = slots[slot]!; stored !== 0; stored = slots[slot]!) {
      const k = (stored - 1) * 3;
      if (grid[k] === qx && grid[k + 1] === qy && grid[k + 2] === qz) {
        id = stored - 1;
        break;
      }
      slot = (slot + 1) & mask;
    }
    if (id < 0) {
      id = vertexCount++;
      slots[slot] = id + 1;
      grid[id * 3] = qx;
      grid[id * 3 + 1] = qy;
      grid[id * 3 + 2] = qz;
      if (vertexCount === capacity) {
        capacity *= 2;
        grid = grown(grid, capacity * 3);
        slots = rehash(grid, vertexCount, capacity * 2);
      }
    }
    corners[c] = id;
  }
  return { corners, positions: firstPositions(soup, corners, vertexCount), vertexCount };
}

function rehash(grid: Float64Array, vertexCount: number, size: number): Int32Array {
  const slots = new Int32Array(size);
  for (let id = 0; id < vertexCount; id++) {
    let slot = gridHash(grid[id * 3]!, grid[id * 3 + 1]!, grid[id * 3 + 2]!) & (size - 1);
    while (slots[slot] !== 0) slot = (slot + 1) & (size - 1);
    slots[slot] = id + 1;
  }
  return slots;
}

function gridHash(qx: number, qy: number, qz: number): number {
  let h = Math.imul(qx | 0, 0x9e3779b1);
  h = Math.imul(h ^ (h >>> 15) ^ (qy | 0), 0x85ebca77);
  h = Math.imul(h ^ (h >>> 15) ^ (qz | 0), 0xc2b2ae3d);
  return h ^ (h >>> 16);
}

/** x, y, z of each vertex as its first corner gives them. */
function firstPositions(soup: TriangleSoup, corners: Int32Array, vertexCount: number): Float64Array {
  const positions = new Float64Array(vertexCount * 3);
  let seen = 0;
  for (let c = 0; c < corners.length && seen < vertexCount; c++) {
    const id = corners[c]!;
    if (id !== seen) continue;
    positions.set(soup.subarray(c * 3, c * 3 + 3), id * 3);
    seen++;
  }
  return positions;
}

/**
 * The open and non-manifold edges. Every edge use is filed under its lower vertex (a counting sort),
 * so the uses of one edge end up side by side in that vertex's short list. A degenerate facet (two
 * corners welded into one) has no edges, as in the analysis.
 */
export function tallyEdges({ corners, vertexCount }: WeldedMesh): EdgeFaults {
  const start = new Int32Array(vertexCount + 1);
  forEachEdge(corners, (low) => {
    start[low + 1]!++;
  });
  for (let v = 0; v < vertexCount; v++) start[v + 1]! += start[v]!;
  const higher = new Int32Array(start[vertexCount]!);
  const cursor = start.slice(0, vertexCount);
  forEachEdge(corners, (low, high) => {
    higher[cursor[low]!++] = high;
  });
  for (let v = 0; v < vertexCount; v++) sortRange(higher, start[v]!, start[v + 1]!);

  let open = 0;
  let nonManifold = 0;
  forEachRun(start, higher, (_low, _high, uses) => {
    if (uses === 1) open++;
    else if (uses > 2) nonManifold++;
  });
  const faults: EdgeFaults = { open: new Int32Array(2 * open), nonManifold: new Int32Array(2 * nonManifold) };
  open = 0;
  nonManifold = 0;
  forEachRun(start, higher, (low, high, uses) => {
    if (uses === 1) {
      faults.open[open++] = low;
      faults.open[open++] = high;
    } else if (uses > 2) {
      faults.nonManifold[nonManifold++] = low;
      faults.nonManifold[nonManifold++] = high;
    }
  });
  return faults;
}

function forEachEdge(corners: Int32Array, onEdge: (low: number, high: number) => void): void {
  for (let c = 0; c < corners.length; c += 3) {
    const a = corners[c]!;
    const b = corners[c + 1]!;
    const d = corners[c + 2]!;
    if (a === b || b === d || a === d) continue;
    onEdge(Math.min(a, b), Math.max(a, b));
    onEdge(Math.min(b, d), Math.max(b, d));
    onEdge(Math.min(d, a), Math.max(d, a));
  }
}

/** Each distinct edge once, with the number of facets using it. */
function forEachRun(
  start: Int32Array,
  higher: Int32Array,
  onEdge: (low: number, high: number, uses: number) => void,
): void {
  for (let low = 0; low + 1 < start.length; low++) {
    const end = start[low + 1]!;
    for (let k = start[low]!; k < end; ) {
      const high = higher[k]!;
      let next = k + 1;
      while (next < end && higher[next] === high) next++;
      onEdge(low, high, next - k);
      k = next;
    }
  }
}

/** Sorts values[from, to): an insertion sort, since a vertex has a handful of higher neighbours. */
function sortRange(values: Int32Array, from: number, to: number): void {
  if (to - from > 32) {
    values.subarray(from, to).sort();
    return;
  }
  for (let i = from + 1; i < to; i++) {
    const value = values[i]!;
    let j = i - 1;
    while (j >= from && values[j]! > value) {
      values[j + 1] = values[j]!;
      j--;
    }
    values[j + 1] = value;
  }
}
