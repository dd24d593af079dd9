// PLY faces given as triangle strips (a `tristrips` element), as Stanford's scans are written; and
// counts a few bytes can declare but never hold, refused at once instead of looped over.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { binaryStl, cubeMesh, triangles } from '../../../ops/fixtures/models/builders.ts';
import { CUBE_STRIPS, plyStrips } from '../../../ops/fixtures/models/printability.ts';
import { memoryUpload } from '../storage/uploads.ts';
import { analyzeModel } from './analyze.ts';
import { analyzeInThread, closeAnalysisThreads } from './thread.ts';

describe('PLY triangle strips', () => {
  it.each(['ascii', 'binary_little_endian', 'binary_big_endian'] as const)(
    'reads the 20 mm cube from strips in %s, alternate facets turned back',
    async (encoding) => {
      const outcome = await analyzeModel(memoryUpload(plyStrips(CUBE_STRIPS, encoding)), 'cube.ply');
      if (outcome.status !== 'ready') throw new Error(outcome.reason);
      // Wound alike (or the stitching facets kept), the cube would not be closed, or not 8 cm³.
      expect(outcome.analysis).toMatchObject({
        triangleCount: 12,
        bbox: { x: 20, y: 20, z: 20 },
        shellCount: 1,
        openEdgeCount: 0,
        nonManifoldEdgeCount: 0,
        watertight: true,
        invertedNormals: false,
        metadata: { encoding, strips: 2 },
      });
      expect(outcome.analysis.volumeCm3).toBeCloseTo(8, 9);
      expect(outcome.analysis.surfaceAreaCm2).toBeCloseTo(24, 9);
    },
  );

  it('refuses a strip that refers to a vertex not defined', async () => {
    const broken = { ...CUBE_STRIPS, records: [[0, 1, 2, 8]] };
    const outcome = await analyzeModel(memoryUpload(plyStrips(broken, 'binary_little_endian')), 'cube.ply');
    expect(outcome).toMatchObject({
      status: 'rejected',
      reason: 'Not a valid PLY: strip record 1 refers to vertex 8, but only 8 are defined',
    });
  });
});

const TRIANGLE_VERTICES = ['element vertex 3', 'property float x', 'property float y', 'property float z'];

function ply(headerLines: string[], body: Uint8Array | string): Buffer {
  return Buffer.concat([
    Buffer.from(`${['ply', ...headerLines, 'end_header'].join('\n')}\n`),
    Buffer.from(body),
  ]);
}

/** One triangle in binary_little_endian (this machine's order): three float vertices and one uchar/int face. */
function binaryTriangle(): Buffer {
  const vertices = Buffer.from(new Float32Array([0, 0, 0, 10, 0, 0, 0, 10, 0]).buffer);
  const face = Buffer.concat([Buffer.from([3]), Buffer.from(new Int32Array([0, 1, 2]).buffer)]);
  return Buffer.concat([vertices, face]);
}

describe('PLY counts the data cannot hold', () => {
  // In an analysis thread, as the workers run it: a parser that loops is stopped only by the deadline.
  const limits = { maxHeapMb: 256, timeoutMs: 10_000 };
  let uploadDir: string;
  beforeAll(async () => {
    uploadDir = await mkdtemp(path.join(tmpdir(), 'printfarm-ply-'));
    await writeFile(path.join(uploadDir, 'cube.stl'), binaryStl(triangles(cubeMesh(20))));
    // A thread ready before the clock starts (starting one loads the analyser).
    await analyzeInThread({ filePath: 'cube.stl', uploadDir, fileName: 'cube.stl' }, limits);
  });
  afterAll(async () => {
    await closeAnalysisThreads();
    if (uploadDir) await rm(uploadDir, { recursive: true, force: true });
  });

  it.each([
    [
      'a binary element with no properties and a huge count',
      ply(
        [
          'format binary_little_endian 1.0',
          ...TRIANGLE_VERTICES,
          'element junk 9007199254740991',
          'element face 1',
          'property list uchar int vertex_indices',
        ],
        binaryTriangle(),
      ),
      'Not a valid PLY: header declares 9,007,199,254,740,991 "junk" elements with no properties',
    ],
    [
      'an ASCII list count far beyond the values on its line',
      ply(
        [
          'format ascii 1.0',
          ...TRIANGLE_VERTICES,
          'element face 1',
          'property list uchar int vertex_indices',
          'property list uint int extra',
        ],
        '0 0 0\n10 0 0\n0 10 0\n3 0 1 2 4000000000\n',
      ),
      'Not a valid PLY: data line 4 lists 4,000,000,000 values, but only 0 follow',
    ],
  ])(
    'refuses %s within a second',
    async (_name, bytes, reason) => {
      await writeFile(path.join(uploadDir, 'crafted.ply'), bytes);
      const started = performance.now();
      const reply = await analyzeInThread(
        { filePath: 'crafted.ply', uploadDir, fileName: 'crafted.ply' },
        limits,
      );
      const elapsed = performance.now() - started;
      expect(reply).toEqual({ kind: 'outcome', outcome: { status: 'rejected', format: 'ply', reason } });
      expect(elapsed).toBeLessThan(1000);
    },
    30_000,
  );

  it('refuses a count of more records than the rest of the file has bytes for, before reading them', async () => {
    const bytes = ply(
      [
        'format binary_little_endian 1.0',
        'element vertex 1000000000',
        'property float x',
        'property float y',
        'property float z',
        'element face 1',
        'property list uchar int vertex_indices',
      ],
      binaryTriangle(),
    );
    expect(await analyzeModel(memoryUpload(bytes), 'many.ply')).toMatchObject({
      status: 'rejected',
      reason: 'Not a valid PLY: header declares 1,000,000,000 vertices, file ends after 4',
    });
    const ascii = ply(
      [
        'format ascii 1.0',
        'element vertex 1000000000',
        'property float x',
        'property float y',
        'property float z',
        'element face 1',
        'property list uchar int vertex_indices',
      ],
      '0 0 0\n10 0 0\n0 10 0\n3 0 1 2\n',
    );
    expect(await analyzeModel(memoryUpload(ascii), 'many.ply')).toMatchObject({
      status: 'rejected',
      reason: 'Not a valid PLY: header declares 1,000,000,000 vertices, the file has room for at most 4',
    });
  });
});
