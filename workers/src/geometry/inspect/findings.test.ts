// The generated fixtures from end to end: analysed and inspected as an upload is, then judged by the
// printability findings the customer sees (domain/printability.ts), for FDM on a network of common
// 256 mm printers and a few 360 mm large-format ones.
import type { NetworkPrinter } from '@printfarm/domain/printability';
import { printabilityFindings } from '@printfarm/domain/printability';
import { describe, expect, it } from 'vitest';
import {
  binaryStl,
  cubeMesh,
  type IndexedMesh,
  triangles,
} from '../../../../ops/fixtures/models/builders.ts';
import {
  box,
  CUP_WALLS,
  cubeBesideInvertedCube,
  cup,
  flatSheet,
  hollowCube,
  largeFormatBox,
  twoCubes,
} from '../../../../ops/fixtures/models/printability.ts';
import { memoryUpload } from '../../storage/uploads.ts';
import { analyzeModel } from '../analyze.ts';
import { inspectModel } from './inspect.ts';

const NETWORK: NetworkPrinter[] = [
  { technology: 'FFF/FDM', size: { x: 256, y: 256, z: 256 }, farms: 30 },
  { technology: 'FFF/FDM', size: { x: 360, y: 360, z: 360 }, farms: 2 },
];

/** The findings an upload of `mesh` gets, as 'code:severity'. */
async function findingsOf(mesh: IndexedMesh, technology: 'FFF/FDM' | 'SLA/Resin' = 'FFF/FDM') {
  const upload = memoryUpload(binaryStl(triangles(mesh)));
  const outcome = await analyzeModel(upload, 'part.stl');
  if (outcome.status !== 'ready') throw new Error(outcome.reason);
  const findings = printabilityFindings({
    fileName: 'part.stl',
    units: 'mm',
    technology,
    metrics: outcome.analysis,
    inspection: await inspectModel(upload, 'part.stl'),
    network: NETWORK,
    unprintableReason: null,
  });
  return findings.map((finding) => `${finding.code}:${finding.severity}`);
}

describe('printability of the generated fixtures', () => {
  it('flags walls under the FDM minimum of 0.8 mm, and not the others', async () => {
    const byWall = Object.fromEntries(
      await Promise.all(CUP_WALLS.map(async (wall) => [wall, await findingsOf(cup(wall))] as const)),
    );
    expect(byWall).toEqual({
      0.4: ['thin_wall:warns'],
      0.8: [],
      1.2: [],
      2: [],
    });
    // Resin prints 0.4 mm walls.
    expect(await findingsOf(cup(0.4), 'SLA/Resin')).toEqual([]);
  });

  it('blocks a flat sheet', async () => {
    expect(await findingsOf(flatSheet())).toEqual(['zero_volume:blocks']);
  });

  it('tells two pieces, an inside-out piece and a cavity apart', async () => {
    expect(await findingsOf(twoCubes())).toEqual(['several_shells:info']);
    expect(await findingsOf(cubeBesideInvertedCube())).toEqual([
      'inverted_normals:warns',
      'several_shells:info',
    ]);
    // A cavity is no fault and no second piece; its ceiling is an overhang, which is worth knowing.
    expect(await findingsOf(hollowCube())).toEqual(['needs_support:info']);
  });

  it('sends a part bigger than any common bed to large-format printers, and blocks one bigger than all', async () => {
    expect(await findingsOf(largeFormatBox())).toEqual(['large_format:info']);
    expect(await findingsOf(box([500, 300, 100]))).toEqual(['too_large:blocks']);
  });

  it('says nothing about a plain 20 mm cube', async () => {
    expect(await findingsOf(cubeMesh(20))).toEqual([]);
  });
});
