// Orientation candidates on the support fixtures (support.test.ts has the analysis's figures for them).
import type { OrientationCandidate, OrientationKey } from '@printfarm/domain/inspection';
import { describe, expect, it } from 'vitest';
import {
  binaryStl,
  cubeMesh,
  type IndexedMesh,
  inverted,
  triangles,
} from '../../../../ops/fixtures/models/builders.ts';
import { cubeBesideInvertedCube, largeFormatBox } from '../../../../ops/fixtures/models/printability.ts';
import { invertedPyramid, tShape, wedge } from '../../../../ops/fixtures/models/solids.ts';
import { memoryUpload } from '../../storage/uploads.ts';
import { analyzeModel } from '../analyze.ts';
import { inspectModel, inspectSoup } from './inspect.ts';
import { preferredOrientation } from './orientations.ts';
import { AXIS_ROTATIONS, rotate, rotationPlacingDown, type Vector3 } from './rotation.ts';

function candidates(mesh: IndexedMesh): Map<OrientationKey, OrientationCandidate> {
  const { orientations } = inspectSoup(Float64Array.from(triangles(mesh).flat(2)));
  return new Map(orientations.map((candidate) => [candidate.key, candidate]));
}

function candidate(mesh: IndexedMesh, key: OrientationKey): OrientationCandidate {
  const found = candidates(mesh).get(key);
  if (!found) throw new Error(`no ${key} candidate`);
  return found;
}

/** The analysis's and the inspection's figures for the file as uploaded, in mm² and mm³. */
async function asUploaded(mesh: IndexedMesh) {
  const stl = binaryStl(triangles(mesh));
  const outcome = await analyzeModel(memoryUpload(stl), 'part.stl');
  const inspection = await inspectModel(memoryUpload(stl), 'part.stl');
  if (outcome.status !== 'ready' || !inspection) throw new Error('not measured');
  return {
    analysis: {
      overhangArea: (outcome.analysis.overhangAreaCm2 ?? 0) * 100,
      supportVolume: (outcome.analysis.supportVolumeCm3 ?? 0) * 1000,
    },
    candidate: inspection.orientations[0],
  };
}

