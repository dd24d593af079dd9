// Wall thickness on parts whose walls are known by construction.
import { THICKNESS_QUANTILES, type ThicknessProfile } from '@printfarm/domain/inspection';
import { describe, expect, it } from 'vitest';
import {
  cubeMesh,
  type IndexedMesh,
  inverted,
  opened,
  sphereMesh,
  triangles,
} from '../../../../ops/fixtures/models/builders.ts';
import {
  CUP_WALLS,
  cubeBesideInvertedCube,
  cup,
  flatSheet,
  hollowCube,
  merged,
} from '../../../../ops/fixtures/models/printability.ts';
import { inspectSoup } from './inspect.ts';
import { THICKNESS_RAYS, THINNEST_LISTED } from './thickness.ts';

function thicknessOf(mesh: IndexedMesh): ThicknessProfile | null {
  return inspectSoup(Float64Array.from(triangles(mesh).flat(2))).thickness;
}

function measured(mesh: IndexedMesh): ThicknessProfile {
  const profile = thicknessOf(mesh);
  if (!profile) throw new Error('no thickness measured');
  return profile;
}

describe('wall thickness', () => {
  it.each(CUP_WALLS)('puts most of a cup with %f mm walls at that thickness', (wall) => {
    const { quantiles, thinnest, hitAreaShare } = measured(cup(wall));
    expect(quantiles).toHaveLength(THICKNESS_QUANTILES + 1);
    // The walls are about 2/3 of the area (less the corners, where a ray runs along the wall beside).
    for (const q of quantiles.slice(0, 21)) expect(q).toBeCloseTo(wall, 6);
    // Then the 2 mm floor, from above and below; and the full 20 mm down the rim and the corners.
    expect(quantiles[24]).toBeCloseTo(2, 6);
    expect(quantiles[THICKNESS_QUANTILES]).toBeCloseTo(20, 6);
    expect(hitAreaShare).toBe(1);
    expect(thinnest).toHaveLength(THINNEST_LISTED);
    for (const [, , , thickness] of thinnest) expect(thickness).toBeCloseTo(wall, 6);
  });

  it('lists thin spots spread over the part, not in one place', () => {
    const { thinnest } = measured(cup(0.4));
    const diagonal = Math.hypot(20, 20, 20);
    for (const [i, a] of thinnest.entries()) {
      for (const b of thinnest.slice(i + 1)) {
        expect(Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])).toBeGreaterThanOrEqual(diagonal / 20);
      }
    }
  });

  it('measures a 20 mm cube as 20 mm through, whichever way its facets are wound', () => {
    for (const cube of [cubeMesh(20), inverted(cubeMesh(20))]) {
      const { quantiles, samples, hitAreaShare } = measured(cube);
      for (const q of quantiles) expect(q).toBeCloseTo(20, 9);
      expect(samples).toBe(THICKNESS_RAYS);
      expect(hitAreaShare).toBe(1);
    }
  });

  it('measures a sphere about its diameter', () => {
    const { quantiles } = measured(sphereMesh(10, 128, 64));
    expect(quantiles[0]).toBeGreaterThan(19.8);
    expect(quantiles[THICKNESS_QUANTILES]).toBeLessThanOrEqual(20);
  });

  it('measures the shell of a hollow ball from both sides, its concave inside met by no ray of its own', () => {
    const ball = merged(sphereMesh(10, 96, 48), inverted(sphereMesh(9, 96, 48)));
    const { quantiles, hitAreaShare } = measured(ball);
    expect(quantiles[0]).toBeGreaterThan(0.95);
    expect(quantiles[16]).toBeCloseTo(1, 1);
    expect(hitAreaShare).toBe(1);
  });

  it('measures a cavity as such: the walls of a hollow cube are 2 mm', () => {
    const { quantiles } = measured(hollowCube());
    expect(quantiles[0]).toBeCloseTo(2, 9);
    expect(quantiles[16]).toBeCloseTo(2, 9);
  });

  it('measures a shell wound inside out as the solid it describes, not the air around it', () => {
    const { quantiles } = measured(cubeBesideInvertedCube());
    expect(quantiles[0]).toBeCloseTo(10, 9);
    expect(quantiles[THICKNESS_QUANTILES]).toBeCloseTo(20, 9);
  });

  it('measures overlapping shells as their union, from its surface only', () => {
    const { quantiles, samples } = measured(merged(cubeMesh(20), cubeMesh(20, [10, 0, 0])));
    expect(quantiles[THICKNESS_QUANTILES]).toBeCloseTo(30, 9);
    expect(quantiles[0]).toBeCloseTo(20, 9);
    // Each cube has one side inside the other: 2 of 12 sides, buried, cast no ray.
    expect(samples / THICKNESS_RAYS).toBeCloseTo(10 / 12, 2);
  });

  it('lets rays escape through a hole: the share of area measured says so', () => {
    // The missing side faces x = 20: the rays from the side at x = 0 (a fifth of the area) find no wall.
    expect(measured(opened(cubeMesh(20))).hitAreaShare).toBeCloseTo(0.8, 2);
  });

  it('measures nothing on a flat sheet', () => {
    expect(thicknessOf(flatSheet())).toBeNull();
  });

  it('gives the same figures every time', () => {
    expect(measured(sphereMesh(10, 32, 16))).toEqual(measured(sphereMesh(10, 32, 16)));
  });
});
