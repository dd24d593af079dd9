// The state shapes of the offline map as SVG path data in frame units, made once by
// pwa/scripts/make-us-map.ts: the page then draws the US from a small file instead of loading us-atlas,
// topojson and d3-geo and projecting every state's outline on the main thread.

import { usProjection } from '@printfarm/map/usProjection';
import { geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { Arc, GeometryCollection, Topology } from 'topojson-specification';

type UsTopology = Topology<{ states: GeometryCollection }>;

export interface UsMapPaths {
  /** Every state filled, outlined along the coast and the national borders. */
  land: string;
  /** The lines between states. */
  borders: string;
}

/** Steps per frame unit: 0.1 unit is under 2 px even at eight times the whole-US zoom. */
const PRECISION = 10;

/**
 * A d3 path context that writes relative commands on a 0.1-unit grid: small numbers that compress well,
 * with the rounding never accumulating (each point is rounded, then the step to it is written).
 */
function relativePathWriter() {
  let parts: string[] = [];
  let x = 0;
  let y = 0;
  let startX = 0;
  let startY = 0;
  let drawing = false;
  const grid = (value: number) => Math.round(value * PRECISION);
  const step = (dx: number, dy: number) => `${dx / PRECISION}${dy < 0 ? '' : ' '}${dy / PRECISION}`;
  return {
    beginPath() {},
    moveTo(px: number, py: number) {
      const [gx, gy] = [grid(px), grid(py)];
      parts.push(`m${step(gx - x, gy - y)}`);
      [x, y, startX, startY, drawing] = [gx, gy, gx, gy, false];
    },
    lineTo(px: number, py: number) {
      const [gx, gy] = [grid(px), grid(py)];
      if (gx === x && gy === y) return;
      // A pair that continues the line needs a separator only when it does not start with a minus.
      const separator = drawing ? (gx < x ? '' : ' ') : 'l';
      parts.push(`${separator}${step(gx - x, gy - y)}`);
      [x, y, drawing] = [gx, gy, true];
    },
    closePath() {
      parts.push('z');
      [x, y, drawing] = [startX, startY, false];
    },
    arc() {
      throw new Error('the state shapes have no arcs');
    },
    /** The path written since the last call, starting again from the origin. */
    take(): string {
      const path = parts.join('');
      parts = [];
      [x, y, drawing] = [0, 0, false];
      return path;
    },
  };
}

/**
 * Frame units the first frame's outline (us-map-outline.json) may stray from the full shapes: the whole
 * US is drawn at about 0.3 (a phone) to 1 pixel per unit, so under half a pixel, with 40 % of the points
 * (a first paint is drawn by the CPU on many machines, and the state shapes were most of its cost).
 */
export const OUTLINE_TOLERANCE = 0.5;

/** The indexes of the points Douglas-Peucker keeps within `tolerance` of the line, both ends always. */
function keptPoints(points: readonly (readonly [number, number])[], tolerance: number): number[] {
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const spans: [number, number][] = [[0, points.length - 1]];
  for (let span = spans.pop(); span; span = spans.pop()) {
    const [from, to] = span;
    const [ax, ay] = points[from] ?? [0, 0];
    const [bx, by] = points[to] ?? [0, 0];
    const length = Math.hypot(bx - ax, by - ay);
    let farthest = -1;
    let distance = tolerance;
    for (let i = from + 1; i < to; i++) {
      const [px, py] = points[i] ?? [0, 0];
      const d =
        length > 0
          ? Math.abs((bx - ax) * (ay - py) - (ax - px) * (by - ay)) / length
          : Math.hypot(px - ax, py - ay);
      if (d > distance) [farthest, distance] = [i, d];
    }
    if (farthest < 0) continue;
    keep[farthest] = 1;
    spans.push([from, farthest], [farthest, to]);
  }
  const kept: number[] = [];
  for (const [i, flag] of keep.entries()) if (flag) kept.push(i);
  return kept;
}

/**
 * The topology with each arc simplified where it is drawn (in frame units). Arcs are shared by the states
 * on both sides and keep their ends, so neighbouring states still meet without a crack.
 */
export function simplifiedTopology(us: UsTopology, tolerance: number): UsTopology {
  const { transform } = us;
  if (!transform) throw new Error('the state shapes are expected quantized');
  const projection = usProjection();
  const arcs = us.arcs.map((arc): Arc => {
    // Quantized, each position as the step from the one before.
    const quantized: (readonly [number, number])[] = [];
    let [qx, qy] = [0, 0];
    for (const [dx = 0, dy = 0] of arc) {
      [qx, qy] = [qx + dx, qy + dy];
      quantized.push([qx, qy]);
    }
    const projected = quantized.map(
      ([x, y]) =>
        projection([
          x * transform.scale[0] + transform.translate[0],
          y * transform.scale[1] + transform.translate[1],
        ]) ?? ([Number.NaN, Number.NaN] as const),
    );
    // An arc the projection leaves out in part is kept whole.
    if (projected.some(([x]) => Number.isNaN(x))) return arc;
    let [px, py] = [0, 0];
    return keptPoints(projected, tolerance).map((i) => {
      const [x, y] = quantized[i] ?? [0, 0];
      const step: [number, number] = [x - px, y - py];
      [px, py] = [x, y];
      return step;
    });
  });
  return { ...us, arcs };
}

export function usMapPaths(us: UsTopology): UsMapPaths {
  const writer = relativePathWriter();
  const path = geoPath(usProjection(), writer);
  path(feature(us, us.objects.states));
  const land = writer.take();
  path(mesh(us, us.objects.states, (a, b) => a !== b));
  return { land, borders: writer.take() };
}
