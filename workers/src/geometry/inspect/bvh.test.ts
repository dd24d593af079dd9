// The ray caster against the obvious way: every ray tested against every triangle.
import { describe, expect, it } from 'vitest';
import { sphereMesh, type Triangle, triangles } from '../../../../ops/fixtures/models/builders.ts';
import { cup, merged } from '../../../../ops/fixtures/models/printability.ts';
import { TriangleBvh } from './bvh.ts';
import type { TriangleSoup } from './soup.ts';

function soupOf(tris: Triangle[]): TriangleSoup {
  return Float64Array.from(tris.flat(2));
}

/** Möller–Trumbore over all triangles, no tolerance: the nearest hit beyond tMin. */
function bruteForce(soup: TriangleSoup, ray: number[], tMin: number, skip: number): [number, number] {
  const [ox = 0, oy = 0, oz = 0, dx = 0, dy = 0, dz = 0] = ray;
  let best: [number, number] = [-1, Infinity];
  for (let t = 0; t < soup.length / 9; t++) {
    if (t === skip) continue;
    const [ax = 0, ay = 0, az = 0, bx = 0, by = 0, bz = 0, cx = 0, cy = 0, cz = 0] = soup.subarray(
      t * 9,
      t * 9 + 9,
    );
    const [e1x, e1y, e1z, e2x, e2y, e2z] = [bx - ax, by - ay, bz - az, cx - ax, cy - ay, cz - az];
    const [px, py, pz] = [dy * e2z - dz * e2y, dz * e2x - dx * e2z, dx * e2y - dy * e2x];
    const det = e1x * px + e1y * py + e1z * pz;
    if (det === 0) continue;
    const [sx, sy, sz] = [ox - ax, oy - ay, oz - az];
    const u = (sx * px + sy * py + sz * pz) / det;
    const [qx, qy, qz] = [sy * e1z - sz * e1y, sz * e1x - sx * e1z, sx * e1y - sy * e1x];
    const v = (dx * qx + dy * qy + dz * qz) / det;
    const distance = (e2x * qx + e2y * qy + e2z * qz) / det;
    if (u >= 0 && v >= 0 && u + v <= 1 && distance > tMin && distance < best[1]) best = [t, distance];
  }
  return best;
}

function randomRays(count: number, seed: number): number[][] {
  let state = seed;
  const random = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  return Array.from({ length: count }, () => {
    const origin = [random() * 40 - 10, random() * 40 - 10, random() * 40 - 10];
    const direction = [random() - 0.5, random() - 0.5, random() - 0.5];
    return [...origin, ...direction];
  });
}

describe('the bounding volume hierarchy', () => {
  const scene = soupOf([
    ...triangles(merged(sphereMesh(8, 48, 24), cup(0.4))),
    // Facets far apart, stacked and in one point: the tree must part them all the same.
    ...Array.from(
      { length: 50 },
      (): Triangle => [
        [5, 5, 30],
        [6, 5, 30],
        [5, 6, 30],
      ],
    ),
  ]);
  const bvh = new TriangleBvh(scene);

  it('finds the nearest facet a ray meets, as testing every facet does', () => {
    let hits = 0;
    for (const ray of randomRays(2000, 7)) {
      const [expected, distance] = bruteForce(scene, ray, 1e-6, -1);
      const found = bvh.nearestHit(Float64Array.from(ray), 1e-6, -1);
      if (expected < 0) {
        expect(found).toBe(-1);
        continue;
      }
      hits++;
      expect(bvh.distance).toBeCloseTo(distance, 9);
    }
    expect(hits).toBeGreaterThan(500);
  });

  it('leaves out the facet to skip and hits nearer than tMin', () => {
    // Straight down through a sphere's centre: it meets the top, then the bottom.
    const sphere = new TriangleBvh(soupOf(triangles(sphereMesh(8, 48, 24))));
    const ray = Float64Array.from([0.01, 0.02, 20, 0, 0, -1]);
    const top = sphere.nearestHit(ray, 0, -1);
    expect(sphere.distance).toBeCloseTo(12, 1);
    const bottom = sphere.nearestHit(ray, 0, top);
    expect(sphere.distance).toBeCloseTo(28, 1);
    expect(sphere.nearestHit(ray, 13, -1)).toBe(bottom);
    expect(sphere.nearestHit(ray, sphere.distance + 1e-6, bottom)).toBe(-1);
  });

  it('lets no ray through the edge two facets share', () => {
    // The diagonal of the cup's floor: both its triangles end there.
    const ray = Float64Array.from([5, 5, 25, 0, 0, -1]);
    const floor = new TriangleBvh(soupOf(triangles(cup(0.4))));
    expect(floor.nearestHit(ray, 0, -1)).toBeGreaterThanOrEqual(0);
    expect(floor.distance).toBeCloseTo(23, 9);
  });
});
