// The generated parts the instant estimator is calibrated on: boxes, cylinders, tubes, spheres, cones,
// gears, plates with holes, brackets, overhangs, organic blobs, hollow and multi-part files, from about
// 5 mm to 200 mm and all within the farm printer's 250 × 210 × 220 mm bed. Each is written as a binary
// STL and measured and sliced as it lies.
import { binaryStl, type IndexedMesh, triangles, type Vec3 } from '../fixtures/models/builders.ts';
import { tShape } from '../fixtures/models/solids.ts';
import { arch, channel, gallows, lBracket, stairs } from './extrusions.ts';
import {
  blob,
  box,
  cone,
  cylinder,
  gear,
  grid,
  hollowBox,
  lumps,
  merged,
  moved,
  perforatedPlate,
  points,
  revolved,
  scaled,
  sphere,
  torus,
  tube,
} from './meshes.ts';

export interface TrainingShape {
  name: string;
  /** Shapes of one family differ only in size or proportion; the stricter check leaves out all of them. */
  family: string;
  mesh: IndexedMesh;
}

const shape = (family: string, name: string, mesh: IndexedMesh): TrainingShape => ({ name, family, mesh });

export const TRAINING_SHAPES: readonly TrainingShape[] = [
  ...[5, 10, 20, 35, 60, 100, 150].map((side) => shape('cube', `cube-${side}`, box(side, side, side))),
  shape('box', 'plate-120x80x3', box(120, 80, 3)),
  shape('box', 'sheet-60x60x1.5', box(60, 60, 1.5)),
  shape('box', 'tile-40x40x8', box(40, 40, 8)),
  shape('box', 'bar-180x15x15', box(180, 15, 15)),
  shape('box', 'tower-15x15x120', box(15, 15, 120)),
  shape('box', 'block-80x50x30', box(80, 50, 30)),
  shape('box', 'slab-200x150x12', box(200, 150, 12)),
  shape('box', 'brick-25x50x100', box(25, 50, 100)),
  shape('cylinder', 'pin-r3-h30', cylinder(3, 30, 32)),
  shape('cylinder', 'coin-r15-h3', cylinder(15, 3)),
  shape('cylinder', 'cylinder-r12-h40', cylinder(12, 40)),
  shape('cylinder', 'puck-r40-h25', cylinder(40, 25, 96)),
  shape('cylinder', 'drum-r60-h150', cylinder(60, 150, 128)),
  shape('tube', 'tube-r10-r8-h40', tube(10, 8, 40)),
  shape('tube', 'tube-r30-r25-h60', tube(30, 25, 60, 96)),
  shape('tube', 'ring-r50-r30-h20', tube(50, 30, 20, 128)),
  shape('tube', 'bushing-r5-r2.5-h15', tube(5, 2.5, 15, 32)),
  shape('sphere', 'sphere-r6', sphere(6, 16)),
  shape('sphere', 'sphere-r20', sphere(20)),
  shape('sphere', 'sphere-r45', sphere(45, 48)),
  shape('cone', 'cone-r30-h60', cone(30, 60)),
  shape('cone', 'pyramid-50-h40', cone(25 * Math.SQRT2, 40, 4)),
  shape('cone', 'pyramid-140-h90', cone(70 * Math.SQRT2, 90, 4)),
  shape('cone', 'flared-cup-r8-r25-h40', revolved(points(0, 0, 8, 0, 25, 40, 0, 40), 64)),
  shape('torus', 'torus-r25-r8', torus(25, 8)),
  shape('torus', 'torus-r70-r15', torus(70, 15, 32)),
  shape('t-shape', 't-30', tShape()),
  shape('t-shape', 't-90', scaled(tShape(), 3)),
  shape('t-shape', 't-180', scaled(tShape(), 6)),
  shape('bracket', 'l-bracket-60x40', lBracket(60, 40, 5, 30)),
  shape('bracket', 'l-bracket-150x100', lBracket(150, 100, 8, 60)),
  shape('bracket', 'gallows-50x60', gallows(50, 60, 6, 20)),
  shape('bracket', 'arch-80x50', arch(80, 50, 8, 40)),
  shape('hollow', 'hollow-box-40', hollowBox(40, 2)),
  shape('hollow', 'hollow-box-100', hollowBox(100, 4)),
  shape('hex', 'hex-prism-40-h20', cylinder(20, 20, 6)),
  shape('hex', 'hex-nut-r12-r6-h8', tube(12, 6, 8, 6)),
  shape('cup', 'cup-r30-h60', revolved(points(0, 0, 30, 0, 30, 60, 28, 60, 28, 2, 0, 2), 96)),
  shape(
    'cup',
    'vase-r45-h150',
    revolved(points(0, 0, 35, 0, 45, 75, 35, 150, 33, 150, 43, 75, 33, 2, 0, 2), 128),
  ),
  shape('channel', 'channel-40x25x3-150', channel(40, 25, 3, 150)),
  shape('stairs', 'stairs-5x15x12', stairs(5, 15, 12, 40)),
  shape('overhang', 'mushroom-r25-h35', revolved(points(0, 0, 5, 0, 5, 30, 25, 30, 25, 35, 0, 35), 96)),
  shape(
    'overhang',
    'ziggurat-upside-down',
    revolved(points(0, 0, 12, 0, 12, 12, 24, 12, 24, 24, 36, 24, 36, 36, 0, 36), 96),
  ),
  shape('overhang', 'flared-foot-r30-h20', revolved(points(0, 0, 6, 0, 30, 15, 30, 20, 0, 20), 96)),
  shape('overhang', 'low-bridge-120x12', arch(120, 12, 6, 30)),
  shape('overhang', 'shelf-80x100', gallows(80, 100, 10, 40)),
  shape('perforated', 'mounting-plate-3x2-holes', perforatedPlate(3, 2, 20, 3, 4)),
  shape('perforated', 'grille-6x6-holes', perforatedPlate(6, 6, 12, 4, 2.5)),
  shape('perforated', 'block-2x2-bores', perforatedPlate(2, 2, 30, 6, 25)),
  shape('gear', 'gear-r20-16-teeth', gear(20, 16, 3, 4, 8)),
  shape('gear', 'gear-r45-30-teeth', gear(45, 30, 4, 8, 12)),
  shape('frame', 'square-frame-80-w6', tube(80 / Math.SQRT2, (80 - 12) / Math.SQRT2, 10, 4)),
  shape('blob', 'pebble-r15', blob(15, [1.3, 1, 0.7], lumps(0.12, 2, 2))),
  shape('blob', 'potato-r30', blob(30, [1.4, 1, 0.8], lumps(0.15, 3, 2, 0.05, 7, 5))),
  shape('blob', 'lumpy-r25', blob(25, [1, 1, 1.2], lumps(0.2, 4, 3, 0.06, 9, 7))),
  shape('blob', 'creature-r45', blob(45, [1.2, 0.8, 1], lumps(0.25, 2, 3, 0.1, 5, 4, 0.04, 11, 9), 0.1, 64)),
  shape('blob', 'bust-r60', blob(60, [0.8, 0.7, 1.4], lumps(0.15, 3, 4, 0.06, 8, 6), 0.08, 64)),
  shape('blob', 'boulder-r70', blob(70, [1.2, 1.1, 0.7], lumps(0.12, 5, 3, 0.05, 13, 9), 0.15, 64)),
  shape('plate', 'plate-of-4-cubes-15', grid(box(15, 15, 15), 15, 2, 10)),
  shape('plate', 'plate-of-9-pins', grid(moved(cylinder(4, 25, 32), [4, 4, 0]), 8, 3, 12)),
  shape('plate', 'cube-and-sphere', merged(box(30, 30, 30), moved(sphere(15), [55, 15, 0]))),
];

/**
 * Binary STL with each facet's normal filled in, as CAD writes it. PrusaSlicer 2.5 takes a binary file
 * for ASCII when its first facet holds no byte above 127, which zero normals and round coordinates
 * (a 150 mm cube's) can do; a unit normal never does.
 */
export function shapeStl(part: TrainingShape): Uint8Array {
  const facets = triangles(part.mesh);
  const stl = Buffer.from(binaryStl(facets, `printfarm estimator shape ${part.name}`));
  facets.forEach(([a, b, c], i) => {
    const u: Vec3 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const v: Vec3 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const normal: Vec3 = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]];
    const length = Math.hypot(...normal) || 1;
    normal.forEach((value, axis) => {
      stl.writeFloatLE(value / length, 84 + i * 50 + axis * 4);
    });
  });
  return stl;
}
