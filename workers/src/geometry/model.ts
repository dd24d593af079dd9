// What every parser hands back: a mesh (meshes) or extents (G-code), plus format extras. The mesh is
// whatever sink the caller asked for: the analysis's MeshAccumulator, which measures and keeps nothing,
// or the inspection's triangle soup (inspect/soup.ts), which keeps every triangle.
import type { ModelFormat } from '@printfarm/domain/upload';
import type { StoredUpload } from '../storage/uploads.ts';
import { grown } from './grow.ts';
import { type AddTriangle, MeshAccumulator } from './mesh.ts';

export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** What parsers feed triangles through. */
export interface MeshSink {
  readonly triangleCount: number;
  addTriangle: AddTriangle;
  /** Triangle (i, j, k) of a vertex list: see VertexList and addIndexedTriangle. */
  addListedTriangle(coordinates: Float64Array, welded: Int32Array, i: number, j: number, k: number): void;
  /** `records` binary STL facets of 50 bytes from byte `at` of `view`. */
  addStlFacets(view: DataView, at: number, records: number): void;
  /** A hint: the mesh has at most this many distinct vertices. */
  reserveVertices(vertices: number): void;
}

/** Makes the sink a parser fills; binary STL passes the triangle count its header declares. */
export type NewMesh<Mesh extends MeshSink> = (expectedTriangles?: number) => Mesh;

/** The analysis's sink. */
export const newMeshAccumulator: NewMesh<MeshAccumulator> = (expectedTriangles) =>
  new MeshAccumulator(expectedTriangles);

export interface ParsedModel<Mesh extends MeshSink = MeshAccumulator> {
  format: ModelFormat;
  mesh?: Mesh;
  /** Size in mm when there is no mesh (G-code extrusion extents). */
  extents?: { x: number; y: number; z: number };
  metadata: { [key: string]: JsonValue };
}

/** A mesh format's parser: reads a stored file into a mesh made by `newMesh`. */
export type MeshParser = <Mesh extends MeshSink>(
  upload: StoredUpload,
  newMesh: NewMesh<Mesh>,
) => Promise<ParsedModel<Mesh>>;

/** The parser as the analysis runs it: into a MeshAccumulator. */
export function forAnalysis(parse: MeshParser): (upload: StoredUpload) => Promise<ParsedModel> {
  return (upload) => parse(upload, newMeshAccumulator);
}

/** Growable float64 storage for formats whose faces refer back to earlier vertices. */
export class VertexList {
  private data = new Float64Array(3 * 1024);
  /** Per vertex, its welded id + 1 once a face has used it, else 0 (see addIndexedTriangle). */
  welded = new Int32Array(1024);
  length = 0;

  push(x: number, y: number, z: number): void {
    if ((this.length + 1) * 3 > this.data.length) {
      this.data = grown(this.data, this.data.length * 2);
      this.welded = grown(this.welded, this.welded.length * 2);
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
export function addIndexedTriangle(mesh: MeshSink, list: VertexList, i: number, j: number, k: number): void {
  mesh.addListedTriangle(list.coordinates, list.welded, i, j, k);
}
