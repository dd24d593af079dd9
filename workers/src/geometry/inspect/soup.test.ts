// The inspection's triangles come from the analysis's parsers: the same file gives the same mesh.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  asciiStl,
  binaryStl,
  obj,
  plyAscii,
  plyBinary,
  threeMf,
  threeMfModel,
  threeMfObject,
  triangles,
} from '../../../../ops/fixtures/models/builders.ts';
import { CUBE_STRIPS, hexagonalPrism, plyStrips } from '../../../../ops/fixtures/models/printability.ts';
import { tShape } from '../../../../ops/fixtures/models/solids.ts';
import { memoryUpload } from '../../storage/uploads.ts';
import { analyzeModel } from '../analyze.ts';
import { loadTriangleSoup, MAX_INSPECTED_TRIANGLES, SoupCollector, type TriangleSoup } from './soup.ts';

/** Volume (file units³) and area of a soup, summed the plain way. */
function figures(soup: TriangleSoup) {
  let six = 0;
  let doubleArea = 0;
  for (let at = 0; at < soup.length; at += 9) {
    const [ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0, cx = 0, cy = 0, cz = 0] = soup.subarray(
      at,
      at + 9,
    );
    six += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
    const [ux, uy, uz, vx, vy, vz] = [bx - ax, by - ay, bz - az, cx - ax, cy - ay, cz - az];
    doubleArea += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
  }
  return { triangles: soup.length / 9, volume: six / 6, area: doubleArea / 2 };
}

const t = tShape();
const cases: Array<[string, string, Uint8Array]> = [
  ['binary STL', 't.stl', binaryStl(triangles(t))],
  ['ASCII STL', 't.stl', asciiStl(triangles(t))],
  ['OBJ with polygons', 'prism.obj', obj(hexagonalPrism())],
  ['OBJ with negative indices', 't.obj', obj(t, { relative: true, slashes: true })],
  ['ASCII PLY', 't.ply', plyAscii(t)],
  ['binary PLY', 't.ply', plyBinary(t, false)],
  ['PLY strips', 'cube.ply', plyStrips(CUBE_STRIPS, 'binary_big_endian')],
  [
    '3MF in centimetres',
    't.3mf',
    threeMf(threeMfModel(threeMfObject(1, t), '<item objectid="1"/>', 'centimeter')),
  ],
  [
    'STEP',
    'box.step',
    readFileSync(new URL('../../../../tests/fixtures/models/box-20mm.step', import.meta.url)),
  ],
  ['an STL named .obj', 'misnamed.obj', binaryStl(triangles(t))],
];

describe('the triangle soup', () => {
  it.each(cases)('holds the triangles the analysis measures, from %s', async (_, name, bytes) => {
    const outcome = await analyzeModel(memoryUpload(bytes), name);
    if (outcome.status !== 'ready') throw new Error(outcome.reason);
    const soup = await loadTriangleSoup(memoryUpload(bytes), name);
    if (!soup) throw new Error('no soup');
    const { triangles: count, volume, area } = figures(soup);
    expect(count).toBe(outcome.analysis.triangleCount);
    expect(volume / 1000).toBeCloseTo(outcome.analysis.volumeCm3 ?? 0, 9);
    expect(area / 100).toBeCloseTo(outcome.analysis.surfaceAreaCm2 ?? 0, 9);
  });

  it('has no mesh for G-code, nor for a file of unknown type', async () => {
    const gcode = readFileSync(
      new URL('../../../../tests/fixtures/models/prusaslicer-cube.gcode', import.meta.url),
    );
    expect(await loadTriangleSoup(memoryUpload(gcode), 'cube.gcode')).toBeNull();
    expect(await loadTriangleSoup(memoryUpload(new TextEncoder().encode('hello')), 'notes.txt')).toBeNull();
  });

  it('refuses to keep more triangles than it can hold', () => {
    expect(MAX_INSPECTED_TRIANGLES).toBe(4_000_000);
    const collector = new SoupCollector(0, 1000);
    const nothing = new DataView(new ArrayBuffer(84 + 50 * 1000));
    collector.addStlFacets(nothing, 84, 1000);
    expect(() => collector.addTriangle(0, 0, 0, 1, 0, 0, 0, 1, 0)).toThrow(
      'Refused: the model holds more than 1,000 triangles to inspect',
    );
  });

  it('keeps binary STL corners as float32 gives them, and grows past the count it expected', () => {
    const bytes = binaryStl([
      [
        [0.1, 0.2, 0.3],
        [1, 0, 0],
        [0, 1, 0],
      ],
    ]);
    const collector = new SoupCollector(0);
    for (let i = 0; i < 100; i++) collector.addStlFacets(new DataView(bytes.buffer), 84, 1);
    const soup = collector.soup();
    expect(soup.length).toBe(900);
    expect([...soup.subarray(891, 894)]).toEqual([Math.fround(0.1), Math.fround(0.2), Math.fround(0.3)]);
  });
});
