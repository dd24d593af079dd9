// The mesh kernel against the analyser it replaced (typed-array JavaScript: weld.ts, edges.ts, shells.ts
// and mesh.ts before the kernel), figure for figure and to the last bit, on generated meshes: strips,
// near-duplicate corners that only the 0.1 µm weld joins, degenerate and repeated facets, open and
// non-manifold edges, several shells, an inside-out one, and a terrain whose many facets near the plate
// are held, released and re-held. Every mesh goes in through each way the parsers feed one: binary STL
// records in uneven pieces, triangles (ASCII STL, 3MF, STEP) and listed vertices (OBJ, PLY).
import { describe, expect, it } from 'vitest';
import { bumpySphereStl } from '../bumpySphere.ts';
import { MeshAccumulator } from '../mesh.ts';

/**
 * What the JavaScript analyser measured (commit a74a82c): triangles, bbox x, y, z, cm³, cm², shells,
 * open edges, non-manifold edges, watertight, inverted normals, overhang cm², support cm³.
 */
// biome-ignore format: a table, a case a line
const BEFORE: Record<string, Array<number | boolean>> = {
  'sphere/stl': [2208, 40.91630172729492, 40.31851577758789, 40.62348175048828, 33.2971524568096, 51.78529024473809, 1, 0, 0, true, false, 5.461127022641369, 1.7231711302597978],
  'sphere/triangles': [2208, 40.91630172729492, 40.31851577758789, 40.62348175048828, 33.2971524568096, 51.78529024473809, 1, 0, 0, true, false, 5.461127022641369, 1.7231711302597978],
  'sphere/listed': [2208, 40.91630172729492, 40.31851577758789, 40.62348175048828, 33.2971524568096, 51.78529024473809, 1, 0, 0, true, false, 5.461127022641369, 1.7231711302597978],
  'sphereTwice/stl': [4416, 40.91633224487305, 40.31851577758789, 40.62348175048828, 66.59430491361937, 103.57058048947664, 1, 0, 1651, false, false, 10.922254045259836, 3.446342259424993],
  'sphereTwice/triangles': [4416, 40.91633172729492, 40.31851577758789, 40.62348175048828, 66.59430491361923, 103.5705804894764, 1, 0, 1651, false, false, 10.922254045282743, 3.4463422605195375],
  'sphereTwice/listed': [4416, 40.91633172729492, 40.31851577758789, 40.62348175048828, 66.59430491361923, 103.5705804894764, 1, 0, 1651, false, false, 10.922254045282743, 3.4463422605195375],
  'soup/stl': [6326, 248.02334594726562, 225.53150939941406, 82.22624397277832, 33.45374638845574, 1585.3160620763595, 3, 176, 1304, false, false, 232.1316931877035, 896.2296013416576],
  'soup/triangles': [6326, 248.0233433337831, 225.53151273013117, 82.22624360428215, 33.4537347460886, 1585.3160454011283, 4, 181, 1316, false, false, 232.13161925010903, 896.22956397873],
  'soup/listed': [6326, 248.0233433337831, 225.53151273013117, 82.22624360428215, 33.4537347460886, 1585.3160454011283, 4, 181, 1316, false, false, 232.13161925010903, 896.22956397873],
  'shells/stl': [6623, 140.91630363464355, 140.31851959228516, 100.62347793579102, 33.28139716272265, 155.34909878148062, 3, 3, 0, false, false, 16.383382041233546, 56.67493266231686],
  'shells/triangles': [6623, 140.91630172729492, 140.3185157775879, 100.62348175048828, 33.28139738697091, 155.34909740240886, 3, 3, 0, false, false, 16.383381067924123, 56.67493266024502],
  'shells/listed': [6623, 140.91630172729492, 140.3185157775879, 100.62348175048828, 33.28139738697091, 155.34909740240886, 3, 3, 0, false, false, 16.383381067924123, 56.67493266024502],
  'terrain/stl': [28800, 60, 60, 2.9996487602684283, 0.2680821599669926, 103.31524765803628, 1, 480, 0, false, true, 1.88625, 0.027930983768059414],
  'terrain/triangles': [28800, 60, 60, 2.9996488662064076, 0.2680821555834237, 103.3152476792968, 1, 480, 0, false, true, 1.88625, 0.027930983795972936],
  'terrain/listed': [28800, 60, 60, 2.9996488662064076, 0.2680821555834237, 103.3152476792968, 1, 480, 0, false, true, 1.88625, 0.027930983795972936],
};

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
}

/** Corners as x, y, z triples, three per facet. */
function soup(seed: number, facets: number): number[] {
  const next = random(seed);
  const pool: number[][] = [];
  for (let cluster = 0; cluster < 4; cluster++) {
    const centre = [next() * 300 - 150, next() * 300 - 150, next() * 80];
    for (let n = 0; n < 60; n++) {
      const p = centre.map((c) => c + Math.round((next() - 0.5) * 20) * (next() < 0.5 ? 1.25 : 0.00037));
      pool.push(p);
      if (next() < 0.3) pool.push(p.map((v) => v + (next() - 0.5) * 0.00008));
      if (next() < 0.1) pool.push(p.map((v) => v + 0.00051));
    }
  }
  // Each facet among neighbours in one cluster's run of the pool; some degenerate, some repeated flipped.
  const perCluster = pool.length / 4;
  const corners: number[] = [];
  for (let f = 0; f < facets; f++) {
    const base = Math.floor(next() * 4) * perCluster + Math.floor(next() * (perCluster - 8));
    const pick = () => pool[Math.floor(base + next() * 8)] as number[];
    const a = pick();
    const b = next() < 0.05 ? a : pick();
    const c = pick();
    corners.push(...a, ...b, ...c);
    if (next() < 0.05) corners.push(...a, ...c, ...b);
  }
  return corners;
}

