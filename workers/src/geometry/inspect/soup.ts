// Every triangle of a model, kept: nine float64 per triangle (x, y, z of each corner, in the file's
// units), read by the very parsers the analysis uses, so a file is read the same way by both.
import type { ModelFormat } from '@printfarm/domain/upload';
import { modelFormatFromName } from '@printfarm/domain/upload';
import type { StoredUpload } from '../../storage/uploads.ts';
import { readRange } from '../../storage/uploads.ts';
import { grown } from '../grow.ts';
import type { AddTriangle } from '../mesh.ts';
import type { MeshParser, MeshSink } from '../model.ts';
import { parseObjInto } from '../obj.ts';
import { parsePlyInto } from '../ply.ts';
import { count, ModelRejection } from '../reject.ts';
import { HEAD_BYTES, sniffFormat } from '../sniff.ts';
import { parseStepInto } from '../step.ts';
import { parseStlInto } from '../stl.ts';
import { parse3mfInto } from '../threemf.ts';

export type TriangleSoup = Float64Array;

/**
 * Triangles the inspection keeps at most: it holds about 150 bytes a triangle at its peak (400 MB for
 * 2 million), and a 3MF build can place 50 million. Twice what the largest STL upload (100 MB) holds.
 */
export const MAX_INSPECTED_TRIANGLES = 4_000_000;

/** The formats that hold a mesh (G-code holds toolpaths). */
type MeshFormat = Exclude<ModelFormat, 'gcode'>;

const PARSERS: Record<MeshFormat, MeshParser> = {
  stl: parseStlInto,
  obj: parseObjInto,
  '3mf': parse3mfInto,
  ply: parsePlyInto,
  step: parseStepInto,
};

/** A mesh sink that keeps every triangle it is given. */
export class SoupCollector implements MeshSink {
  triangleCount = 0;
  private triangles: Float64Array;
  private readonly limit: number;

  constructor(expectedTriangles = 0, limit = MAX_INSPECTED_TRIANGLES) {
    this.limit = limit;
    this.triangles = new Float64Array(9 * Math.min(Math.max(64, expectedTriangles), limit));
  }

  readonly addTriangle: AddTriangle = (ax, ay, az, bx, by, bz, cx, cy, cz) => {
    const at = this.claim(1);
    const t = this.triangles;
    t[at] = ax;
    t[at + 1] = ay;
    t[at + 2] = az;
    t[at + 3] = bx;
    t[at + 4] = by;
    t[at + 5] = bz;
    t[at + 6] = cx;
    t[at + 7] = cy;
    t[at + 8] = cz;
    if (!Number.isFinite(ax + ay + az + bx + by + bz + cx + cy + cz)) refuseNaN();
  };

  addListedTriangle(coordinates: Float64Array, _welded: Int32Array, i: number, j: number, k: number): void {
    const at = this.claim(1);
    const t = this.triangles;
    let sum = 0;
    for (let axis = 0; axis < 3; axis++) {
      t[at + axis] = coordinates[i * 3 + axis]!;
      t[at + 3 + axis] = coordinates[j * 3 + axis]!;
      t[at + 6 + axis] = coordinates[k * 3 + axis]!;
      sum += t[at + axis]! + t[at + 3 + axis]! + t[at + 6 + axis]!;
    }
    if (!Number.isFinite(sum)) refuseNaN();
  }

  addStlFacets(view: DataView, at: number, records: number): void {
    let to = this.claim(records);
    const t = this.triangles;
    let sum = 0;
    for (let k = at + 12, end = at + records * 50; k < end; k += 50) {
      for (let i = 0; i < 36; i += 4) {
        const value = view.getFloat32(k + i, true);
        t[to++] = value;
        sum += value;
      }
    }
    if (!Number.isFinite(sum)) refuseNaN();
  }

  reserveVertices(): void {}

  /** The triangles gathered: a view of the first triangleCount. */
  soup(): TriangleSoup {
    return this.triangles.subarray(0, this.triangleCount * 9);
  }

  /** Makes room for `added` triangles; returns where the first goes. */
  private claim(added: number): number {
    const at = this.triangleCount * 9;
    this.triangleCount += added;
    if (this.triangleCount > this.limit) {
      throw new ModelRejection(
        `Refused: the model holds more than ${count(this.limit)} triangles to inspect`,
      );
    }
    if (this.triangleCount * 9 > this.triangles.length) {
      const length = Math.max(this.triangleCount * 9, this.triangles.length * 2);
      this.triangles = grown(this.triangles.subarray(0, at), length);
    }
    return at;
  }
}

/** The analysis refuses such a file first (mesh.ts); the check here keeps NaN out of the soup. */
function refuseNaN(): never {
  throw new ModelRejection('Not a valid model: a triangle has a coordinate that is not a number');
}

/** The format the analysis reads a file as: by its content first, then by its name. */
export async function modelFormatOf(upload: StoredUpload, fileName: string): Promise<ModelFormat | null> {
  if (upload.size === 0) return null;
  const head = await readRange(upload, 0, Math.min(upload.size, HEAD_BYTES));
  return sniffFormat(head, upload.size) ?? modelFormatFromName(fileName);
}

/**
 * Every triangle of a stored model; null for a file with no mesh (G-code) or none we read. A file the
 * parsers reject, or with more than MAX_INSPECTED_TRIANGLES, throws a ModelRejection.
 */
export async function loadTriangleSoup(upload: StoredUpload, fileName: string): Promise<TriangleSoup | null> {
  const format = await modelFormatOf(upload, fileName);
  if (format === null || format === 'gcode') return null;
  const parsed = await PARSERS[format](upload, (expected) => new SoupCollector(expected));
  return parsed.mesh?.soup() ?? null;
}

export interface MeshBox {
  low: [number, number, number];
  high: [number, number, number];
  center: [number, number, number];
  diagonal: number;
}

/** The soup's bounding box. */
export function soupBounds(soup: TriangleSoup): MeshBox {
  const low: [number, number, number] = [Infinity, Infinity, Infinity];
  const high: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let c = 0; c < soup.length; c += 3) {
    for (let axis = 0; axis < 3; axis++) {
      const value = soup[c + axis]!;
      if (value < low[axis]!) low[axis] = value;
      if (value > high[axis]!) high[axis] = value;
    }
  }
  return {
    low,
    high,
    center: [(low[0] + high[0]) / 2, (low[1] + high[1]) / 2, (low[2] + high[2]) / 2],
    diagonal: Math.hypot(high[0] - low[0], high[1] - low[1], high[2] - low[2]),
  };
}

/** Into out[at…]: the cross product of triangle t's edges (its winding's normal, twice its area long). */
export function facetNormal(soup: TriangleSoup, t: number, out: Float64Array, at: number): Float64Array {
  const k = t * 9;
  const e1x = soup[k + 3]! - soup[k]!;
  const e1y = soup[k + 4]! - soup[k + 1]!;
  const e1z = soup[k + 5]! - soup[k + 2]!;
  const e2x = soup[k + 6]! - soup[k]!;
  const e2y = soup[k + 7]! - soup[k + 1]!;
  const e2z = soup[k + 8]! - soup[k + 2]!;
  out[at] = e1y * e2z - e1z * e2y;
  out[at + 1] = e1z * e2x - e1x * e2z;
  out[at + 2] = e1x * e2y - e1y * e2x;
  return out;
}
