// A bounding volume hierarchy over a triangle soup, for casting rays. Built top down, each node split
// in the middle of the box that holds its triangles' centroids, across its widest axis: one comparison
// per triangle and level, with no per-triangle bounds kept, so two million triangles build in well
// under a second. Nodes live in typed arrays; node bounds are filled in bottom up once the tree's
// shape is known.

import { grown } from '../grow.ts';
import type { TriangleSoup } from './soup.ts';

/** Triangles per leaf at most. */
const LEAF_TRIANGLES = 4;
/**
 * Hits this close to a facet's edges still count (a fraction of the barycentric range), so a ray
 * through an edge two facets share cannot slip between them by rounding.
 */
const EDGE_TOLERANCE = 1e-9;
/** Rays closer to parallel with a facet than this (the sine of the angle) do not hit it. */
const GRAZING_SINE = 1e-12;

export class TriangleBvh {
  /** Set by nearestHit: the distance along the ray to the facet it returned. */
  distance = Infinity;
  /** Triangle indices, leaf by leaf. */
  private readonly order: Int32Array;
  /** Per node: min x, y, z, max x, y, z. */
  private readonly bounds: Float64Array;
  /**
   * Per node, two ints: a leaf holds its first position in `order` and its triangle count; an inner
   * node its first child (the second follows it) and −1 − the axis it was split along.
   */
  private readonly nodes: Int32Array;
  private readonly stack: Int32Array;
  private readonly soup: TriangleSoup;

  constructor(soup: TriangleSoup) {
    this.soup = soup;
    const triangles = soup.length / 9;
    this.order = new Int32Array(triangles);
    for (let t = 0; t < triangles; t++) this.order[t] = t;
    // As many nodes as a tree with one triangle per leaf, at most; far fewer in practice.
    this.nodes = new Int32Array(2 * Math.max(1, 2 * triangles - 1));
    const { nodeCount, depth } = this.split(centroidsOf(soup));
    this.bounds = new Float64Array(6 * nodeCount);
    this.fillBounds(nodeCount);
    this.stack = new Int32Array(depth + 2);
  }

  /**
   * The nearest facet the ray `ray` (origin x, y, z, direction x, y, z) meets at a distance in
   * (tMin, Infinity), other than facet `skip`; −1 when it meets none. Distances are in units of the
   * direction's length.
   */
  nearestHit(ray: Float64Array, tMin: number, skip: number): number {
    const ox = ray[0]!;
    const oy = ray[1]!;
    const oz = ray[2]!;
    const dx = ray[3]!;
    const dy = ray[4]!;
    const dz = ray[5]!;
    // A zero component becomes a tiny one: the slab test then needs no special case (0 × ∞ is NaN).
    const ix = 1 / (dx === 0 ? 1e-300 : dx);
    const iy = 1 / (dy === 0 ? 1e-300 : dy);
    const iz = 1 / (dz === 0 ? 1e-300 : dz);
    const { bounds, nodes, order, soup, stack } = this;
    const directionLength = Math.sqrt(dx * dx + dy * dy + dz * dz);
    let best = Infinity;
    let hit = -1;
    let top = 0;
    stack[top++] = 0;
    while (top > 0) {
      const node = stack[--top]!;
      const b = node * 6;
      const x0 = (bounds[b]! - ox) * ix;
      const x1 = (bounds[b + 3]! - ox) * ix;
      const y0 = (bounds[b + 1]! - oy) * iy;
      const y1 = (bounds[b + 4]! - oy) * iy;
      const z0 = (bounds[b + 2]! - oz) * iz;
      const z1 = (bounds[b + 5]! - oz) * iz;
      const near = Math.max(Math.min(x0, x1), Math.min(y0, y1), Math.min(z0, z1));
      const far = Math.min(Math.max(x0, x1), Math.max(y0, y1), Math.max(z0, z1));
      if (far < near || far <= tMin || near >= best) continue;
      const first = nodes[node * 2]!;
      const kind = nodes[node * 2 + 1]!;
      if (kind < 0) {
        // The child on the side the ray comes from is visited first: its hits prune the other.
        const axisDirection = kind === -1 ? dx : kind === -2 ? dy : dz;
        stack[top++] = axisDirection < 0 ? first : first + 1;
        stack[top++] = axisDirection < 0 ? first + 1 : first;
        continue;
      }
      for (let k = first; k < first + kind; k++) {
        const t = order[k]!;
        if (t === skip) continue;
        const at = t * 9;
        const ax = soup[at]!;
        const ay = soup[at + 1]!;
        const az = soup[at + 2]!;
        const e1x = soup[at + 3]! - ax;
        const e1y = soup[at + 4]! - ay;
        const e1z = soup[at + 5]! - az;
        const e2x = soup[at + 6]! - ax;
        const e2y = soup[at + 7]! - ay;
        const e2z = soup[at + 8]! - az;
        // Möller–Trumbore.
        const px = dy * e2z - dz * e2y;
        const py = dz * e2x - dx * e2z;
        const pz = dx * e2y - dy * e2x;
        const det = e1x * px + e1y * py + e1z * pz;
        const nx = e1y * e2z - e1z * e2y;
        const ny = e1z * e2x - e1x * e2z;
        const nz = e1x * e2y - e1y * e2x;
        // det is −(direction · facet normal): compare it with the lengths to leave out grazing rays.
        if (Math.abs(det) <= GRAZING_SINE * directionLength * Math.sqrt(nx * nx + ny * ny + nz * nz))
          continue;
        const inverse = 1 / det;
        const sx = ox - ax;
        const sy = oy - ay;
        const sz = oz - az;
        const u = (sx * px + sy * py + sz * pz) * inverse;
        if (u < -EDGE_TOLERANCE || u > 1 + EDGE_TOLERANCE) continue;
        const qx = sy * e1z - sz * e1y;
        const qy = sz * e1x - sx * e1z;
        const qz = sx * e1y - sy * e1x;
        const v = (dx * qx + dy * qy + dz * qz) * inverse;
        if (v < -EDGE_TOLERANCE || u + v > 1 + EDGE_TOLERANCE) continue;
        const distance = (e2x * qx + e2y * qy + e2z * qz) * inverse;
        if (distance > tMin && distance < best) {
          best = distance;
          hit = t;
        }
      }
    }
    this.distance = best;
    return hit;
  }

