// The state shapes of the offline map as SVG path data in frame units, made once by
// pwa/scripts/make-us-map.ts: the page then draws the US from a small file instead of loading us-atlas,
// topojson and d3-geo and projecting every state's outline on the main thread.
import { geoPath } from 'd3-geo';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { usProjection } from './usProjection.ts';

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

export function usMapPaths(us: Topology<{ states: GeometryCollection }>): UsMapPaths {
  const writer = relativePathWriter();
  const path = geoPath(usProjection(), writer);
  path(feature(us, us.objects.states));
  const land = writer.take();
  path(mesh(us, us.objects.states, (a, b) => a !== b));
  return { land, borders: writer.take() };
}
