// Where the faults are, and the shells, on meshes whose faults are known by construction.
import { MAX_SHELLS_LISTED } from '@printfarm/domain/inspection';
import { describe, expect, it } from 'vitest';
import {
  binaryStl,
  cubeMesh,
  type IndexedMesh,
  opened,
  sphereMesh,
  triangles,
} from '../../../../ops/fixtures/models/builders.ts';
import {
  cubeBesideInvertedCube,
  flatSheet,
  hollowCube,
  merged,
  twoCubes,
} from '../../../../ops/fixtures/models/printability.ts';
import { memoryUpload } from '../../storage/uploads.ts';
import { analyzeModel } from '../analyze.ts';
import { FAULT_POINTS_LISTED } from './faults.ts';
import { inspectSoup } from './inspect.ts';
import { tallyEdges, weldCorners } from './topology.ts';

const soupOf = (mesh: IndexedMesh) => Float64Array.from(triangles(mesh).flat(2));
const inspect = (mesh: IndexedMesh) => inspectSoup(soupOf(mesh));

/** A sphere missing its cap above 11/128 of a turn (a hole 256 edges round) and one facet at the bottom. */
function sphereWithTwoHoles(): IndexedMesh {
  const sphere = sphereMesh(10, 256, 128);
  return { vertices: sphere.vertices, faces: sphere.faces.slice(256 + 2 * 256 * 10, -1) };
}

/** Two 10 mm cubes touching along one vertical edge: four facets share it. */
function cubesSharingAnEdge(): IndexedMesh {
  return merged(cubeMesh(10), cubeMesh(10, [10, 10, 0]));
}

describe('fault locations', () => {
  it('puts the open edges of a box missing a side on that side’s border', () => {
    // opened() drops the side at x = 20.
    const { openEdgePoints, nonManifoldPoints } = inspect(opened(cubeMesh(20)));
    expect(openEdgePoints).toHaveLength(4);
    for (const [x, y, z] of openEdgePoints) {
      expect(x).toBe(20);
      expect([y, z].filter((value) => value === 0 || value === 20)).toHaveLength(1);
    }
    expect(nonManifoldPoints).toEqual([]);
  });

  it('shows every hole, not one hole’s border many times over', () => {
    const { openEdgePoints } = inspect(sphereWithTwoHoles());
    expect(openEdgePoints).toHaveLength(FAULT_POINTS_LISTED);
    const nearSouthPole = openEdgePoints.filter(([x, y, z]) => Math.hypot(x, y, z + 10) < 0.5);
    expect(nearSouthPole.length).toBeGreaterThanOrEqual(1);
    const rimZ = 10 * Math.cos((11 * Math.PI) / 128);
    const onRim = openEdgePoints.filter(([, , z]) => Math.abs(z - rimZ) < 1e-6);
    expect(onRim.length + nearSouthPole.length).toBe(FAULT_POINTS_LISTED);
    // Spread round the rim: no two closer than half the even spacing of as many points.
    const circumference = 2 * Math.PI * 10 * Math.sin((11 * Math.PI) / 128);
    for (const [i, a] of onRim.entries()) {
      for (const b of onRim.slice(i + 1)) {
        expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeGreaterThan(circumference / onRim.length / 2);
      }
    }
  });

  it('finds the edge four facets share', () => {
    const { nonManifoldPoints, openEdgePoints } = inspect(cubesSharingAnEdge());
    expect(nonManifoldPoints).toEqual([[10, 10, 5]]);
    expect(openEdgePoints).toEqual([]);
  });

  it.each([
    ['a box missing a side', opened(cubeMesh(20))],
    ['a sphere with two holes', sphereWithTwoHoles()],
    ['cubes sharing an edge', cubesSharingAnEdge()],
    ['a flat sheet', flatSheet()],
  ])('counts the faulty edges of %s as the analysis does', async (_, mesh) => {
    const outcome = await analyzeModel(memoryUpload(binaryStl(triangles(mesh))), 'part.stl');
    if (outcome.status !== 'ready') throw new Error(outcome.reason);
    const edges = tallyEdges(weldCorners(soupOf(mesh)));
    expect(edges.open.length / 2).toBe(outcome.analysis.openEdgeCount);
    expect(edges.nonManifold.length / 2).toBe(outcome.analysis.nonManifoldEdgeCount);
  });
});

describe('shells', () => {
  it('lists separate shells largest first, with their place, size and volume', () => {
    expect(inspect(twoCubes()).shells).toEqual([
      { center: [10, 10, 10], size: { x: 20, y: 20, z: 20 }, signedVolume: 8000, enclosed: false },
      { center: [45, 5, 5], size: { x: 10, y: 10, z: 10 }, signedVolume: 1000, enclosed: false },
    ]);
  });

  it('tells a shell wound inside out beside another from a cavity inside one', () => {
    const [, inverted] = inspect(cubeBesideInvertedCube()).shells;
    expect(inverted).toMatchObject({ signedVolume: -1000, enclosed: false });
    const [outer, cavity] = inspect(hollowCube()).shells;
    expect(outer).toMatchObject({ signedVolume: 8000, enclosed: false });
    expect(cavity).toMatchObject({ center: [10, 10, 10], signedVolume: -4096, enclosed: true });
  });

  it('lists a flat sheet as one shell without volume', () => {
    expect(inspect(flatSheet()).shells).toEqual([
      { center: [10, 10, 0], size: { x: 20, y: 20, z: 0 }, signedVolume: 0, enclosed: false },
    ]);
  });

  it(`lists at most ${MAX_SHELLS_LISTED} shells, the largest`, () => {
    const cubes = Array.from({ length: 20 }, (_, i) => cubeMesh(1 + i, [30 * i, 0, 0]));
    const { shells } = inspect(merged(...cubes));
    expect(shells).toHaveLength(MAX_SHELLS_LISTED);
    expect(shells.map((shell) => shell.size.x)).toEqual(Array.from({ length: 16 }, (_, i) => 20 - i));
  });
});
