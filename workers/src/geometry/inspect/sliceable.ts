// The copy of a model the slicer reads: its mesh as a binary STL of triangles, turned to the chosen
// orientation, scaled to millimetres, its lowest point on z = 0, every facet wound (and its normal
// pointing) out of the solid. The product slices this copy, never the upload: PrusaSlicer refuses OBJ
// faces of more than four corners, and reads 3MF, PLY and STEP files its own way.
import { open } from 'node:fs/promises';
import type { Rotation3 } from '@printfarm/domain/inspection';
import type { StoredUpload } from '../../storage/uploads.ts';
import { ModelRejection } from '../reject.ts';
import { BLOCK_RECORDS, HEADER_BYTES, RECORD_BYTES } from '../stl.ts';
import { determinant } from './rotation.ts';
import { findShells } from './shellFigures.ts';
import { loadTriangleSoup, type TriangleSoup } from './soup.ts';
import { tallyEdges, weldCorners } from './topology.ts';

export interface SliceableOptions {
  /** File coordinates to the print's (Z up), e.g. an orientation candidate's rotation. */
  rotation: Rotation3;
  /** Millimetres per file unit. */
  scale: number;
  outPath: string;
}

export interface SliceableCopy {
  triangles: number;
  bboxMm: { x: number; y: number; z: number };
}

/** Writes the copy to options.outPath; throws a ModelRejection for a file without a mesh. */
export async function writeSliceableStl(
  upload: StoredUpload,
  fileName: string,
  { rotation, scale, outPath }: SliceableOptions,
): Promise<SliceableCopy> {
  const soup = await loadTriangleSoup(upload, fileName);
  if (!soup || soup.length === 0)
    throw new ModelRejection('Not a valid model: the file holds no mesh to slice');
  const welded = weldCorners(soup);
  const { facing } = findShells(soup, welded, tallyEdges(welded));
  const placed = place(soup, rotation, scale);
  // A mirroring transform turns every winding inside out.
  const mirrored = determinant(rotation) * scale < 0;
  const triangles = soup.length / 9;
  const file = await open(outPath, 'w');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    header.write('printfarm: oriented and triangulated for slicing', 0, 'latin1');
    header.writeUInt32LE(triangles, 80);
    await file.write(header);
    const block = Buffer.alloc(BLOCK_RECORDS * RECORD_BYTES);
    for (let first = 0; first < triangles; first += BLOCK_RECORDS) {
      const records = Math.min(BLOCK_RECORDS, triangles - first);
      for (let r = 0; r < records; r++) {
        const t = first + r;
        writeFacet(block, r * RECORD_BYTES, placed.corners, t, facing[t]! < 0 !== mirrored);
      }
      await file.write(block, 0, records * RECORD_BYTES);
    }
  } finally {
    await file.close();
  }
  return { triangles, bboxMm: placed.size };
}

/** The corners turned and scaled, then moved so the lowest lies on z = 0; and the size they span. */
function place(
  soup: TriangleSoup,
  [r0, r1, r2, r3, r4, r5, r6, r7, r8]: Rotation3,
  scale: number,
): { corners: Float64Array; size: { x: number; y: number; z: number } } {
  const corners = new Float64Array(soup.length);
  const low = [Infinity, Infinity, Infinity];
  const high = [-Infinity, -Infinity, -Infinity];
  for (let c = 0; c < soup.length; c += 3) {
    const x = soup[c]!;
    const y = soup[c + 1]!;
    const z = soup[c + 2]!;
    corners[c] = scale * (r0 * x + r1 * y + r2 * z);
    corners[c + 1] = scale * (r3 * x + r4 * y + r5 * z);
    corners[c + 2] = scale * (r6 * x + r7 * y + r8 * z);
    for (let axis = 0; axis < 3; axis++) {
      low[axis] = Math.min(low[axis]!, corners[c + axis]!);
      high[axis] = Math.max(high[axis]!, corners[c + axis]!);
    }
  }
  const floor = low[2]!;
  for (let c = 2; c < corners.length; c += 3) corners[c]! -= floor;
  return { corners, size: { x: high[0]! - low[0]!, y: high[1]! - low[1]!, z: high[2]! - floor } };
}

/** One STL record: the unit normal of the winding written, the corners (b and c swapped if `flip`). */
function writeFacet(block: Buffer, at: number, corners: Float64Array, t: number, flip: boolean): void {
  const a = t * 9;
  const b = a + (flip ? 6 : 3);
  const c = a + (flip ? 3 : 6);
  const ux = corners[b]! - corners[a]!;
  const uy = corners[b + 1]! - corners[a + 1]!;
  const uz = corners[b + 2]! - corners[a + 2]!;
  const vx = corners[c]! - corners[a]!;
  const vy = corners[c + 1]! - corners[a + 1]!;
  const vz = corners[c + 2]! - corners[a + 2]!;
  const nx = uy * vz - uz * vy;
  const ny = uz * vx - ux * vz;
  const nz = ux * vy - uy * vx;
  const length = Math.sqrt(nx * nx + ny * ny + nz * nz) || 1;
  block.writeFloatLE(nx / length, at);
  block.writeFloatLE(ny / length, at + 4);
  block.writeFloatLE(nz / length, at + 8);
  for (let axis = 0; axis < 3; axis++) {
    block.writeFloatLE(corners[a + axis]!, at + 12 + 4 * axis);
    block.writeFloatLE(corners[b + axis]!, at + 24 + 4 * axis);
    block.writeFloatLE(corners[c + axis]!, at + 36 + 4 * axis);
  }
  block.writeUInt16LE(0, at + 48);
}
