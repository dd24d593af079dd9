// A PLY file's header: its encoding, its elements with their properties and counts, and where the body
// starts; and which properties the parser (ply.ts) needs from the vertex and face elements.
import { words } from './lines.ts';
import { count, ModelRejection } from './reject.ts';

/** A PLY scalar type: its size in bytes and the DataView getter that reads one (either byte order). */
export interface ScalarType {
  size: number;
  get: (this: DataView, at: number, littleEndian?: boolean) => number;
}

/** PLY's scalar types, each under its old and its sized name. */
const SCALARS: Array<[names: [string, string], size: number, get: ScalarType['get']]> = [
  [['char', 'int8'], 1, DataView.prototype.getInt8],
  [['uchar', 'uint8'], 1, DataView.prototype.getUint8],
  [['short', 'int16'], 2, DataView.prototype.getInt16],
  [['ushort', 'uint16'], 2, DataView.prototype.getUint16],
  [['int', 'int32'], 4, DataView.prototype.getInt32],
  [['uint', 'uint32'], 4, DataView.prototype.getUint32],
  [['float', 'float32'], 4, DataView.prototype.getFloat32],
  [['double', 'float64'], 8, DataView.prototype.getFloat64],
];

export const SCALAR_TYPES: Record<string, ScalarType> = Object.fromEntries(
  SCALARS.flatMap(([names, size, get]) => names.map((name) => [name, { size, get }])),
);

type Encoding = 'ascii' | 'binary_little_endian' | 'binary_big_endian';

export interface Property {
  name: string;
  type: string;
  /** Set for list properties: the type of the leading item count. */
  countType?: string;
}

export interface Element {
  name: string;
  count: number;
  properties: Property[];
}

export interface Header {
  encoding: Encoding;
  elements: Element[];
  bodyOffset: number;
  comments: string[];
}

export const MAX_HEADER_BYTES = 64 * 1024;

export function reject(reason: string): never {
  throw new ModelRejection(`Not a valid PLY: ${reason}`);
}

export function plural(element: Element): string {
  if (element.name === 'vertex') return 'vertices';
  if (element.name === 'face') return 'faces';
  if (element.name === 'tristrips') return 'triangle strips';
  return `"${element.name}" elements`;
}

export function parsePlyHeader(head: Buffer): Header {
  const text = head.toString('latin1');
  const end = /end_header[ \t]*\r?\n/.exec(text);
  if (!text.startsWith('ply') || !end)
    reject('the header does not start with "ply" and end with "end_header"');
  const lines = text.slice(0, end.index).split(/\r?\n/);
  let encoding: Encoding | undefined;
  const elements: Element[] = [];
  const comments: string[] = [];
  for (const [i, line] of lines.entries()) {
    const parts = words(line);
    const keyword = parts[0];
    if (i === 0 || keyword === '' || keyword === undefined) continue;
    if (keyword === 'format') {
      const value = parts[1];
      if (value !== 'ascii' && value !== 'binary_little_endian' && value !== 'binary_big_endian') {
        reject(`unknown format "${value ?? ''}"`);
      }
      encoding = value;
    } else if (keyword === 'element') {
      const declared = Number(parts[2]);
      if (!parts[1] || !Number.isSafeInteger(declared) || declared < 0)
        reject(`bad element line "${line.slice(0, 60)}"`);
      elements.push({ name: parts[1], count: declared, properties: [] });
    } else if (keyword === 'property') {
      const element = elements.at(-1);
      if (!element) reject('a property comes before any element');
      if (parts[1] === 'list') {
        const [, , countType = '', type = '', name = ''] = parts;
        if (!SCALAR_TYPES[countType] || !SCALAR_TYPES[type] || !name)
          reject(`bad property line "${line.slice(0, 60)}"`);
        element.properties.push({ name, type, countType });
      } else {
        const [, type = '', name = ''] = parts;
        if (!SCALAR_TYPES[type] || !name) reject(`bad property line "${line.slice(0, 60)}"`);
        element.properties.push({ name, type });
      }
    } else if (keyword === 'comment' || keyword === 'obj_info') {
      comments.push(parts.slice(1).join(' ').slice(0, 200));
    } else {
      reject(`unexpected header line "${line.slice(0, 60)}"`);
    }
  }
  if (!encoding) reject('the header has no format line');
  // A record of no properties takes no bytes: nothing would bound a loop over its count.
  const empty = elements.find((element) => element.count > 0 && element.properties.length === 0);
  if (empty) reject(`header declares ${count(empty.count)} ${plural(empty)} with no properties`);
  return { encoding, elements, bodyOffset: end.index + end[0].length, comments: comments.slice(0, 10) };
}

/**
 * The fewest bytes one record can take: binary, its scalars and list counts (a list may be empty);
 * ASCII, one character and a separator for each property. Exact for binary records without lists.
 */
function minimumRecordBytes(encoding: Encoding, element: Element): { bytes: number; exact: boolean } {
  if (encoding === 'ascii') return { bytes: 2 * element.properties.length, exact: false };
  return {
    bytes: element.properties.reduce((sum, p) => sum + (SCALAR_TYPES[p.countType ?? p.type]?.size ?? 0), 0),
    exact: element.properties.every((p) => !p.countType),
  };
}

/** Refuses counts that the bytes after the header cannot hold, before a record is read. */
export function checkCountsFit(header: Header, bodyBytes: number): void {
  // The file's last ASCII value needs no line break after it.
  let left = header.encoding === 'ascii' ? bodyBytes + 1 : bodyBytes;
  for (const element of header.elements) {
    const { bytes, exact } = minimumRecordBytes(header.encoding, element);
    if (element.count * bytes > left) {
      const fits = count(Math.floor(left / bytes));
      reject(
        `header declares ${count(element.count)} ${plural(element)}, ${exact ? `file ends after ${fits}` : `the file has room for at most ${fits}`}`,
      );
    }
    left -= element.count * bytes;
  }
}

/** Which properties a parser needs from the vertex and face elements. */
export function layout(header: Header) {
  const vertexIndex = header.elements.findIndex((e) => e.name === 'vertex');
  // Polygons, else strips: some files declare an empty face element beside their strips.
  const polygons = header.elements.findIndex((e) => e.name === 'face' && e.count > 0);
  const faceIndex =
    polygons >= 0 ? polygons : header.elements.findIndex((e) => e.name === 'tristrips' && e.count > 0);
  const vertex = header.elements[vertexIndex];
  const face = header.elements[faceIndex];
  if (!vertex) reject('the header declares no vertex element');
  if (!face) reject('the file holds no faces');
  if (faceIndex < vertexIndex) reject('faces come before vertices');
  const axes = ['x', 'y', 'z'].map((axis) =>
    vertex.properties.findIndex((p) => p.name === axis && !p.countType),
  );
  if (axes.some((at) => at < 0)) reject('the vertex element has no x, y and z');
  const indices = face.properties.findIndex(
    (p) => (p.name === 'vertex_indices' || p.name === 'vertex_index') && p.countType !== undefined,
  );
  if (indices < 0) reject(`the ${face.name} element has no vertex_indices list`);
  return { vertex, face, axes: axes as [number, number, number], indices, strips: face.name === 'tristrips' };
}