  /** Shapes the tree; returns the nodes made and the depth reached. */
  private split(centroids: Float64Array): { nodeCount: number; depth: number } {
    const { order, nodes } = this;
    const pending = new PendingNodes();
    const sides = new Float64Array(12);
    pending.push(0, 0, order.length, 0, centroidBounds(centroids, order, 0, order.length), 0);
    let nodeCount = 1;
    let depth = 0;
    while (pending.size > 0) {
      const { node, first, end, level } = pending.pop();
      const box = pending.box;
      depth = Math.max(depth, level);
      if (end - first <= LEAF_TRIANGLES) {
        nodes[node * 2] = first;
        nodes[node * 2 + 1] = end - first;
        continue;
      }
      let axis = widestAxis(box);
      let cut = halve(centroids, order, first, end, box, axis, sides);
      if (cut === first || cut === end) {
        // All on one side: the box was loose (it is halved from the parent's). Try again with the
        // centroids' own bounds; failing that, they lie in one point: part them by count.
        box.set(centroidBounds(centroids, order, first, end));
        axis = widestAxis(box);
        cut = halve(centroids, order, first, end, box, axis, sides);
        if (cut === first || cut === end) {
          cut = (first + end) >> 1;
          sides.set(box, 0);
          sides.set(box, 6);
        }
      }
      const child = nodeCount;
      nodeCount += 2;
      nodes[node * 2] = child;
      nodes[node * 2 + 1] = -1 - axis;
      pending.push(child, first, cut, level + 1, sides, 0);
      pending.push(child + 1, cut, end, level + 1, sides, 6);
    }
    return { nodeCount, depth };
  }

  /** Node bounds from the leaves up: children are always made after their parent. */
  private fillBounds(nodeCount: number): void {
    const { bounds, nodes, order, soup } = this;
    for (let node = nodeCount - 1; node >= 0; node--) {
      const b = node * 6;
      const first = nodes[node * 2]!;
      const kind = nodes[node * 2 + 1]!;
      bounds.fill(Infinity, b, b + 3);
      bounds.fill(-Infinity, b + 3, b + 6);
      if (kind < 0) {
        for (let child = first; child <= first + 1; child++) {
          for (let axis = 0; axis < 3; axis++) {
            bounds[b + axis] = Math.min(bounds[b + axis]!, bounds[child * 6 + axis]!);
            bounds[b + 3 + axis] = Math.max(bounds[b + 3 + axis]!, bounds[child * 6 + 3 + axis]!);
          }
        }
        continue;
      }
      for (let k = first; k < first + kind; k++) {
        const at = order[k]! * 9;
        for (let c = at; c < at + 9; c += 3) {
          for (let axis = 0; axis < 3; axis++) {
            const value = soup[c + axis]!;
            if (value < bounds[b + axis]!) bounds[b + axis] = value;
            if (value > bounds[b + 3 + axis]!) bounds[b + 3 + axis] = value;
          }
        }
      }
    }
  }
}

