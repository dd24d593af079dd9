// The inspection's entry point: which files it inspects, and how fast.
import { readFileSync } from 'node:fs';
import { ORIENTATION_KEYS } from '@printfarm/domain/inspection';
import { describe, expect, it } from 'vitest';
import { binaryStl, obj, triangles } from '../../../../ops/fixtures/models/builders.ts';
import { largeFormatBox, timingSphereStl } from '../../../../ops/fixtures/models/printability.ts';
import { memoryUpload } from '../../storage/uploads.ts';
import { inspectModel } from './inspect.ts';

describe('inspectModel', () => {
  it('inspects a 200,000-facet part in under a second, its first inspection in this process', async () => {
    const sphere = timingSphereStl();
    expect(sphere.length).toBe(84 + 50 * 199_808);
    const started = performance.now();
    const inspection = await inspectModel(memoryUpload(sphere), 'sphere.stl');
    const elapsed = performance.now() - started;
    // CPU time, the work itself: on a machine this busy (tests run two at a time on two cores) the
    // wall clock also counts what the other tests were given.
    expect(inspection?.cpuMs).toBeLessThan(1000);
    expect(inspection?.durationMs).toBeLessThanOrEqual(elapsed);
    // A sphere 100 mm across, closed: measured through its middle from everywhere.
    expect(inspection?.thickness?.quantiles[0]).toBeGreaterThan(99.9);
    expect(inspection?.thickness?.hitAreaShare).toBe(1);
    expect(inspection?.openEdgePoints).toEqual([]);
    expect(inspection?.shells).toHaveLength(1);
  });

  it('inspects a part only a large-format printer takes, in its own units', async () => {
    const inspection = await inspectModel(memoryUpload(obj(largeFormatBox())), 'crate.obj');
    expect(inspection).toMatchObject({ version: 1, openEdgePoints: [], nonManifoldPoints: [] });
    expect(inspection?.orientations.map((candidate) => candidate.key)).toEqual(ORIENTATION_KEYS.slice(0, 6));
    expect(inspection?.orientations[0]?.bbox).toEqual({ x: 320, y: 300, z: 120 });
    expect(inspection?.thickness?.quantiles[0]).toBeCloseTo(120, 9);
    expect(inspection?.thickness?.quantiles[32]).toBeCloseTo(320, 9);
    expect(inspection?.shells[0]?.size).toEqual({ x: 320, y: 300, z: 120 });
  });

  it('has nothing to inspect in G-code, an empty file or one the parsers refuse', async () => {
    const gcode = readFileSync(
      new URL('../../../../tests/fixtures/models/prusaslicer-cube.gcode', import.meta.url),
    );
    expect(await inspectModel(memoryUpload(gcode), 'cube.gcode')).toBeNull();
    expect(await inspectModel(memoryUpload(new Uint8Array(0)), 'empty.stl')).toBeNull();
    const truncated = binaryStl(triangles(largeFormatBox())).subarray(0, 200);
    expect(await inspectModel(memoryUpload(truncated), 'cut.stl')).toBeNull();
  });
});
