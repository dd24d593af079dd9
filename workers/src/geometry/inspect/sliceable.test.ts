// The copy the slicer reads: checked by PrusaSlicer itself where it is installed.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryStl, cubeMesh, inverted, obj, triangles } from '../../../../ops/fixtures/models/builders.ts';
import { hexagonalPrism } from '../../../../ops/fixtures/models/printability.ts';
import { prusaTwoVolumes3mf, prusaVolumesConfig } from '../../../../tests/fixtures/models/prusa3mf.ts';
import { memoryUpload } from '../../storage/uploads.ts';
import { AXIS_ROTATIONS } from './rotation.ts';
import { writeSliceableStl } from './sliceable.ts';

const PRUSA_SLICER = '/usr/bin/prusa-slicer';
/** (3√3 / 2) · 10² · 5 mm³, the prism in file units. */
const PRISM_VOLUME = ((3 * Math.sqrt(3)) / 2) * 100 * 5;

/** PrusaSlicer's `--info` figures for a file: size_x, volume, manifold… */
async function slicerInfo(file: string): Promise<Record<string, string>> {
  const { stdout } = await promisify(execFile)(PRUSA_SLICER, ['--info', file], { timeout: 20_000 });
  return Object.fromEntries(
    [...stdout.matchAll(/^(\w+) = +(.*)$/gm)].map((match) => [match[1] ?? '', (match[2] ?? '').trim()]),
  );
}

/** Each record's stored normal against its winding's, and the signed volume of the facets. */
function readStl(bytes: Buffer) {
  let six = 0;
  let normalsAgree = true;
  for (let at = 84; at < bytes.length; at += 50) {
    const f = (i: number) => bytes.readFloatLE(at + 4 * i);
    const [a, b, c] = [3, 6, 9].map((i) => [f(i), f(i + 1), f(i + 2)] as const);
    const [ax = 0, ay = 0, az = 0] = a ?? [];
    const [bx = 0, by = 0, bz = 0] = b ?? [];
    const [cx = 0, cy = 0, cz = 0] = c ?? [];
    six += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
    const n = [
      (by - ay) * (cz - az) - (bz - az) * (cy - ay),
      (bz - az) * (cx - ax) - (bx - ax) * (cz - az),
      (bx - ax) * (cy - ay) - (by - ay) * (cx - ax),
    ];
    if (n[0]! * f(0) + n[1]! * f(1) + n[2]! * f(2) <= 0) normalsAgree = false;
  }
  return { triangles: bytes.readUInt32LE(80), volume: six / 6, normalsAgree };
}

describe('the sliceable copy', () => {
  let folder = '';
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'sliceable-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('turns an OBJ with hexagonal faces into triangles PrusaSlicer reads, turned, scaled and on the plate', async () => {
    const outPath = path.join(folder, 'prism.stl');
    // Laid on its +X side and drawn in centimetres.
    const copy = await writeSliceableStl(memoryUpload(obj(hexagonalPrism())), 'prism.obj', {
      rotation: AXIS_ROTATIONS['x+'],
      scale: 10,
      outPath,
    });
    // The hexagons fan into 4 triangles each, the 6 sides into 2.
    expect(copy.triangles).toBe(20);
    expect(copy.bboxMm.x).toBeCloseTo(50, 4);
    expect(copy.bboxMm.y).toBeCloseTo(100 * Math.sqrt(3), 4);
    expect(copy.bboxMm.z).toBeCloseTo(200, 4);
    const written = readStl(await readFile(outPath));
    expect(written).toMatchObject({ triangles: 20, normalsAgree: true });
    expect(written.volume).toBeCloseTo(PRISM_VOLUME * 1000, 0);
    if (!existsSync(PRUSA_SLICER)) {
      console.warn(`${PRUSA_SLICER} is not installed: the copy was not read by PrusaSlicer`);
      return;
    }
    const info = await slicerInfo(outPath);
    expect(Number(info.size_x)).toBeCloseTo(50, 3);
    expect(Number(info.size_y)).toBeCloseTo(100 * Math.sqrt(3), 3);
    expect(Number(info.size_z)).toBeCloseTo(200, 3);
    expect(Number(info.min_z)).toBeCloseTo(0, 4);
    expect(Number(info.volume) / (PRISM_VOLUME * 1000)).toBeCloseTo(1, 5);
    expect(info.manifold).toBe('yes');
  });

  it('winds an inside-out file outward, normals and all', async () => {
    const outPath = path.join(folder, 'cube.stl');
    await writeSliceableStl(
      memoryUpload(binaryStl(triangles(inverted(cubeMesh(20, [5, 5, -30]))))),
      'cube.stl',
      {
        rotation: AXIS_ROTATIONS['z-'],
        scale: 1,
        outPath,
      },
    );
    const written = readStl(await readFile(outPath));
    expect(written.normalsAgree).toBe(true);
    expect(written.volume).toBeCloseTo(8000, 3);
  });

  it('prints a PrusaSlicer modifier volume as a setting, not as solid part', async () => {
    const outPath = path.join(folder, 'modifier.stl');
    const copy = await writeSliceableStl(
      memoryUpload(prusaTwoVolumes3mf(prusaVolumesConfig('ParameterModifier'))),
      'cube.3mf',
      {
        rotation: AXIS_ROTATIONS['z-'],
        scale: 1,
        outPath,
      },
    );
    expect(copy).toEqual({ triangles: 12, bboxMm: { x: 20, y: 20, z: 20 } });
    const written = readStl(await readFile(outPath));
    expect(written).toMatchObject({ triangles: 12, normalsAgree: true });
    expect(written.volume).toBeCloseTo(8000, 3);
  });
});
