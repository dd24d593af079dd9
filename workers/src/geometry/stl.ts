// STL, binary and ASCII. Binary when 84 + 50 × triangle count equals the file size: many binary files
// start their 80-byte header with "solid", so the prefix alone decides nothing. A binary file whose
// count was left at 0 is read by its size, once it does not read as ASCII.
import type { StoredUpload } from '../storage/uploads.ts';
import { readRange } from '../storage/uploads.ts';
import { forEachBlock } from './blocks.ts';
import { forEachLine, words } from './lines.ts';
import { forAnalysis, type MeshParser, type MeshSink, type NewMesh, type ParsedModel } from './model.ts';
import { count, ModelRejection } from './reject.ts';

export const HEADER_BYTES = 84;
export const RECORD_BYTES = 50;
/** Records per block read: 1 MB. */
export const BLOCK_RECORDS = 20_000;

/** Bytes of the head judged as ASCII STL text. */
const ASCII_HEAD_BYTES = 1024;

/**
 * True when the first bytes read as the text of an ASCII STL: an optional UTF-8 byte order mark, a
 * 'solid' line, then a 'facet' or 'endsolid' line. Solid names may hold letters beyond ASCII (UTF-8
 * or Latin-1); every other line is printable ASCII, and no line holds control bytes, which the
 * binary data after a binary file's header does.
 */
export function looksLikeAsciiStl(head: Uint8Array): boolean {
  const bom = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
  const text = Buffer.from(head.subarray(bom, bom + ASCII_HEAD_BYTES)).toString('latin1');
  const lines = text.split('\n');
  if (!/^\s*solid\b/i.test(lines[0] ?? '')) return false;
  let body = false;
  for (const [i, line] of lines.entries()) {
    const keyword = (/^\s*(\S*)/.exec(line)?.[1] ?? '').toLowerCase();
    const named = keyword === 'solid' || keyword === 'endsolid';
    if (!(named ? /^[\t\r\x20-\x7e\x80-\xff]*$/ : /^[\t\r\x20-\x7e]*$/).test(line)) return false;
    if (i > 0 && (keyword === 'facet' || keyword === 'endsolid')) body = true;
  }
  return body;
}

/** The triangles the size of a binary file holds, or undefined when it holds no whole number of them. */
function recordsInSize(size: number): number | undefined {
  const records = (size - HEADER_BYTES) / RECORD_BYTES;
  return size >= HEADER_BYTES && Number.isInteger(records) ? records : undefined;
}

export function isBinaryStlSize(head: Uint8Array, size: number): boolean {
  if (head.length < HEADER_BYTES) return false;
  const triangles = Buffer.from(head.buffer, head.byteOffset, head.byteLength).readUInt32LE(80);
  return recordsInSize(size) === triangles;
}

/** Parses an STL into meshes made by `newMesh`. */
export const parseStlInto: MeshParser = async (upload, newMesh) => {
  const head = await readRange(upload, 0, Math.min(upload.size, 1024));
  if (isBinaryStlSize(head, upload.size)) return parseBinaryStl(upload, head, newMesh, head.readUInt32LE(80));
  if (looksLikeAsciiStl(head)) return parseAsciiStl(upload, newMesh);
  if (upload.size < HEADER_BYTES) {
    throw new ModelRejection(`Not a valid STL: the file holds only ${count(upload.size)} bytes`);
  }
  const declared = head.readUInt32LE(80);
  // Some writers leave the count at 0; the size then tells the triangles, as admesh reads it.
  const implied = recordsInSize(upload.size);
  if (declared === 0 && implied) return parseBinaryStl(upload, head, newMesh, implied);
  const held = Math.floor((upload.size - HEADER_BYTES) / RECORD_BYTES);
  throw new ModelRejection(
    `Not a valid STL: header says ${count(declared)} triangles, file holds ${count(held)}`,
  );
};

export const parseStl = forAnalysis(parseStlInto);

async function parseBinaryStl<Mesh extends MeshSink>(
  upload: StoredUpload,
  head: Buffer,
  newMesh: NewMesh<Mesh>,
  declared: number,
): Promise<ParsedModel<Mesh>> {
  if (declared === 0) throw new ModelRejection('Not a valid STL: the file holds no triangles');
  const mesh = newMesh(declared);
  await forEachBlock(upload, HEADER_BYTES, BLOCK_RECORDS * RECORD_BYTES, (view, length) =>
    // A last block cut inside a record leaves fewer triangles than declared: rejected below.
    mesh.addStlFacets(view, 0, Math.floor(length / RECORD_BYTES)),
  );
  if (mesh.triangleCount !== declared) {
    // The file changed under us, or the store returned fewer bytes than it reported.
    throw new ModelRejection(
      `Not a valid STL: header says ${count(declared)} triangles, file holds ${count(mesh.triangleCount)}`,
    );
  }
  return { format: 'stl', mesh, metadata: { encoding: 'binary', header: headerText(head) } };
}

function headerText(head: Buffer): string {
  return head
    .subarray(0, 80)
    .toString('latin1')
    .replace(/[^\x20-\x7e]+/g, ' ')
    .trim();
}

async function parseAsciiStl<Mesh extends MeshSink>(
  upload: StoredUpload,
  newMesh: NewMesh<Mesh>,
): Promise<ParsedModel<Mesh>> {
  const mesh = newMesh();
  const corners: number[] = [];
  let solidName: string | undefined;
  let inLoop = false;
  await forEachLine(upload.createReadStream(), 'STL', (line, lineNumber) => {
    const parts = words(line);
    const keyword = (parts[0] ?? '').toLowerCase();
    switch (keyword) {
      case 'vertex': {
        const x = Number(parts[1]);
        const y = Number(parts[2]);
        const z = Number(parts[3]);
        if (!inLoop || parts.length !== 4 || !Number.isFinite(x + y + z)) {
          throw new ModelRejection(
            `Not a valid STL: line ${count(lineNumber)} is not a vertex of three numbers`,
          );
        }
        corners.push(x, y, z);
        return;
      }
      case 'outer':
        inLoop = true;
        corners.length = 0;
        return;
      case 'endloop':
        if (corners.length < 9) {
          throw new ModelRejection(
            `Not a valid STL: the facet ending on line ${count(lineNumber)} has ${corners.length / 3} vertices`,
          );
        }
        // Some exporters write polygons: fan them into triangles.
        for (let i = 3; i + 5 < corners.length; i += 3) {
          mesh.addTriangle(
            corners[0] ?? 0,
            corners[1] ?? 0,
            corners[2] ?? 0,
            corners[i] ?? 0,
            corners[i + 1] ?? 0,
            corners[i + 2] ?? 0,
            corners[i + 3] ?? 0,
            corners[i + 4] ?? 0,
            corners[i + 5] ?? 0,
          );
        }
        inLoop = false;
        return;
      case 'solid':
        solidName ??= parts.slice(1).join(' ');
        return;
      case 'facet':
      case 'endfacet':
      case 'endsolid':
      case '':
        return;
      default:
        throw new ModelRejection(
          `Not a valid STL: unexpected "${(parts[0] ?? '').slice(0, 40)}" on line ${count(lineNumber)}`,
        );
    }
  });
  if (mesh.triangleCount === 0) throw new ModelRejection('Not a valid STL: the file holds no triangles');
  return { format: 'stl', mesh, metadata: { encoding: 'ascii', ...(solidName ? { solidName } : {}) } };
}