/** x, y, z of each triangle's centroid (a third of the corners' sum). */
function centroidsOf(soup: TriangleSoup): Float64Array {
  const centroids = new Float64Array(soup.length / 3);
  for (let t = 0, at = 0; at < soup.length; t += 3, at += 9) {
    centroids[t] = (soup[at]! + soup[at + 3]! + soup[at + 6]!) / 3;
    centroids[t + 1] = (soup[at + 1]! + soup[at + 4]! + soup[at + 7]!) / 3;
    centroids[t + 2] = (soup[at + 2]! + soup[at + 5]! + soup[at + 8]!) / 3;
  }
  return centroids;
}

function centroidBounds(
  centroids: Float64Array,
  order: Int32Array,
  first: number,
  end: number,
): Float64Array {
  const box = emptyBox(new Float64Array(6), 0);
  for (let k = first; k < end; k++) grow(box, 0, centroids, order[k]! * 3);
  return box;
}

function emptyBox(boxes: Float64Array, at: number): Float64Array {
  boxes.fill(Infinity, at, at + 3);
  boxes.fill(-Infinity, at + 3, at + 6);
  return boxes;
}

function grow(boxes: Float64Array, box: number, centroids: Float64Array, at: number): void {
  for (let axis = 0; axis < 3; axis++) {
    const value = centroids[at + axis]!;
    if (value < boxes[box + axis]!) boxes[box + axis] = value;
    if (value > boxes[box + axis + 3]!) boxes[box + axis + 3] = value;
  }
}

function widestAxis(box: Float64Array): number {
  const x = box[3]! - box[0]!;
  const y = box[4]! - box[1]!;
  const z = box[5]! - box[2]!;
  if (x >= y && x >= z) return 0;
  return y >= z ? 1 : 2;
}

/**
 * Reorders order[first, end) so the triangles whose centroid lies in the lower half of `box` along
 * `axis` come first; returns where the others start. The two halves of the box go to `sides` (the
 * lower at 0, the upper at 6): they hold each side's centroids, if loosely.
 */
function halve(
  centroids: Float64Array,
  order: Int32Array,
  first: number,
  end: number,
  box: Float64Array,
  axis: number,
  sides: Float64Array,
): number {
  const middle = (box[axis]! + box[axis + 3]!) / 2;
  sides.set(box, 0);
  sides.set(box, 6);
  sides[axis + 3] = middle;
  sides[6 + axis] = middle;
  let i = first;
  let j = end - 1;
  while (i <= j) {
    const t = order[i]!;
    if (centroids[t * 3 + axis]! < middle) {
      i++;
    } else {
      order[i] = order[j]!;
      order[j] = t;
      j--;
    }
  }
  return i;
}

/** The nodes still to shape, depth first: a stack of [node, first, end, depth] and centroid bounds. */
class PendingNodes {
  size = 0;
  /** The bounds of the node pop() returned last. */
  readonly box = new Float64Array(6);
  private tasks = new Int32Array(4 * 64);
  private boxes = new Float64Array(6 * 64);

  push(node: number, first: number, end: number, level: number, boxes: Float64Array, at: number): void {
    if (this.size * 4 === this.tasks.length) {
      this.tasks = grown(this.tasks, this.tasks.length * 2);
      this.boxes = grown(this.boxes, this.boxes.length * 2);
    }
    const k = this.size++;
    this.tasks[k * 4] = node;
    this.tasks[k * 4 + 1] = first;
    this.tasks[k * 4 + 2] = end;
    this.tasks[k * 4 + 3] = level;
    for (let i = 0; i < 6; i++) this.boxes[k * 6 + i] = boxes[at + i]!;
  }

  pop(): { node: number; first: number; end: number; level: number } {
    const k = --this.size;
    for (let i = 0; i < 6; i++) this.box[i] = this.boxes[k * 6 + i]!;
    const t = this.tasks;
    return { node: t[k * 4]!, first: t[k * 4 + 1]!, end: t[k * 4 + 2]!, level: t[k * 4 + 3]! };
  }
}