describe('orientation candidates', () => {
  it.each([
    ['a T', tShape()],
    ['a T wound inside out', inverted(tShape())],
    ['a wedge at 30°', wedge(10 * Math.tan(Math.PI / 6))],
    ['a pyramid on its apex', invertedPyramid(20, 5)],
    ['a steep pyramid on its apex', invertedPyramid(20, 15)],
    ['a cube wound inside out', inverted(cubeMesh(20))],
  ])('measure %s as uploaded as the analysis does (both support it)', async (_, mesh) => {
    const { analysis, candidate } = await asUploaded(mesh);
    expect(candidate?.key).toBe('z-');
    expect(candidate?.overhangArea).toBeCloseTo(analysis.overhangArea, 9);
    expect(candidate?.supportVolume).toBeCloseTo(analysis.supportVolume, 9);
  });

  it('measure a shell wound inside out among others as the solid it describes', async () => {
    // The analysis goes by the whole file's winding: the small cube's top faces down, 10 mm up.
    const { analysis, candidate } = await asUploaded(cubeBesideInvertedCube());
    expect(analysis.overhangArea).toBeCloseTo(100, 9);
    expect(candidate).toMatchObject({ overhangArea: 0, supportVolume: 0, plateArea: 500 });
  });

  it('turn a T over onto its slab, the one way it needs no support and stands on most', () => {
    const t = candidates(tShape());
    expect([...t.keys()]).toEqual(['z-', 'z+', 'x-', 'x+', 'y-', 'y+']);
    expect(t.get('z-')).toMatchObject({ overhangArea: 200, supportVolume: 2000, plateArea: 100 });
    expect(t.get('z+')).toMatchObject({ overhangArea: 0, supportVolume: 0, plateArea: 300 });
    // On an end of the slab, the pillar's side hangs 10 mm above the plate.
    expect(t.get('x+')).toMatchObject({ overhangArea: 100, supportVolume: 1000, plateArea: 20 });
    expect(t.get('x+')?.bbox).toEqual({ x: 12, y: 10, z: 30 });
    // On its side the T is its own profile, 160 mm², with nothing overhanging.
    expect(t.get('y-')).toMatchObject({ overhangArea: 0, supportVolume: 0, plateArea: 160 });
    expect(preferredOrientation([...t.values()])?.key).toBe('z+');
  });

  it('stand a pyramid on its base rather than its apex', () => {
    const pyramid = candidates(invertedPyramid(20, 5));
    expect(pyramid.get('z-')).toMatchObject({ overhangArea: 400, plateArea: 0 });
    expect(pyramid.get('z-')?.supportVolume).toBeCloseTo((2 / 3) * 400 * 5, 9);
    expect(pyramid.get('z+')).toMatchObject({ overhangArea: 0, supportVolume: 0, plateArea: 400 });
    expect(preferredOrientation([...pyramid.values()])?.key).toBe('z+');
  });

  it("support what the farms' slicer supports: undersides sloping less than 55°, where the analysis stops at 45°", async () => {
    // A 45° underside: supported by PrusaSlicer at threshold 55, not an overhang to the analysis.
    const slope45 = await asUploaded(wedge(10));
    expect(slope45.analysis.overhangArea).toBe(0);
    expect(slope45.candidate?.overhangArea).toBeCloseTo(100, 9);
    // 50° still needs support; 60° does not.
    expect(candidate(wedge(10 * Math.tan((50 * Math.PI) / 180)), 'z-').overhangArea).toBeCloseTo(100, 9);
    expect(candidate(wedge(10 * Math.tan((60 * Math.PI) / 180)), 'z-').overhangArea).toBe(0);
  });

  it('offer the slope of a wedge as a face to stand on, resting flat on the plate', () => {
    const rise = 10 * Math.tan(Math.PI / 6);
    const slope = candidate(wedge(rise), 'face');
    const slopeArea = 10 * Math.hypot(10, rise);
    expect(slope.plateArea).toBeCloseTo(slopeArea, 9);
    expect(slope.overhangArea).toBeCloseTo(0, 9);
    // The wedge's height standing on its slope: its right-angled corner above the hypotenuse.
    expect(slope.bbox.z).toBeCloseTo((10 * rise) / Math.hypot(10, rise), 9);
    expect(slope.bbox.y).toBeCloseTo(10, 9);
    // As uploaded it rests on an edge and its 30° underside overhangs.
    expect(candidate(wedge(rise), 'z-')).toMatchObject({ overhangArea: 100, plateArea: 0 });
    expect(preferredOrientation([...candidates(wedge(rise)).values()])?.key).toBe('face');
  });

  it('offer no tilted face when every face lies along an axis, or none is large', () => {
    expect(candidates(cubeMesh(20)).has('face')).toBe(false);
  });

  it('turn the bounding box with the part: a large-format box lies or stands', () => {
    const box = candidates(largeFormatBox());
    expect(box.get('z-')?.bbox).toEqual({ x: 320, y: 300, z: 120 });
    expect(box.get('z+')?.bbox).toEqual({ x: 320, y: 300, z: 120 });
    expect(box.get('x-')?.bbox).toEqual({ x: 120, y: 300, z: 320 });
    expect(box.get('y+')?.bbox).toEqual({ x: 320, y: 120, z: 300 });
    expect(box.get('x+')?.plateArea).toBe(300 * 120);
  });

  it('turn each side named by its key down, the plate below', () => {
    const sides: Record<keyof typeof AXIS_ROTATIONS, Vector3> = {
      'z-': [0, 0, -1],
      'z+': [0, 0, 1],
      'x-': [-1, 0, 0],
      'x+': [1, 0, 0],
      'y-': [0, -1, 0],
      'y+': [0, 1, 0],
    };
    for (const [key, side] of Object.entries(sides) as [keyof typeof sides, Vector3][]) {
      expect(rotate(AXIS_ROTATIONS[key], side)).toEqual([0, 0, -1]);
      expect(rotationPlacingDown(side).map((value) => value + 0)).toEqual(AXIS_ROTATIONS[key]);
    }
    const tilted: Vector3 = [0.6, 0, 0.8];
    rotate(rotationPlacingDown(tilted), tilted).forEach((value, axis) => {
      expect(value).toBeCloseTo([0, 0, -1][axis]!, 12);
    });
  });
});
