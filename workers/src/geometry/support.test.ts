import { describe, expect, it } from 'vitest';
import {
  asciiStl,
  binaryStl,
  cubeMesh,
  type IndexedMesh,
  inverted,
  obj,
  plyAscii,
  plyBinary,
  sphereMesh,
  threeMf,
  threeMfModel,
  threeMfObject,
  triangles,
} from '../../../ops/fixtures/models/builders.ts';
import { invertedPyramid, tShape, wedge } from '../../../ops/fixtures/models/solids.ts';
import { memoryUpload } from '../storage/uploads.ts';
import { analyzeModel, type ModelAnalysis } from './analyze.ts';

async function ready(bytes: Uint8Array, fileName: string): Promise<ModelAnalysis> {
  const outcome = await analyzeModel(memoryUpload(bytes), fileName);
  if (outcome.status !== 'ready') throw new Error(`expected ready, got: ${outcome.reason}`);
  return outcome.analysis;
}

const stl = (mesh: IndexedMesh) => ready(binaryStl(triangles(mesh)), 'part.stl');

function expectRelative(actual: number | null, expected: number, tolerance: number) {
  expect(actual).not.toBeNull();
  expect(Math.abs((actual ?? 0) - expected) / expected).toBeLessThan(tolerance);
}

describe('overhang area and support volume', () => {
  it.each([
    ['binary STL', 't.stl', () => binaryStl(triangles(tShape()))],
    ['ASCII STL', 't.stl', () => asciiStl(triangles(tShape()))],
    ['OBJ', 't.obj', () => obj(tShape())],
    ['ASCII PLY', 't.ply', () => plyAscii(tShape())],
    ['binary PLY', 't.ply', () => plyBinary(tShape(), false)],
    ['3MF', 't.3mf', () => threeMf(threeMfModel(threeMfObject(1, tShape()), '<item objectid="1"/>'))],
  ])('finds the two 1 cm² wings of a T, 1 cm above the plate, in %s', async (_, name, bytes) => {
    const analysis = await ready(bytes(), name);
    expect(analysis.watertight).toBe(true);
    expect(analysis.invertedNormals).toBe(false);
    expectRelative(analysis.overhangAreaCm2, 2, 1e-6);
    expectRelative(analysis.supportVolumeCm3, 2, 1e-6);
  });

  it('places the plate at the lowest point, wherever the file puts it', async () => {
    const raised = tShape();
    raised.vertices = raised.vertices.map(([x, y, z]) => [x + 500, y - 300, z + 200]);
    const analysis = await stl(raised);
    expectRelative(analysis.overhangAreaCm2, 2, 1e-6);
    expectRelative(analysis.supportVolumeCm3, 2, 1e-6);
  });

  it('needs no support under a facet at exactly 45°, and does under one at 30°', async () => {
    const at45 = await stl(wedge(10));
    expect(at45.overhangAreaCm2).toBe(0);
    expect(at45.supportVolumeCm3).toBe(0);
    const rise30 = 10 * Math.tan(Math.PI / 6);
    const at30 = await stl(wedge(rise30));
    expectRelative(at30.overhangAreaCm2, 1, 1e-6);
    // The underside rises linearly across its 1 cm² shadow: on average half the wedge's height.
    expectRelative(at30.supportVolumeCm3, (100 * (rise30 / 2)) / 1000, 1e-6);
    expect((await stl(wedge(10.1))).overhangAreaCm2).toBe(0);
    expectRelative((await stl(wedge(9.9))).overhangAreaCm2, 1, 1e-6);
  });

  it('measures a pyramid standing on its apex exactly: 2/3 of its bounding prism is support', async () => {
    // Sides 26.6° from horizontal: the whole 20 × 20 mm shadow overhangs, 5 mm tall at the rim.
    const flat = await stl(invertedPyramid(20, 5));
    expectRelative(flat.overhangAreaCm2, 4, 1e-6);
    expectRelative(flat.supportVolumeCm3, ((2 / 3) * 400 * 5) / 1000, 1e-6);
    // Sides 56° from horizontal print without support.
    const steep = await stl(invertedPyramid(20, 15));
    expect(steep.overhangAreaCm2).toBe(0);
    expect(steep.supportVolumeCm3).toBe(0);
  });

  it('measures the lower 45° cap of a sphere within 1 % of the analytic figures', async () => {
    const radius = 10;
    // 128 rings put a ring exactly at 45°, so the facets either side fall clearly on one side.
    const analysis = await stl(sphereMesh(radius, 256, 128));
    // The cap facing down more than 45° has a shadow of radius r/√2; the disc within 0.05 mm of the
    // south pole (radius² = 2 r · 0.05 − 0.05²) rests on the plate.
    const onPlate = 2 * radius * 0.05 - 0.05 ** 2;
    expectRelative(analysis.overhangAreaCm2, (Math.PI * (radius ** 2 / 2 - onPlate)) / 100, 0.01);
    // ∫ over that shadow of the height above the south pole: π r³ (√2 − 1) / 6.
    expectRelative(analysis.supportVolumeCm3, (Math.PI * radius ** 3 * (Math.SQRT2 - 1)) / 6 / 1000, 0.01);
  });

  it('gives the same figures whatever order the facets come in', async () => {
    const sphere = triangles(sphereMesh(10, 256, 128));
    const northFirst = await ready(binaryStl(sphere), 'sphere.stl');
    const southFirst = await ready(binaryStl([...sphere].reverse()), 'sphere.stl');
    expect(southFirst.overhangAreaCm2).toBeCloseTo(northFirst.overhangAreaCm2 ?? 0, 6);
    expect(southFirst.supportVolumeCm3).toBeCloseTo(northFirst.supportVolumeCm3 ?? 0, 6);
  });

  it('counts a bottom within 0.05 mm of the lowest point as on the plate, in either order', async () => {
    const grounded = triangles(cubeMesh(10));
    for (const [lift, area, volume] of [
      [0.04, 0, 0],
      [0.06, 1, (100 * 0.06) / 1000],
    ] as const) {
      const lifted = triangles(cubeMesh(10, [30, 0, lift]));
      for (const order of [
        [...lifted, ...grounded],
        [...grounded, ...lifted],
      ]) {
        const analysis = await ready(binaryStl(order), 'two.stl');
        expect(analysis.overhangAreaCm2).toBeCloseTo(area, 6);
        expect(analysis.supportVolumeCm3).toBeCloseTo(volume, 6);
      }
    }
  });

  it('measures an inside-out file as the solid it describes, as it does its volume', async () => {
    const flippedT = await stl(inverted(tShape()));
    expect(flippedT.invertedNormals).toBe(true);
    expectRelative(flippedT.overhangAreaCm2, 2, 1e-6);
    expectRelative(flippedT.supportVolumeCm3, 2, 1e-6);
    // The top of a flipped cube faces down by its winding, yet is no overhang.
    const flippedCube = await stl(inverted(cubeMesh(20)));
    expect(flippedCube.invertedNormals).toBe(true);
    expect(flippedCube.overhangAreaCm2).toBe(0);
    expect(flippedCube.supportVolumeCm3).toBe(0);
  });
});
