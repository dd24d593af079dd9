// Mesh builders for the estimator's training shapes (shapes.ts): boxes, solids of revolution, organic
// blobs, prisms around holes. Every mesh is closed and wound outward, so the analyser and the slicer
// read it as one solid (or as a cavity, where a shell is wound inward on purpose).
import {
  cubeMesh,
  type IndexedMesh,
  inverted,
  signedVolumeMm3,
  type Vec3,
} from '../fixtures/models/builders.ts';
import { merged } from '../fixtures/models/printability.ts';
import type { ProfilePoint } from '../fixtures/models/solids.ts';

/** Several shells in one file, as a customer's plate of parts arrives. */
export { merged };

/** A profile from a flat list of coordinates: x0, z0, x1, z1, … */
export const points = (...coordinates: number[]): ProfilePoint[] =>
  Array.from({ length: coordinates.length / 2 }, (_, i) => [coordinates[2 * i]!, coordinates[2 * i + 1]!]);

/** A box with one corner at `origin`. */
export function box(x: number, y: number, z: number, origin: Vec3 = [0, 0, 0]): IndexedMesh {
  const unit = cubeMesh(1);
  return {
    vertices: unit.vertices.map(([a, b, c]) => [origin[0] + a * x, origin[1] + b * y, origin[2] + c * z]),
    faces: unit.faces,
  };
}

export function moved(mesh: IndexedMesh, [dx, dy, dz]: Vec3): IndexedMesh {
  return { vertices: mesh.vertices.map(([x, y, z]) => [x + dx, y + dy, z + dz]), faces: mesh.faces };
}

export function scaled(mesh: IndexedMesh, factor: number): IndexedMesh {
  return {
    vertices: mesh.vertices.map(([x, y, z]) => [x * factor, y * factor, z * factor]),
    faces: mesh.faces,
  };
}

/**
 * A solid of revolution about Z: a closed polygon of [radius, z] points swept a full turn in `segments`
 * steps. Points on the axis (radius 0) become one vertex, so poles and apexes stay closed and manifold.
 */
export function revolved(profile: ProfilePoint[], segments: number): IndexedMesh {
  const vertices: Vec3[] = [];
  const rings = profile.map(([r, z]) => {
    if (r === 0) {
      vertices.push([0, 0, z]);
      return [vertices.length - 1];
    }
    const start = vertices.length;
    for (let s = 0; s < segments; s++) {
      const phi = (2 * Math.PI * s) / segments;
      vertices.push([r * Math.cos(phi), r * Math.sin(phi), z]);
    }
    return Array.from({ length: segments }, (_, s) => start + s);
  });
  const at = (ring: number[], s: number) => ring[ring.length === 1 ? 0 : s % segments] ?? 0;
  const faces: number[][] = [];
  profile.forEach((_, i) => {
    const a = rings[i] ?? [];
    const b = rings[(i + 1) % profile.length] ?? [];
    if (a.length === 1 && b.length === 1) return;
    for (let s = 0; s < segments; s++) {
      if (a.length === 1) faces.push([at(a, s), at(b, s), at(b, s + 1)]);
      else if (b.length === 1) faces.push([at(a, s), at(b, s), at(a, s + 1)]);
      else faces.push([at(a, s), at(b, s), at(b, s + 1), at(a, s + 1)]);
    }
  });
  const mesh = { vertices, faces };
  return signedVolumeMm3(mesh) < 0 ? inverted(mesh) : mesh;
}

export const cylinder = (r: number, h: number, segments = 64) =>
  revolved(points(0, 0, r, 0, r, h, 0, h), segments);
export const tube = (outer: number, inner: number, h: number, segments = 64) =>
  revolved(points(inner, 0, outer, 0, outer, h, inner, h), segments);
export const cone = (r: number, h: number, segments = 64) => revolved(points(0, 0, r, 0, 0, h), segments);

export function sphere(radius: number, rings = 32): IndexedMesh {
  const profile: ProfilePoint[] = [];
  for (let k = 0; k <= rings; k++) {
    const theta = (Math.PI * k) / rings;
    profile.push([k === 0 || k === rings ? 0 : radius * Math.sin(theta), radius - radius * Math.cos(theta)]);
  }
  return revolved(profile, rings * 2);
}

