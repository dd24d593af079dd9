// The printability inspection of a model, run after its analysis: it keeps every triangle and measures
// what a customer should know before ordering (wall thickness, the orientations worth printing in,
// where the mesh's faults are). Lengths stay in the file's own units.
import type { MeshInspection } from '@printfarm/domain/inspection';
import type { StoredUpload } from '../../storage/uploads.ts';
import { ModelRejection } from '../reject.ts';
import { TriangleBvh } from './bvh.ts';
import { spreadEdgePoints } from './faults.ts';
import { orientationCandidates } from './orientations.ts';
import { findShells, hasVolume, summarizeShells } from './shellFigures.ts';
import { loadTriangleSoup, soupBounds, type TriangleSoup } from './soup.ts';
import { measureThickness } from './thickness.ts';
import { tallyEdges, weldCorners } from './topology.ts';

/**
 * Null for a file without a mesh (G-code), one the parsers refuse (the analysis has said why), or one
 * with more triangles than the inspection keeps (MAX_INSPECTED_TRIANGLES).
 */
export async function inspectModel(upload: StoredUpload, fileName: string): Promise<MeshInspection | null> {
  const started = performance.now();
  const cpu = process.threadCpuUsage();
  let soup: TriangleSoup | null;
  try {
    soup = await loadTriangleSoup(upload, fileName);
  } catch (error) {
    if (error instanceof ModelRejection) return null;
    throw error;
  }
  if (!soup || soup.length === 0) return null;
  const inspection = inspectSoup(soup);
  const used = process.threadCpuUsage(cpu);
  return { ...inspection, durationMs: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

/** The inspection of triangles already loaded. */
export function inspectSoup(soup: TriangleSoup): Omit<MeshInspection, 'durationMs' | 'cpuMs'> {
  const welded = weldCorners(soup);
  const edges = tallyEdges(welded);
  const { shells, facing, signedVolume, area } = findShells(soup, welded, edges);
  const box = soupBounds(soup);
  const thickness = hasVolume(signedVolume, area)
    ? measureThickness({ soup, facing, bvh: new TriangleBvh(soup), diagonal: box.diagonal })
    : null;
  return {
    version: 1,
    thickness,
    orientations: orientationCandidates({ soup, facing, area, box }),
    openEdgePoints: spreadEdgePoints(edges.open, welded),
    nonManifoldPoints: spreadEdgePoints(edges.nonManifold, welded),
    shells: summarizeShells(shells),
  };
}