/** A bumpy terrain at z ≈ 0: most facets lie near the plate and are held, released and doubled. */
function terrain(seed: number, size: number): number[] {
  const next = random(seed);
  const z: number[] = [];
  for (let i = 0; i < (size + 1) * (size + 1); i++) z.push(next() < 0.7 ? next() * 0.04 : next() * 3);
  const at = (i: number, j: number) => [i * 0.5, j * 0.5, z[i * (size + 1) + j] as number];
  const corners: number[] = [];
  for (let i = 0; i < size; i++)
    for (let j = 0; j < size; j++) {
      const flip = next() < 0.5;
      corners.push(...at(i, j), ...(flip ? at(i + 1, j) : at(i, j + 1)), ...at(i + 1, j + 1));
      corners.push(
        ...at(i, j),
        ...(flip ? at(i + 1, j + 1) : at(i + 1, j)),
        ...(flip ? at(i, j + 1) : at(i + 1, j + 1)),
      );
    }
  return corners;
}

/** Binary STL records of the corners: float32, as a file stores them. */
function stlBytes(corners: number[]): DataView {
  const facets = corners.length / 9;
  const view = new DataView(new ArrayBuffer(84 + 50 * facets));
  view.setUint32(80, facets, true);
  for (let f = 0; f < facets; f++)
    for (let i = 0; i < 9; i++) view.setFloat32(84 + 50 * f + 12 + 4 * i, corners[9 * f + i] as number, true);
  return view;
}

function sphereCorners(): number[] {
  const bytes = bumpySphereStl(48, 24, 20);
  const view = new DataView(bytes.buffer);
  const out: number[] = [];
  for (let f = 0; f < (bytes.length - 84) / 50; f++)
    for (let i = 0; i < 9; i++) out.push(view.getFloat32(84 + 50 * f + 12 + 4 * i, true));
  return out;
}

/** The facets with their winding reversed (corners b and c swapped). */
function insideOut(corners: number[]): number[] {
  const out = [...corners];
  for (let f = 0; f < out.length; f += 9)
    out.splice(f + 3, 6, ...corners.slice(f + 6, f + 9), ...corners.slice(f + 3, f + 6));
  return out;
}

const CASES: Record<string, number[]> = {
  sphere: sphereCorners(),
  // The sphere twice, the copy a fraction of the weld tolerance away: every edge used four times.
  sphereTwice: [...sphereCorners(), ...sphereCorners().map((v, i) => (i % 3 === 0 ? v + 0.00003 : v))],
  soup: soup(7, 6000),
  // Shells apart, one inside out, a facet dropped (open edges).
  shells: [
    ...sphereCorners().map((v, i) => v + (i % 3 === 0 ? 100 : 0)),
    ...sphereCorners()
      .slice(9)
      .map((v, i) => v - (i % 3 === 1 ? 100 : 0)),
    ...insideOut(sphereCorners()).map((v, i) => v + (i % 3 === 2 ? 60 : 0)),
  ],
  terrain: terrain(3, 120),
};

function measured(corners: number[], way: string): Array<number | boolean> {
  const facets = corners.length / 9;
  const mesh = new MeshAccumulator(way === 'stl' ? facets : 0);
  if (way === 'stl') {
    const view = stlBytes(corners);
    // In uneven pieces, across the kernel's block and batch boundaries.
    for (let first = 0; first < facets; first += 7001) {
      mesh.addStlFacets(view, 84 + 50 * first, Math.min(7001, facets - first));
    }
  } else if (way === 'triangles') {
    for (let at = 0; at < corners.length; at += 9) {
      const [ax, ay, az, bx, by, bz, cx, cy, cz] = corners.slice(at, at + 9) as number[];
      mesh.addTriangle(ax ?? 0, ay ?? 0, az ?? 0, bx ?? 0, by ?? 0, bz ?? 0, cx ?? 0, cy ?? 0, cz ?? 0);
    }
  } else {
    const coordinates = new Float64Array(corners);
    const welded = new Int32Array(facets * 3);
    for (let f = 0; f < facets; f++) mesh.addListedTriangle(coordinates, welded, 3 * f, 3 * f + 1, 3 * f + 2);
  }
  const m = mesh.metrics();
  return [
    m.triangleCount,
    m.bbox.x,
    m.bbox.y,
    m.bbox.z,
    m.volumeCm3,
    m.surfaceAreaCm2,
    m.shellCount,
    m.openEdgeCount,
    m.nonManifoldEdgeCount,
    m.watertight,
    m.invertedNormals,
    m.overhangAreaCm2,
    m.supportVolumeCm3,
  ];
}

describe('the mesh kernel measures as the JavaScript analyser did', () => {
  it.each(Object.keys(BEFORE))('%s', (name) => {
    const [mesh, way] = name.split('/') as [string, string];
    expect(measured(CASES[mesh] ?? [], way)).toEqual(BEFORE[name]);
  });
});
