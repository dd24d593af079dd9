// Mesh metrics computed triangle by triangle: running sums for volume and area, vertex welding, edge
// use counts for open/non-manifold edges and union-find for shells. The work is done by the mesh
// kernel (kernel/mesh.wat, WebAssembly), in memories of its own, so nothing is allocated per triangle
// and a 100 MB STL costs its tables and no garbage. The same pass sums the facets that need support
// when printed as oriented in the file (Z up).
import { fitsTypicalBuildVolume, TECHNOLOGIES, type Technology } from '@printfarm/domain/printerCatalogue';
import { instantiateKernel, type Memory, type MeshKernel } from './kernel/kernel.ts';
import { count, ModelRejection } from './reject.ts';

/** Facets whose corners all lie this close (mm) to the lowest point rest on the build plate. */
const PLATE_TOLERANCE_MM = 0.05;
/** Vertex ids stay below 2^25: the edge buckets pack them with a use count into an int32. */
const MAX_VERTICES = 2 ** 25;
/** Bytes per binary STL record: a normal, three corners, an attribute count. */
const RECORD_BYTES = 50;

/** A triangle as its nine coordinates (x, y, z of a, b, c), never an array: parsers call it millions of times. */
export type AddTriangle = (
  ax: number,
  ay: number,
  az: number,
  bx: number,
  by: number,
  bz: number,
  cx: number,
  cy: number,
  cz: number,
) => void;

export interface MeshMetrics {
  triangleCount: number;
  bbox: { x: number; y: number; z: number };
  volumeCm3: number;
  surfaceAreaCm2: number;
  shellCount: number;
  openEdgeCount: number;
  nonManifoldEdgeCount: number;
  watertight: boolean;
  invertedNormals: boolean;
  /** Area, projected onto the plate, of facets facing down more steeply than 45° and not on the plate. */
  overhangAreaCm2: number;
  /** Σ over those facets of projected area × height of the centroid above the plate. */
  supportVolumeCm3: number;
  fitsBuildVolume: Record<Technology, boolean>;
}

export function fitsBuildVolume(bbox: { x: number; y: number; z: number }): Record<Technology, boolean> {
  return Object.fromEntries(
    TECHNOLOGIES.map((technology) => [technology, fitsTypicalBuildVolume(bbox, technology)]),
  ) as Record<Technology, boolean>;
}

export class MeshAccumulator {
  private readonly kernel: MeshKernel;
  private readonly main: Memory;
  private readonly held: Memory;

  /** Sizes the tables for an expected triangle count (a closed mesh has about T/2 vertices). */
  constructor(expectedTriangles = 0) {
    const { kernel, main, held } = instantiateKernel();
    this.kernel = kernel;
    this.main = main;
    this.held = held;
    kernel.init();
    kernel.reserve(Math.ceil(Math.min(Math.max(expectedTriangles, 0), MAX_VERTICES) / 2));
  }

  get triangleCount(): number {
    return this.kernel.triangles.value;
  }

  /** Sizes the tables for `vertices` welded vertices at most (a format that lists them first knows). */
  reserveVertices(vertices: number): void {
    this.kernel.reserve(Math.min(vertices, MAX_VERTICES));
  }

  readonly addTriangle: AddTriangle = (ax, ay, az, bx, by, bz, cx, cy, cz) => {
    const kernel = this.kernel;
    if (kernel.measure(ax, ay, az, bx, by, bz, cx, cy, cz) !== 0) this.reject(FAULT_NOT_A_NUMBER);
    kernel.connect(this.weld(ax, ay, az), this.weld(bx, by, bz), this.weld(cx, cy, cz));
  };

  /**
   * Triangle (i, j, k) of a vertex list: x, y, z of vertex n at 3n in `coordinates`, its welded id + 1
   * in welded[n] once known (0 before), so each listed vertex is quantized and looked up only once.
   */
  addListedTriangle(coordinates: Float64Array, welded: Int32Array, i: number, j: number, k: number): void {
    const at = (n: number, axis: number) => coordinates[n * 3 + axis] as number;
    const [ax, ay, az, bx, by, bz] = [at(i, 0), at(i, 1), at(i, 2), at(j, 0), at(j, 1), at(j, 2)];
    const [cx, cy, cz] = [at(k, 0), at(k, 1), at(k, 2)];
    if (this.kernel.measure(ax, ay, az, bx, by, bz, cx, cy, cz) !== 0) this.reject(FAULT_NOT_A_NUMBER);
    this.kernel.connect(
      this.listedId(coordinates, welded, i),
      this.listedId(coordinates, welded, j),
      this.listedId(coordinates, welded, k),
    );
  }

  private listedId(coordinates: Float64Array, welded: Int32Array, index: number): number {
    const known = welded[index] as number;
    if (known !== 0) return known - 1;
    const at = index * 3;
    const id = this.weld(
      coordinates[at] as number,
      coordinates[at + 1] as number,
      coordinates[at + 2] as number,
    );
    welded[index] = id + 1;
    return id;
  }

