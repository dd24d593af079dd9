// STEP (ISO 10303-21): the exchange structure is checked first; then occt-import-js (OpenCascade
// compiled to WebAssembly) tessellates the solids so they can be measured like any mesh.
import { createRequire } from 'node:module';
import { readRange } from '../storage/uploads.ts';
import { forAnalysis, type MeshParser } from './model.ts';
import { ModelRejection, megabytes } from './reject.ts';

export const STEP_MAX_BYTES = 50 * 1024 * 1024;

interface OcctMesh {
  name?: string;
  attributes: { position: { array: ArrayLike<number> } };
  index?: { array: ArrayLike<number> };
}
interface OcctResult {
  success: boolean;
  meshes?: OcctMesh[];
}
interface Occt {
  ReadStepFile(content: Uint8Array, params: Record<string, unknown> | null): OcctResult;
}

let occtModule: Promise<Occt> | undefined;

/** Loads the WebAssembly module once per thread; it takes ~100 ms. */
function loadOcct(): Promise<Occt> {
  if (!occtModule) {
    // occt-import-js is a CommonJS emscripten bundle without type declarations.
    const factory = createRequire(import.meta.url)('occt-import-js') as () => Promise<Occt>;
    occtModule = factory();
  }
  return occtModule;
}

function reject(reason: string): never {
  throw new ModelRejection(`Not a valid STEP: ${reason}`);
}

function unquote(value: string): string {
  return value.replace(/''/g, "'");
}

export interface StepStructure {
  schemas: string[];
  productNames: string[];
}

/** Checks ISO-10303-21; HEADER; FILE_SCHEMA ... ENDSEC; DATA; ... ENDSEC; END-ISO-10303-21; */
export function checkStepStructure(text: string): StepStructure {
  if (!/^\s*ISO-10303-21\s*;/.test(text)) reject('the file does not start with "ISO-10303-21;"');
  const header = /\bHEADER\s*;([\s\S]*?)\bENDSEC\s*;/.exec(text);
  if (!header) reject('the HEADER section is missing or not closed by ENDSEC;');
  const schema = /FILE_SCHEMA\s*\(\s*\(([^)]*)\)\s*\)/.exec(header[1] ?? '');
  if (!schema) reject('the HEADER section has no FILE_SCHEMA');
  const afterHeader = text.slice(header.index + header[0].length);
  const data = /\bDATA\s*;([\s\S]*?)\bENDSEC\s*;/.exec(afterHeader);
  if (!data) reject('the DATA section is missing or not closed by ENDSEC;');
  if (!/END-ISO-10303-21\s*;\s*$/.test(afterHeader.slice(data.index + data[0].length))) {
    reject('the file does not end with "END-ISO-10303-21;"');
  }
  const schemas = [...(schema[1] ?? '').matchAll(/'((?:[^']|'')*)'/g)].map((m) => unquote(m[1] ?? '').trim());
  const productNames = new Set<string>();
  for (const match of (data[1] ?? '').matchAll(/\bPRODUCT\s*\(\s*'((?:[^']|'')*)'\s*,\s*'((?:[^']|'')*)'/g)) {
    const name = unquote(match[2] || match[1] || '').trim();
    if (name) productNames.add(name.slice(0, 200));
    if (productNames.size >= 20) break;
  }
  return { schemas, productNames: [...productNames] };
}

/** Parses a STEP file into a mesh made by `newMesh`. */
export const parseStepInto: MeshParser = async (upload, newMesh) => {
  if (upload.size > STEP_MAX_BYTES) {
    throw new ModelRejection(
      `Refused: STEP files above ${megabytes(STEP_MAX_BYTES)} cannot be analysed (this one is ${megabytes(upload.size)})`,
    );
  }
  const bytes = await readRange(upload, 0, upload.size);
  const structure = checkStepStructure(bytes.toString('latin1'));
  const occt = await loadOcct();
  const result = occt.ReadStepFile(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    linearUnit: 'millimeter',
  });
  const mesh = newMesh();
  for (const part of result.success ? (result.meshes ?? []) : []) {
    const position = part.attributes.position.array;
    const index = part.index?.array;
    const corners = index ? index.length : position.length / 3;
    for (let i = 0; i + 2 < corners; i += 3) {
      const a = (index ? (index[i] ?? 0) : i) * 3;
      const b = (index ? (index[i + 1] ?? 0) : i + 1) * 3;
      const c = (index ? (index[i + 2] ?? 0) : i + 2) * 3;
      mesh.addTriangle(
        position[a] ?? 0,
        position[a + 1] ?? 0,
        position[a + 2] ?? 0,
        position[b] ?? 0,
        position[b + 1] ?? 0,
        position[b + 2] ?? 0,
        position[c] ?? 0,
        position[c + 1] ?? 0,
        position[c + 2] ?? 0,
      );
    }
  }
  if (mesh.triangleCount === 0) reject('no solid geometry could be read from the DATA section');
  return {
    format: 'step',
    mesh,
    metadata: {
      schema: structure.schemas,
      products: structure.productNames,
      bodies: result.meshes?.length ?? 0,
      tessellatedBy: 'occt-import-js',
    },
  };
};

export const parseStep = forAnalysis(parseStepInto);
