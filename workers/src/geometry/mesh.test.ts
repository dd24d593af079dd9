// The typed-array mesh core (bit cache, batched welding, edge buckets, union-find) against a plain
// reference written the obvious way (string-keyed maps, depth-first search) on random meshes: shared
// and near-duplicate corners, degenerate, duplicated and flipped facets, open and closed shells.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  binaryStl,
  inverted,
  obj,
  sphereMesh,
  type Triangle,
  triangles,
  type Vec3,
} from '../../../ops/fixtures/models/builders.ts';
import { localFile, memoryUpload, type StoredUpload } from '../storage/uploads.ts';
import { analyzeModel } from './analyze.ts';
import type { MeshMetrics } from './mesh.ts';
import { parseObj } from './obj.ts';
import { parseStl } from './stl.ts';

type Figures = Omit<MeshMetrics, 'fitsBuildVolume'>;

/** The analyser's figures computed the straightforward way, facet by facet in file order. */
function reference(tris: Triangle[]): Figures {
  const ids = new Map<string, number>();
  const neighbours: number[][] = [];
  const edges = new Map<string, number>();
  const [ox, oy, oz] = tris[0]?.[0] ?? [0, 0, 0];
  const low = [Infinity, Infinity, Infinity];
  const high = [-Infinity, -Infinity, -Infinity];
  let sixVolume = 0;
  let doubleArea = 0;
  const steep: Array<{ top: number; nz: number; zSum: number }> = [];
  const weld = ([x, y, z]: Vec3) => {
    const key = [x, y, z].map((value) => Math.round(value * 10_000) + 0).join(' ');
    if (!ids.has(key)) {
      ids.set(key, ids.size);
      neighbours.push([]);
    }
    return ids.get(key) ?? 0;
  };
  for (const [a, b, c] of tris) {
    for (const corner of [a, b, c]) {
      for (let axis = 0; axis < 3; axis++) {
        low[axis] = Math.min(low[axis] ?? 0, corner[axis] ?? 0);
        high[axis] = Math.max(high[axis] ?? 0, corner[axis] ?? 0);
      }
    }
    const [px, py, pz] = [a[0] - ox, a[1] - oy, a[2] - oz];
    const [qx, qy, qz] = [b[0] - ox, b[1] - oy, b[2] - oz];
    const [rx, ry, rz] = [c[0] - ox, c[1] - oy, c[2] - oz];
    sixVolume += px * (qy * rz - qz * ry) - py * (qx * rz - qz * rx) + pz * (qx * ry - qy * rx);
    const [ux, uy, uz, vx, vy, vz] = [qx - px, qy - py, qz - pz, rx - px, ry - py, rz - pz];
    const [nx, ny, nz] = [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
    doubleArea += Math.sqrt(nx * nx + ny * ny + nz * nz);
    if (nz * nz > nx * nx + ny * ny) steep.push({ top: Math.max(a[2], b[2], c[2]), nz, zSum: pz + qz + rz });
    const corners = [weld(a), weld(b), weld(c)];
    for (const i of corners) neighbours[i]?.push(...corners);
    if (new Set(corners).size < 3) continue;
    for (const [i, j] of [corners.slice(0, 2), corners.slice(1), [corners[2], corners[0]]]) {
      const key = `${Math.min(i ?? 0, j ?? 0)} ${Math.max(i ?? 0, j ?? 0)}`;
      edges.set(key, (edges.get(key) ?? 0) + 1);
    }
  }
  const seen = new Set<number>();
  let shellCount = 0;
  for (let start = 0; start < neighbours.length; start++) {
    if (seen.has(start)) continue;
    shellCount++;
    const stack = [start];
    seen.add(start);
    for (let at = stack.pop(); at !== undefined; at = stack.pop()) {
      for (const next of neighbours[at] ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        stack.push(next);
      }
    }
  }
  const uses = [...edges.values()];
  const openEdgeCount = uses.filter((n) => n === 1).length;
  const nonManifoldEdgeCount = uses.filter((n) => n > 2).length;
  const volumeMm3 = sixVolume / 6;
  const invertedNormals = volumeMm3 < 0 && Math.abs(volumeMm3) > 1e-9 * Math.max(1, doubleArea ** 1.5);
  const minZ = low[2] ?? 0;
  const under = steep.filter((f) => (invertedNormals ? f.nz > 0 : f.nz < 0) && f.top > minZ + 0.05);
  const overhangDoubleArea = under.reduce((sum, f) => sum + Math.abs(f.nz), 0);
  const sixMoment = under.reduce((sum, f) => sum + Math.abs(f.nz) * f.zSum, 0);
  const supportMm3 = sixMoment / 6 - (minZ - oz) * (overhangDoubleArea / 2);
  return {
    triangleCount: tris.length,
    bbox: { x: (high[0] ?? 0) - (low[0] ?? 0), y: (high[1] ?? 0) - (low[1] ?? 0), z: (high[2] ?? 0) - minZ },
    volumeCm3: Math.abs(volumeMm3) / 1000,
    surfaceAreaCm2: doubleArea / 2 / 100,
    shellCount,
    openEdgeCount,
    nonManifoldEdgeCount,
    watertight: tris.length > 0 && openEdgeCount === 0 && nonManifoldEdgeCount === 0,
    invertedNormals,
    overhangAreaCm2: overhangDoubleArea / 2 / 100,
    supportVolumeCm3: Math.max(0, supportMm3) / 1000,
  };
}

/** Deterministic pseudo-random numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A random mesh: facets between points of a small pool, so corners are shared by many facets (open,
 * closed, non-manifold and degenerate edges all occur). Some points have twins within the welding
 * tolerance (0.1 µm) and some just beyond it; the pool may sit far from the origin.
 */
function randomMesh(seed: number, facets: number, points: number): Triangle[] {
  const next = random(seed);
  const offset = next() < 0.3 ? 100_000 * (next() - 0.5) : 0;
  const pool: Vec3[] = [];
  while (pool.length < points) {
    // Coarse steps make exact repeats; fine ones make near-misses of every kind.
    const coordinate = () => offset + Math.round((next() - 0.5) * 40) * (next() < 0.5 ? 2.5 : 0.00037);
    const point: Vec3 = [coordinate(), coordinate(), coordinate()];
    pool.push(point);
    if (next() < 0.2) pool.push(point.map((v) => v + (next() - 0.5) * 0.00008) as Vec3);
    if (next() < 0.1) pool.push(point.map((v) => v + (next() < 0.5 ? 0.0001 : 0.00051)) as Vec3);
  }
  const pick = () => pool[Math.floor(next() * pool.length)] as Vec3;
  const tris: Triangle[] = [];
  while (tris.length < facets) {
    const tri: Triangle = [pick(), pick(), pick()];
    tris.push(tri);
    if (next() < 0.05) tris.push([tri[0], tri[2], tri[1]]);
  }
  return tris;
}

/**
 * Closed UV spheres of random sizes and places, some inside out, their facets shuffled together; now
 * and then a facet is dropped (open edges) or repeated (non-manifold edges).
 */
function randomShells(seed: number, shells: number): Triangle[] {
  const next = random(seed);
  const tris: Triangle[] = [];
  for (let n = 0; n < shells; n++) {
    const sphere = sphereMesh(1 + next() * 30, 3 + Math.floor(next() * 40), 2 + Math.floor(next() * 20));
    const centre: Vec3 = [(next() - 0.5) * 200, (next() - 0.5) * 200, next() * 100];
    const placed = {
      vertices: sphere.vertices.map((v) => v.map((value, axis) => value + (centre[axis] ?? 0)) as Vec3),
      faces: sphere.faces,
    };
    for (const tri of triangles(next() < 0.3 ? inverted(placed) : placed)) {
      const roll = next();
      if (roll < 0.01) continue;
      tris.push(tri);
      if (roll > 0.99) tris.push(tri);
    }
  }
  for (let i = tris.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [tris[i], tris[j]] = [tris[j] as Triangle, tris[i] as Triangle];
  }
  return tris;
}

/** The facets as a binary STL stores them: float32. */
const asFloat32 = (tris: Triangle[]) =>
  tris.map((tri) => tri.map((corner) => corner.map(Math.fround)) as Triangle);

function expectSameFigures(actual: MeshMetrics | undefined, expected: Figures) {
  if (!actual) throw new Error('expected a mesh');
  const { fitsBuildVolume: _, overhangAreaCm2, supportVolumeCm3, ...rest } = actual;
  const { overhangAreaCm2: overhang, supportVolumeCm3: support, ...wanted } = expected;
  expect(rest).toEqual(wanted);
  // The analyser sums overhangs as it goes, the reference at the end: the last bits may differ.
  expect(overhangAreaCm2).toBeCloseTo(overhang, 9);
  expect(supportVolumeCm3).toBeCloseTo(support, 9);
}

const cases = Array.from({ length: 24 }, (_, i) => ({
  seed: 1000 + i,
  facets: [1, 7, 300, 513, 2_000, 5_000][i % 6] ?? 1,
  points: [3, 12, 90, 400, 3_000, 20_000][Math.floor(i / 4)] ?? 3,
}));

describe('mesh core against a plain reference', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'printfarm-mesh-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each(cases)(
    'binary STL, seed $seed: $facets facets among $points points',
    async ({ seed, facets, points }) => {
      const tris = asFloat32(randomMesh(seed, facets, points));
      const parsed = await parseStl(memoryUpload(binaryStl(tris)));
      expectSameFigures(parsed.mesh?.metrics(), reference(tris));
    },
  );

  it.each([1, 2, 3, 5, 8])('binary STL, seed %i: closed shells, some inside out, shuffled', async (seed) => {
    const tris = asFloat32(randomShells(seed, seed));
    const parsed = await parseStl(memoryUpload(binaryStl(tris)));
    expectSameFigures(parsed.mesh?.metrics(), reference(tris));
  });

  it.each(cases.slice(0, 12))('OBJ, seed $seed: the listed-vertex path', async ({ seed, facets, points }) => {
    const tris = randomMesh(seed, facets, points);
    const vertices = tris.flat();
    const faces = tris.map((_, i) => [3 * i, 3 * i + 1, 3 * i + 2]);
    const parsed = await parseObj(memoryUpload(obj({ vertices, faces })));
    expectSameFigures(parsed.mesh?.metrics(), reference(tris));
  });

  it('grows every table from its smallest size: an OBJ that lists each face right after its vertices', async () => {
    // 15,000 facets among 50,000 points: about 30,000 vertices, none known before its first face.
    const tris = randomMesh(5, 15_000, 50_000);
    const faces = tris.map((_, i) => [3 * i, 3 * i + 1, 3 * i + 2]);
    const parsed = await parseObj(memoryUpload(obj({ vertices: tris.flat(), faces }, { relative: true })));
    expectSameFigures(parsed.mesh?.metrics(), reference(tris));
  });

  it('reads a file on disk across block and batch boundaries the same as from memory', async () => {
    // 25,000 facets of 50 bytes: 1.25 MB, two blocks of the file reader, 49 batches of the welder.
    const tris = asFloat32(randomMesh(7, 25_000, 20_000));
    const bytes = binaryStl(tris);
    const file = path.join(dir, 'random.stl');
    await writeFile(file, bytes);
    const expected = reference(tris);
    const uploads: StoredUpload[] = [localFile(file, bytes.length), memoryUpload(bytes)];
    for (const upload of uploads) expectSameFigures((await parseStl(upload)).mesh?.metrics(), expected);
  });

  it('reports the first bad facet in file order, as facet-by-facet reading would', async () => {
    const tris = asFloat32(randomMesh(11, 1_500, 200));
    const broken = (faults: Array<[number, number]>) => {
      const copy = tris.map((tri) => tri.map((corner) => [...corner]) as Triangle);
      for (const [facet, value] of faults) (copy[facet] as Triangle)[2][1] = value;
      return binaryStl(copy);
    };
    const reason = async (bytes: Uint8Array) => {
      const outcome = await analyzeModel(memoryUpload(bytes), 'broken.stl');
      return outcome.status === 'rejected' ? outcome.reason : 'ready';
    };
    const nan = 'Not a valid STL: triangle 700 has a coordinate that is not a number';
    const far = 'Refused: the model reaches more than 200 m from its origin';
    // Both faults in the second batch of 512 facets: whichever comes first decides.
    expect(
      await reason(
        broken([
          [699, Number.NaN],
          [899, 3e8],
        ]),
      ),
    ).toBe(nan);
    expect(
      await reason(
        broken([
          [699, 3e8],
          [899, Number.NaN],
        ]),
      ),
    ).toBe(far);
    expect(await reason(broken([[699, Number.POSITIVE_INFINITY]]))).toBe(nan);
  });
});
