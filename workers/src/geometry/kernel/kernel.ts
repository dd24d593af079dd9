// The mesh kernel (mesh.wat), assembled and compiled once per thread when the analyser loads, and
// instantiated once per mesh with memories of its own.
import { readFileSync } from 'node:fs';
import { assemble } from './assemble.ts';

/** A wasm global as JavaScript sees it. */
interface Global {
  value: number;
}

/** A wasm memory; its buffer is replaced whenever it grows. */
export interface Memory {
  readonly buffer: ArrayBuffer;
}

/** The part of the WebAssembly API used here: the workers compile without the DOM library that types it. */
const wasm = (
  globalThis as unknown as {
    WebAssembly: {
      Module: new (bytes: Uint8Array) => object;
      Instance: new (module: object, imports: object) => { exports: unknown };
      Memory: new (descriptor: { initial: number }) => Memory;
    };
  }
).WebAssembly;

/** What mesh.wat exports; see there for what each does. */
export interface MeshKernel {
  init(): void;
  reserve(vertices: number): void;
  /** Counts a triangle given as nine coordinates (ax, ay, az, bx, …, cz); 1 when one is not a finite number. */
  measure(...corners: number[]): number;
  weld(x: number, y: number, z: number): number;
  connect(a: number, b: number, c: number): void;
  stlFacets(facets: number): number;
  tally(): void;
  BLOCK: Global;
  BLOCK_FACETS: Global;
  triangles: Global;
  vertices: Global;
  openEdges: Global;
  nonManifold: Global;
  shellCount: Global;
  minX: Global;
  minY: Global;
  minZ: Global;
  maxX: Global;
  maxY: Global;
  maxZ: Global;
  ox: Global;
  oy: Global;
  oz: Global;
  sixVolume: Global;
  doubleArea: Global;
  downArea: Global;
  downMoment: Global;
  upArea: Global;
  upMoment: Global;
  heldCount: Global;
}

/** An instance and its memories: `main` holds the block of STL facets, `held` the plate candidates. */
export interface KernelInstance {
  kernel: MeshKernel;
  main: Memory;
  held: Memory;
}

const compiled = new wasm.Module(assemble(readFileSync(new URL('./mesh.wat', import.meta.url), 'utf8')));

export function instantiateKernel(): KernelInstance {
  const main = new wasm.Memory({ initial: 1 });
  const held = new wasm.Memory({ initial: 1 });
  const memories = {
    main,
    held,
    table: new wasm.Memory({ initial: 1 }),
    spill: new wasm.Memory({ initial: 1 }),
  };
  const instance = new wasm.Instance(compiled, { mesh: memories });
  return { kernel: instance.exports as unknown as MeshKernel, main, held };
}
