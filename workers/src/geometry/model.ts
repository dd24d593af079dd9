// What every parser hands back: a mesh accumulator (meshes) or extents (G-code), plus format extras.
import type { ModelFormat } from '@printfarm/domain/upload';
import type { MeshAccumulator } from './mesh.ts';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

export interface ParsedModel {
  format: ModelFormat;
  mesh?: MeshAccumulator;
  /** Size in mm when there is no mesh (G-code extrusion extents). */
  extents?: { x: number; y: number; z: number };
  metadata: { [key: string]: JsonValue };
}

/** Growable float64 storage for formats whose faces refer back to earlier vertices. */
export class VertexList {
  private data = new Float64Array(3 * 1024);
  /** Per vertex, its welded id + 1 once a face has used it, else 0 (see addIndexedTriangle). */
  welded = new Int32Array(1024);
  length = 0;

  push(x: number, y: number, z: number): void {
    if ((this.length + 1) * 3 > this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
      const welded = new Int32Array(this.welded.length * 2);
      welded.set(this.welded);
      this.welded = welded;
    }
    const at = this.length * 3;
    this.data[at] = x;
    this.data[at + 1] = y;
    this.data[at + 2] = z;
    this.length++;
  }

  get coordinates(): Float64Array {
    return this.data;
  }
}

/**
 * Adds triangle (i, j, k) of a vertex list (0-based, already checked) to a mesh. Each listed vertex
 * is welded once and then known by its index, so a list belongs to one mesh.
 */
export function addIndexedTriangle(
  mesh: MeshAccumulator,
  list: VertexList,
  i: number,
  j: number,
  k: number,
): void {
  mesh.addListedTriangle(list.coordinates, list.welded, i, j, k);
}
