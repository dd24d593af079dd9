// PLY faces given as triangle strips (a `tristrips` element), as Stanford's scans are written.
import { describe, expect, it } from 'vitest';
import { CUBE_STRIPS, plyStrips } from '../../../ops/fixtures/models/printability.ts';
import { memoryUpload } from '../storage/uploads.ts';
import { analyzeModel } from './analyze.ts';

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