/** A lump: relative height, and how many times it repeats around (phi) and from pole to pole (theta). */
type Lump = [amplitude: number, around: number, down: number];

/** Lumps from a flat list: amplitude, around, down of each in turn (as `points` reads profiles). */
export const lumps = (...values: number[]): Lump[] =>
  Array.from({ length: values.length / 3 }, (_, i) => [
    values[3 * i]!,
    values[3 * i + 1]!,
    values[3 * i + 2]!,
  ]);

/**
 * An organic blob, as scans and sculpts arrive: a lumpy ellipsoid (its radius varies smoothly with
 * direction, so it stays a valid closed solid) cut flat at `flatBottom` of its height to stand on.
 */
export function blob(
  radius: number,
  stretch: Vec3,
  lumps: Lump[],
  flatBottom = 0.12,
  rings = 48,
): IndexedMesh {
  const segments = rings * 2;
  const vertices: Vec3[] = [];
  const point = (theta: number, phi: number): Vec3 => {
    const r =
      radius *
      (1 + lumps.reduce((sum, [a, m, n]) => sum + a * Math.sin(m * phi) * Math.sin(n * theta + 1), 0));
    const ct = Math.cos(theta);
    return [
      r * Math.sin(theta) * Math.cos(phi) * stretch[0],
      r * Math.sin(theta) * Math.sin(phi) * stretch[1],
      r * ct * stretch[2],
    ];
  };
  vertices.push(point(0, 0));
  for (let ring = 1; ring < rings; ring++) {
    for (let s = 0; s < segments; s++)
      vertices.push(point((Math.PI * ring) / rings, (2 * Math.PI * s) / segments));
  }
  vertices.push(point(Math.PI, 0));
  const lowest = Math.min(...vertices.map((v) => v[2]));
  const highest = Math.max(...vertices.map((v) => v[2]));
  const cut = lowest + flatBottom * (highest - lowest);
  const at = (ring: number, s: number) => 1 + (ring - 1) * segments + (s % segments);
  const south = vertices.length - 1;
  const faces: number[][] = [];
  for (let s = 0; s < segments; s++) faces.push([0, at(1, s), at(1, s + 1)]);
  for (let ring = 1; ring < rings - 1; ring++) {
    for (let s = 0; s < segments; s++)
      faces.push([at(ring, s), at(ring + 1, s), at(ring + 1, s + 1), at(ring, s + 1)]);
  }
  for (let s = 0; s < segments; s++) faces.push([south, at(rings - 1, s + 1), at(rings - 1, s)]);
  const flattened = vertices.map(([x, y, z]): Vec3 => [x, y, Math.max(z, cut)]);
  const mesh = { vertices: flattened, faces };
  return signedVolumeMm3(mesh) < 0 ? inverted(mesh) : mesh;
}

export function torus(major: number, minor: number, steps = 24): IndexedMesh {
  const profile: ProfilePoint[] = Array.from({ length: steps }, (_, k) => {
    const theta = (2 * Math.PI * k) / steps;
    return [major + minor * Math.cos(theta), minor + minor * Math.sin(theta)];
  });
  return revolved(profile, steps * 3);
}

/**
 * A prism between two outlines around one centre, each given as a radius per angle (star-shaped), in
 * `steps` matching points: a gear, a plate cell around its hole. Without an inner outline the top
 * and bottom are fans from the centre. `walled(i)` says whether the outer side of step i is a wall
 * (cells of a perforated plate leave out the sides they share).
 */
