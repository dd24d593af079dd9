// PLY (Stanford): ASCII, binary_little_endian and binary_big_endian; any extra properties and list
// types are skipped; counts are checked against the data actually present. Faces come as polygons
// (a `face` element) or as triangle strips (a `tristrips` element, as Stanford's scans ship).
import type { StoredUpload } from '../storage/uploads.ts';
import { readRange } from '../storage/uploads.ts';
import { forEachLine, words } from './lines.ts';
import { addIndexedTriangle, forAnalysis, type MeshParser, type MeshSink, VertexList } from './model.ts';
import {
  checkCountsFit,
  type Header,
  layout,
  MAX_HEADER_BYTES,
  parsePlyHeader,
  plural,
  reject,
  SCALAR_TYPES,
  type ScalarType,
} from './plyHeader.ts';
import { count } from './reject.ts';

/** Parses a PLY into a mesh made by `newMesh`. */
export const parsePlyInto: MeshParser = async (upload, newMesh) => {
  const head = await readRange(upload, 0, Math.min(upload.size, MAX_HEADER_BYTES));
  const header = parsePlyHeader(head);
  const plan = layout(header);
  checkCountsFit(header, upload.size - header.bodyOffset);
  const mesh = newMesh();
  const vertices = new VertexList();
  const state = { mesh, vertices, plan };
  if (header.encoding === 'ascii') await readAscii(upload, header, state);
  else await readBinary(upload, header, state);
  return {
    format: 'ply',
    mesh,
    metadata: {
      encoding: header.encoding,
      vertices: vertices.length,
      ...(plan.strips ? { strips: plan.face.count } : { faces: plan.face.count }),
      comments: header.comments,
    },
  };
};

export const parsePly = forAnalysis(parsePlyInto);

interface ReadState {
  mesh: MeshSink;
  vertices: VertexList;
  plan: ReturnType<typeof layout>;
}

/** Adds the triangles of one record of the face element: a polygon, or a strip. */
function addFace(state: ReadState, corners: number[], faceNumber: number): void {
  // All vertices come first: the tables can take their final size at once.
  if (faceNumber === 1) state.mesh.reserveVertices(state.vertices.length);
  if (state.plan.strips) addStrips(state, corners, faceNumber);
  else addPolygon(state, corners, faceNumber);
}

function addPolygon(state: ReadState, corners: number[], faceNumber: number): void {
  const total = state.vertices.length;
  for (const corner of corners) {
    if (!Number.isInteger(corner) || corner < 0 || corner >= total) {
      reject(`face ${count(faceNumber)} refers to vertex ${corner}, but only ${count(total)} are defined`);
    }
  }
  if (corners.length < 3) reject(`face ${count(faceNumber)} has fewer than 3 vertices`);
  for (let i = 1; i + 1 < corners.length; i++) {
    addIndexedTriangle(state.mesh, state.vertices, corners[0] ?? 0, corners[i] ?? 0, corners[i + 1] ?? 0);
  }
}

/**
 * One record of a tristrips element: strips of vertex indices, each -1 starting a new strip. Every
 * three consecutive vertices of a strip make a triangle, wound the other way round every other time;
 * the degenerate ones that stitch strips together (a repeated vertex) are no faces and are skipped.
 */
function addStrips(state: ReadState, indices: number[], recordNumber: number): void {
  const total = state.vertices.length;
  let run = 0;
  for (let n = 0; n < indices.length; n++) {
    const c = indices[n] ?? 0;
    if (c === -1) {
      run = 0;
      continue;
    }
    if (!Number.isInteger(c) || c < 0 || c >= total) {
      reject(
        `strip record ${count(recordNumber)} refers to vertex ${c}, but only ${count(total)} are defined`,
      );
    }
    if (++run < 3) continue;
    const a = indices[n - 2] ?? 0;
    const b = indices[n - 1] ?? 0;
    if (a === b || b === c || a === c) continue;
    if (run % 2 === 1) addIndexedTriangle(state.mesh, state.vertices, a, b, c);
    else addIndexedTriangle(state.mesh, state.vertices, b, a, c);
  }
}

async function readAscii(upload: StoredUpload, header: Header, state: ReadState): Promise<void> {
  let elementIndex = 0;
  let done = 0;
  const corners: number[] = [];
  const skipEmpty = () => {
    while (elementIndex < header.elements.length && done >= (header.elements[elementIndex]?.count ?? 0)) {
      elementIndex++;
      done = 0;
    }
  };
  skipEmpty();
  await forEachLine(upload.createReadStream({ start: header.bodyOffset }), 'PLY', (line, lineNumber) => {
    const values = words(line);
    if (values.length === 1 && values[0] === '') return;
    const element = header.elements[elementIndex];
    if (!element)
      reject(`data continues after the elements the header declares (data line ${count(lineNumber)})`);
    let at = 0;
    const numbers: number[] = [];
    corners.length = 0;
    for (const [p, property] of element.properties.entries()) {
      if (property.countType) {
        const items = Number(values[at++]);
        if (!Number.isInteger(items) || items < 0) break;
        if (items > values.length - at) {
          reject(
            `data line ${count(lineNumber)} lists ${count(items)} values, but only ${count(values.length - at)} follow`,
          );
        }
        for (let i = 0; i < items; i++) {
          const value = Number(values[at++]);
          if (element === state.plan.face && p === state.plan.indices) corners.push(value);
        }
        numbers.push(Number.NaN);
      } else {
        numbers.push(Number(values[at++]));
      }
    }
    if (
      at !== values.length ||
      numbers.length !== element.properties.length ||
      numbers.some((n, i) => !element.properties[i]?.countType && !Number.isFinite(n))
    ) {
      reject(
        `header declares ${count(element.count)} ${plural(element)}, but data line ${count(lineNumber)} does not hold one`,
      );
    }
    done++;
    if (element === state.plan.vertex) {
      const [x, y, z] = state.plan.axes;
      state.vertices.push(numbers[x] ?? 0, numbers[y] ?? 0, numbers[z] ?? 0);
    } else if (element === state.plan.face) {
      addFace(state, corners, done);
    }
    skipEmpty();
  });
  const unfinished = header.elements[elementIndex];
  if (unfinished)
    reject(
      `header declares ${count(unfinished.count)} ${plural(unfinished)}, file ends after ${count(done)}`,
    );
}