  /** The welded id of a corner. */
  private weld(x: number, y: number, z: number): number {
    const id = this.kernel.weld(x, y, z);
    if (id < 0) this.reject(id === -1 ? FAULT_OUT_OF_REACH : FAULT_VERTICES);
    return id;
  }

  /**
   * Binary STL facets, `records` of them from byte `at` of `view`: 50 bytes each, a normal (ignored,
   * recomputed), three corners as little-endian float32, an attribute count. The kernel reads them
   * from its own memory, a block at a time.
   */
  addStlFacets(view: DataView, at: number, records: number): void {
    const kernel = this.kernel;
    const blockFacets = kernel.BLOCK_FACETS.value;
    for (let first = 0; first < records; first += blockFacets) {
      const facets = Math.min(blockFacets, records - first);
      const start = view.byteOffset + at + first * RECORD_BYTES;
      // The block's view is made anew each time: the kernel's memory moves when it grows.
      new Uint8Array(this.main.buffer, kernel.BLOCK.value, facets * RECORD_BYTES).set(
        new Uint8Array(view.buffer, start, facets * RECORD_BYTES),
      );
      const fault = kernel.stlFacets(facets);
      if (fault !== 0) this.reject(fault);
    }
  }

  private reject(fault: number): never {
    if (fault === FAULT_NOT_A_NUMBER) {
      throw new ModelRejection(
        `Not a valid model: triangle ${count(this.triangleCount + 1)} has a coordinate that is not a number`,
      );
    }
    if (fault === FAULT_OUT_OF_REACH) {
      throw new ModelRejection('Refused: the model reaches more than 200 m from its origin');
    }
    throw new ModelRejection(`Refused: the model has more than ${count(MAX_VERTICES)} vertices`);
  }

  metrics(): MeshMetrics {
    const k = this.kernel;
    const triangleCount = this.triangleCount;
    const bbox =
      triangleCount === 0
        ? { x: 0, y: 0, z: 0 }
        : { x: k.maxX.value - k.minX.value, y: k.maxY.value - k.minY.value, z: k.maxZ.value - k.minZ.value };
    k.tally();
    const openEdgeCount = k.openEdges.value;
    const nonManifoldEdgeCount = k.nonManifold.value;
    const doubleArea = k.doubleArea.value;
    const volumeMm3 = k.sixVolume.value / 6;
    // Tiny negative sums are rounding noise on flat or open parts, not a flipped solid.
    const invertedNormals = volumeMm3 < 0 && Math.abs(volumeMm3) > 1e-9 * Math.max(1, doubleArea ** 1.5);
    return {
      triangleCount,
      bbox,
      volumeCm3: Math.abs(volumeMm3) / 1000,
      surfaceAreaCm2: doubleArea / 2 / 100,
      shellCount: k.shellCount.value,
      openEdgeCount,
      nonManifoldEdgeCount,
      watertight: triangleCount > 0 && openEdgeCount === 0 && nonManifoldEdgeCount === 0,
      invertedNormals,
      ...this.support(invertedNormals),
      fitsBuildVolume: fitsBuildVolume(bbox),
    };
  }

  /**
   * Overhang area and support volume. An inside-out file (invertedNormals) is measured as the solid
   * it describes, as its volume is: the facets its winding turns up are then the real undersides.
   * Supports are taken to reach down to the plate: those that would land on the part are overcounted.
   */
  private support(inverted: boolean): { overhangAreaCm2: number; supportVolumeCm3: number } {
    const k = this.kernel;
    if (this.triangleCount === 0) return { overhangAreaCm2: 0, supportVolumeCm3: 0 };
    let doubleArea = inverted ? k.upArea.value : k.downArea.value;
    let sixMoment = inverted ? k.upMoment.value : k.downMoment.value;
    const minZ = k.minZ.value;
    const plateTop = minZ + PLATE_TOLERANCE_MM;
    // Steep facets near the lowest point, held until now: [top z, n.z, corner z sum relative to oz].
    const held = new Float64Array(this.held.buffer, 0, k.heldCount.value * 3);
    for (let at = 0; at < held.length; at += 3) {
      const nz = held[at + 1] as number;
      const underside = inverted ? nz > 0 : nz < 0;
      if (!underside || (held[at] as number) <= plateTop) continue;
      doubleArea += Math.abs(nz);
      sixMoment += Math.abs(nz) * (held[at + 2] as number);
    }
    const volumeMm3 = sixMoment / 6 - (minZ - k.oz.value) * (doubleArea / 2);
    return { overhangAreaCm2: doubleArea / 2 / 100, supportVolumeCm3: Math.max(0, volumeMm3) / 1000 };
  }
}

/** The kernel's faults: a coordinate that is not a number, a corner beyond 200 m, too many vertices. */
const FAULT_NOT_A_NUMBER = 1;
const FAULT_OUT_OF_REACH = 2;
const FAULT_VERTICES = 3;
