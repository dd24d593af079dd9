import { describe, expect, it } from 'vitest';
import { memoryUpload } from '../storage/uploads.ts';
import { analyzeModel } from './analyze.ts';
import { bumpySphereStl } from './bumpySphere.ts';
import { WARM_UP_RINGS, WARM_UP_SEGMENTS, warmUpAnalysis } from './warmUp.ts';

describe('the analysis threads’ warm-up model', () => {
  it('is a closed bumpy sphere of 2 · segments · (rings − 1) facets', async () => {
    const bytes = bumpySphereStl(WARM_UP_SEGMENTS, WARM_UP_RINGS, 20);
    const triangles = 2 * WARM_UP_SEGMENTS * (WARM_UP_RINGS - 1);
    expect(bytes.length).toBe(84 + 50 * triangles);
    const outcome = await analyzeModel(memoryUpload(bytes), 'warm-up.stl');
    if (outcome.status !== 'ready') throw new Error(outcome.reason);
    expect(outcome.analysis).toMatchObject({
      triangleCount: triangles,
      shellCount: 1,
      openEdgeCount: 0,
      nonManifoldEdgeCount: 0,
      watertight: true,
      invertedNormals: false,
    });
    // A sphere of radius 20 mm holds 33.5 cm³; the bumps add and take away about as much.
    expect(outcome.analysis.volumeCm3).toBeGreaterThan(32);
    expect(outcome.analysis.volumeCm3).toBeLessThan(35);
    // Poles at ±20 mm; the bumps near them reach a little higher (at most 20 + 0.8 mm).
    expect(outcome.analysis.bbox?.z).toBeGreaterThanOrEqual(40);
    expect(outcome.analysis.bbox?.z).toBeLessThanOrEqual(41.6);
  });

  it('passes its own check: one closed shell', async () => {
    await expect(warmUpAnalysis()).resolves.toBeUndefined();
  });
});