export function radialPrism(
  outer: (angle: number) => number,
  inner: ((angle: number) => number) | null,
  steps: number,
  height: number,
  centre: [number, number] = [0, 0],
  walled: (step: number) => boolean = () => true,
): IndexedMesh {
  const vertices: Vec3[] = [];
  const ring = (radius: (angle: number) => number, z: number) =>
    Array.from({ length: steps }, (_, i) => {
      const angle = (2 * Math.PI * i) / steps;
      const r = radius(angle);
      vertices.push([centre[0] + r * Math.cos(angle), centre[1] + r * Math.sin(angle), z]);
      return vertices.length - 1;
    });
  const axis = (z: number) => {
    vertices.push([centre[0], centre[1], z]);
    return [vertices.length - 1];
  };
  const [outerBottom, outerTop] = [ring(outer, 0), ring(outer, height)];
  const [innerBottom, innerTop] = inner ? [ring(inner, 0), ring(inner, height)] : [axis(0), axis(height)];
  const at = (ids: number[], i: number) => ids[ids.length === 1 ? 0 : i % steps]!;
  const faces: number[][] = [];
  for (let i = 0; i < steps; i++) {
    const j = i + 1;
    if (walled(i)) faces.push([at(outerBottom, i), at(outerBottom, j), at(outerTop, j), at(outerTop, i)]);
    faces.push([at(outerTop, i), at(outerTop, j), at(innerTop, j), at(innerTop, i)].filter(unique));
    faces.push(
      [at(outerBottom, j), at(outerBottom, i), at(innerBottom, i), at(innerBottom, j)].filter(unique),
    );
    if (inner) faces.push([at(innerBottom, j), at(innerBottom, i), at(innerTop, i), at(innerTop, j)]);
  }
  return { vertices, faces };
}

/** Drops a repeated corner: the fan's centre appears twice in its quads. */
const unique = (id: number, index: number, ids: number[]) => ids.indexOf(id) === index;

/** The radius of a square of side `side` around its centre, per angle. */
const squareRadius = (side: number) => (angle: number) =>
  side / 2 / Math.max(Math.abs(Math.cos(angle)), Math.abs(Math.sin(angle)));

/**
 * A plate with a round hole in each of its square cells, as a mounting plate has. Each cell is a
 * prism from its square to its hole; only the sides on the plate's edge are walls, so the cells share
 * their inner sides' corners exactly (their points fall at the same angles) and weld into one solid.
 */
export function perforatedPlate(
  columns: number,
  rows: number,
  cell: number,
  holeRadius: number,
  thick: number,
): IndexedMesh {
  const steps = 32; // a multiple of 8, so the square's corners are among the points
  const cells: IndexedMesh[] = [];
  for (let cx = 0; cx < columns; cx++) {
    for (let cy = 0; cy < rows; cy++) {
      const side = (step: number) => Math.floor(((step + 0.5) / steps) * 4 + 0.5) % 4; // 0 +x, 1 +y, 2 −x, 3 −y
      const onEdge = [cx === columns - 1, cy === rows - 1, cx === 0, cy === 0];
      const centre: [number, number] = [(cx + 0.5) * cell, (cy + 0.5) * cell];
      cells.push(
        radialPrism(
          squareRadius(cell),
          () => holeRadius,
          steps,
          thick,
          centre,
          (step) => onEdge[side(step)]!,
        ),
      );
    }
  }
  return merged(...cells);
}

/** A spur gear: `teeth` square teeth `depth` deep around a bore. */
export function gear(radius: number, teeth: number, depth: number, bore: number, thick: number): IndexedMesh {
  const outline = (angle: number) =>
    Math.floor((angle / (2 * Math.PI)) * teeth * 2 + 0.5) % 2 ? radius - depth : radius;
  return radialPrism(outline, () => bore, teeth * 8, thick);
}

/** A box with a closed cavity: the inner shell is wound inward, as CAD writes a hollowed part. */
export function hollowBox(size: number, wall: number): IndexedMesh {
  const inner = size - 2 * wall;
  return merged(box(size, size, size), inverted(box(inner, inner, inner, [wall, wall, wall])));
}

/** Copies of one part in a grid, `gap` mm apart. */
export function grid(part: IndexedMesh, size: number, perSide: number, gap: number): IndexedMesh {
  const copies: IndexedMesh[] = [];
  for (let i = 0; i < perSide; i++) {
    for (let j = 0; j < perSide; j++) copies.push(moved(part, [i * (size + gap), j * (size + gap), 0]));
  }
  return merged(...copies);
}
