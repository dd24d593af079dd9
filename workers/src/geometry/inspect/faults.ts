// Where a mesh's faults are: midpoints of its open and non-manifold edges, a few of each, picked to
// spread over the part (each the farthest from those already picked), so that five holes show as five
// places rather than one hole's border many times over.
import type { Point3 } from '@printfarm/domain/inspection';
import type { WeldedMesh } from './topology.ts';

export const FAULT_POINTS_LISTED = 24;
/** Edges looked at when picking (every n-th beyond that): picking costs edges × points listed. */
const EDGES_CONSIDERED = 65_536;

/** Up to FAULT_POINTS_LISTED midpoints of `edges` (vertex id pairs), spread out, the first edge's first. */
export function spreadEdgePoints(edges: Int32Array, { positions }: WeldedMesh): Point3[] {
  const total = edges.length / 2;
  const stride = Math.ceil(total / EDGES_CONSIDERED);
  const considered = Math.ceil(total / stride);
  const midpoints = new Float64Array(3 * considered);
  for (let i = 0; i < considered; i++) {
    const a = edges[i * stride * 2]! * 3;
    const b = edges[i * stride * 2 + 1]! * 3;
    for (let axis = 0; axis < 3; axis++) {
      midpoints[i * 3 + axis] = (positions[a + axis]! + positions[b + axis]!) / 2;
    }
  }
  // Squared distance from each midpoint to the nearest one picked so far.
  const distance = new Float64Array(considered).fill(Infinity);
  const picked: Point3[] = [];
  let next = 0;
  while (picked.length < Math.min(FAULT_POINTS_LISTED, considered)) {
    const x = midpoints[next * 3]!;
    const y = midpoints[next * 3 + 1]!;
    const z = midpoints[next * 3 + 2]!;
    picked.push([x, y, z]);
    let farthest = 0;
    for (let i = 0; i < considered; i++) {
      const d =
        (midpoints[i * 3]! - x) ** 2 + (midpoints[i * 3 + 1]! - y) ** 2 + (midpoints[i * 3 + 2]! - z) ** 2;
      if (d < distance[i]!) distance[i] = d;
      if (distance[i]! > distance[farthest]!) farthest = i;
    }
    // Every midpoint left coincides with one picked: the same place again says nothing new.
    if (distance[farthest] === 0) break;
    next = farthest;
  }
  return picked;
}