type NumberReader = (view: DataView, offset: number) => number;

/** Reads a number of a header-checked scalar type in the file's byte order. */
function reader(type: string, littleEndian: boolean): NumberReader {
  const { get } = SCALAR_TYPES[type] as ScalarType;
  return (view, at) => get.call(view, at, littleEndian);
}

/** Pulls bytes from a stream on demand, keeping only what has not been consumed yet. */
class ByteSource {
  private buffer = Buffer.alloc(0);
  /** The bytes not consumed yet start at `offset`. */
  view = new DataView(this.buffer.buffer, 0, 0);
  offset = 0;
  private readonly chunks: AsyncIterator<Buffer>;
  private ended = false;
  /** Bytes of the stream dropped from the buffer, once consumed. */
  private dropped = 0;
  /** The bytes the stream holds: a need beyond them fails without reading them all first. */
  private readonly length: number;

  constructor(stream: AsyncIterable<Buffer>, length: number) {
    this.chunks = stream[Symbol.asyncIterator]();
    this.length = length;
  }

  get available(): number {
    return this.buffer.length - this.offset;
  }

  /** Makes at least n bytes available; false when the stream ends first. */
  async need(n: number): Promise<boolean> {
    if (this.dropped + this.offset + n > this.length) return false;
    while (this.available < n) {
      if (this.ended) return false;
      const next = await this.chunks.next();
      if (next.done) {
        this.ended = true;
        return false;
      }
      this.dropped += this.offset;
      this.buffer = Buffer.concat([this.buffer.subarray(this.offset), next.value]);
      this.view = new DataView(this.buffer.buffer, this.buffer.byteOffset, this.buffer.length);
      this.offset = 0;
    }
    return true;
  }

  async atEnd(): Promise<boolean> {
    return !(await this.need(1));
  }
}

async function readBinary(upload: StoredUpload, header: Header, state: ReadState): Promise<void> {
  const littleEndian = header.encoding === 'binary_little_endian';
  const source = new ByteSource(
    upload.createReadStream({ start: header.bodyOffset }) as AsyncIterable<Buffer>,
    upload.size - header.bodyOffset,
  );
  const corners: number[] = [];
  const point = [0, 0, 0];
  for (const element of header.elements) {
    const fixed = element.properties.every((p) => !p.countType);
    const readers = element.properties.map((p) => ({
      property: p,
      size: SCALAR_TYPES[p.type]?.size ?? 0,
      read: reader(p.type, littleEndian),
      countSize: p.countType ? (SCALAR_TYPES[p.countType]?.size ?? 0) : 0,
      readCount: p.countType ? reader(p.countType, littleEndian) : undefined,
    }));
    const recordSize = readers.reduce((sum, r) => sum + r.size, 0);
    const isVertex = element === state.plan.vertex;
    const isFace = element === state.plan.face;
    const offsets = readers.map((_, i) => readers.slice(0, i).reduce((sum, r) => sum + r.size, 0));
    const [xAt, yAt, zAt] = state.plan.axes.map((axis) => offsets[axis] ?? 0) as [number, number, number];
    const [xRead, yRead, zRead] = state.plan.axes.map((axis) => readers[axis]?.read ?? (() => 0)) as [
      NumberReader,
      NumberReader,
      NumberReader,
    ];
    const truncated = (done: number): never =>
      reject(`header declares ${count(element.count)} ${plural(element)}, file ends after ${count(done)}`);
    for (let done = 0; done < element.count; done++) {
      if (fixed) {
        if (source.available < recordSize && !(await source.need(recordSize))) truncated(done);
        const at = source.offset;
        if (isVertex) {
          const v = source.view;
          state.vertices.push(xRead(v, at + xAt), yRead(v, at + yAt), zRead(v, at + zAt));
        }
        source.offset += recordSize;
        continue;
      }
      corners.length = 0;
      point.fill(0);
      for (let p = 0; p < readers.length; p++) {
        const r = readers[p]!;
        if (r.readCount) {
          if (source.available < r.countSize && !(await source.need(r.countSize))) truncated(done);
          const items = r.readCount(source.view, source.offset);
          source.offset += r.countSize;
          const bytes = items * r.size;
          if (items < 0 || (source.available < bytes && !(await source.need(bytes)))) truncated(done);
          if (isFace && p === state.plan.indices) {
            for (let i = 0; i < items; i++) corners.push(r.read(source.view, source.offset + i * r.size));
          }
          source.offset += bytes;
        } else {
          if (source.available < r.size && !(await source.need(r.size))) truncated(done);
          const axis = isVertex ? state.plan.axes.indexOf(p) : -1;
          if (axis >= 0) point[axis] = r.read(source.view, source.offset);
          source.offset += r.size;
        }
      }
      if (isVertex) state.vertices.push(point[0] ?? 0, point[1] ?? 0, point[2] ?? 0);
      if (isFace) addFace(state, corners, done + 1);
    }
  }
  if (!(await source.atEnd())) {
    // A line break or two after the data is harmless; anything more means the counts are wrong.
    await source.need(3);
    if (source.available > 2) reject('the file holds more data than the header declares');
  }
}
