// 3MF: a ZIP holding XML model parts. The archive's directory is checked before anything is
// unpacked (zipArchive.ts); then the model part is scanned as a stream of tags into object meshes,
// expanded through components and build items. PrusaSlicer's modifiers and negative volumes, kept in
// the same object meshes, are left out (Metadata/Slic3r_PE_model.config says which triangles they are).
import type { Readable } from 'node:stream';
import type { Entry, ZipFile } from 'yauzl';
import { grown } from './grow.ts';
import { forAnalysis, type JsonValue, type MeshParser, type MeshSink, VertexList } from './model.ts';
import { count, ModelRejection } from './reject.ts';
import { attributes, scanTags } from './xmlTags.ts';
import { ARCHIVE_LIMITS, checkArchive, entryStream, entryText, listEntries, openZip } from './zipArchive.ts';

export const THREEMF_LIMITS = {
  maxTriangles: 50_000_000,
  maxComponentDepth: 32,
  /** Components can refer to one object many times; cap the instances so nesting cannot explode. */
  maxInstances: 1_000_000,
};

const UNIT_MM: Record<string, number> = {
  micron: 0.001,
  millimeter: 1,
  centimeter: 10,
  inch: 25.4,
  foot: 304.8,
  meter: 1000,
};

type Row = [number, number, number];
/** Row-vector affine transform as 3MF writes it: m00 m01 m02 m10 m11 m12 m20 m21 m22 m30 m31 m32. */
type Transform = [...Row, ...Row, ...Row, ...Row];
const IDENTITY: Transform = [1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0];

interface MeshObject {
  id: string;
  name: string;
  vertices: VertexList;
  triangles: Int32Array;
  triangleCount: number;
  components: Array<{ objectId: string; path?: string; transform: Transform }>;
}

interface ModelPart {
  unit: string;
  objects: Map<string, MeshObject>;
  items: Array<{ objectId: string; path?: string; transform: Transform }>;
}

function parseTransform(value: string | undefined, where: string): Transform {
  if (value === undefined || value.trim() === '') return IDENTITY;
  const numbers = value.trim().split(/\s+/).map(Number);
  if (numbers.length !== 12 || numbers.some((n) => !Number.isFinite(n))) {
    throw new ModelRejection(`Not a valid 3MF: ${where} has a bad transform "${value.slice(0, 80)}"`);
  }
  return numbers as Transform;
}

/** Applies `inner` first, then `outer`. */
function compose(inner: Transform, outer: Transform): Transform {
  const [a00, a01, a02, a10, a11, a12, a20, a21, a22, a30, a31, a32] = inner;
  const [b00, b01, b02, b10, b11, b12, b20, b21, b22, b30, b31, b32] = outer;
  return [
    a00 * b00 + a01 * b10 + a02 * b20,
    a00 * b01 + a01 * b11 + a02 * b21,
    a00 * b02 + a01 * b12 + a02 * b22,
    a10 * b00 + a11 * b10 + a12 * b20,
    a10 * b01 + a11 * b11 + a12 * b21,
    a10 * b02 + a11 * b12 + a12 * b22,
    a20 * b00 + a21 * b10 + a22 * b20,
    a20 * b01 + a21 * b11 + a22 * b21,
    a20 * b02 + a21 * b12 + a22 * b22,
    a30 * b00 + a31 * b10 + a32 * b20 + b30,
    a30 * b01 + a31 * b11 + a32 * b21 + b31,
    a30 * b02 + a31 * b12 + a32 * b22 + b32,
  ];
}

function determinant(t: Transform): number {
  const [m00, m01, m02, m10, m11, m12, m20, m21, m22] = t;
  return m00 * (m11 * m22 - m12 * m21) - m01 * (m10 * m22 - m12 * m20) + m02 * (m10 * m21 - m11 * m20);
}

async function parseModelPart(stream: Readable, partName: string): Promise<ModelPart> {
  const part: ModelPart = { unit: 'millimeter', objects: new Map(), items: [] };
  let current: MeshObject | undefined;
  let sawModel = false;
  await scanTags(stream, (name, attrSource, closing, selfClosing) => {
    if (closing) {
      if (name === 'object' && current) {
        part.objects.set(current.id, current);
        current = undefined;
      }
      return;
    }
    if (name === 'vertex' && current) {
      const a = attributes(attrSource);
      const x = Number(a.x);
      const y = Number(a.y);
      const z = Number(a.z);
      if (!Number.isFinite(x + y + z) || a.x === undefined || a.y === undefined || a.z === undefined) {
        throw new ModelRejection(
          `Not a valid 3MF: object ${current.id} has a vertex that is not three numbers`,
        );
      }
      current.vertices.push(x, y, z);
    } else if (name === 'triangle' && current) {
      const a = attributes(attrSource);
      const known = current.vertices.length;
      const corners = [Number(a.v1), Number(a.v2), Number(a.v3)];
      for (const corner of corners) {
        if (!Number.isInteger(corner) || corner < 0 || corner >= known) {
          throw new ModelRejection(
            `Not a valid 3MF: object ${current.id} has a triangle that refers to vertex ${Number.isNaN(corner) ? '?' : corner}, but only ${count(known)} are defined`,
          );
        }
      }
      if ((current.triangleCount + 1) * 3 > current.triangles.length) {
        current.triangles = grown(current.triangles, Math.max(3 * 1024, current.triangles.length * 2));
      }
      current.triangles.set(corners, current.triangleCount * 3);
      current.triangleCount++;
    } else if (name === 'object') {
      const a = attributes(attrSource);
      if (!a.id) throw new ModelRejection(`Not a valid 3MF: an object in "${partName}" has no id`);
      current = {
        id: a.id,
        name: a.name ?? '',
        vertices: new VertexList(),
        triangles: new Int32Array(0),
        triangleCount: 0,
        components: [],
      };
      if (selfClosing) {
        part.objects.set(current.id, current);
        current = undefined;
      }
    } else if (name === 'component' && current) {
      const a = attributes(attrSource);
      if (!a.objectid)
        throw new ModelRejection(`Not a valid 3MF: a component of object ${current.id} names no object`);
      current.components.push({
        objectId: a.objectid,
        path: a.path,
        transform: parseTransform(a.transform, `object ${current.id}`),
      });
    } else if (name === 'item') {
      const a = attributes(attrSource);
      if (!a.objectid) throw new ModelRejection('Not a valid 3MF: a build item names no object');
      part.items.push({
        objectId: a.objectid,
        path: a.path,
        transform: parseTransform(a.transform, 'a build item'),
      });
    } else if (name === 'model' && !sawModel) {
      sawModel = true;
      const unit = attributes(attrSource).unit ?? 'millimeter';
      if (!(unit in UNIT_MM))
        throw new ModelRejection(`Not a valid 3MF: unknown unit "${unit.slice(0, 40)}"`);
      part.unit = unit;
    }
  });
  if (!sawModel) throw new ModelRejection(`Not a valid 3MF: "${partName}" is not a 3D model part`);
  return part;
}

/** A volume of a PrusaSlicer object: its triangles firstid..lastid, in the order of its <triangles>. */
interface ConfigVolume {
  first: number;
  last: number;
  /** ModelPart, ParameterModifier, NegativeVolume, SupportBlocker or SupportEnforcer. */
  type?: string;
  /** Older files mark a modifier with key="modifier" value="1" instead of a volume_type. */
  modifier: boolean;
}

const PRUSA_CONFIG = 'metadata/slic3r_pe_model.config';

/**
 * The volumes of each object in PrusaSlicer's config, by object id; undefined if the config is damaged
 * or malformed, which leaves every triangle in as if there were no config.
 */
async function readVolumeConfig(
  zip: ZipFile,
  entry: Entry,
): Promise<Map<string, ConfigVolume[]> | undefined> {
  try {
    return await scanVolumeConfig(await entryStream(zip, entry));
  } catch {
    return undefined;
  }
}

async function scanVolumeConfig(stream: Readable): Promise<Map<string, ConfigVolume[]> | undefined> {
  const objects = new Map<string, ConfigVolume[]>();
  let object: ConfigVolume[] | undefined;
  let volume: ConfigVolume | undefined;
  let malformed = false;
  const index = (value: string | undefined) => (value && /^\d{1,10}$/.test(value) ? Number(value) : -1);
  await scanTags(stream, (name, attrSource, closing, selfClosing) => {
    if (closing) {
      if (name === 'object') object = undefined;
      if (name === 'volume') volume = undefined;
      return;
    }
    const a = attributes(attrSource);
    if (name === 'object') {
      if (a.id === undefined || objects.has(a.id)) malformed = true;
      object = [];
      objects.set(a.id ?? '', object);
    } else if (name === 'volume' && object) {
      volume = { first: index(a.firstid), last: index(a.lastid), modifier: false };
      if (volume.first < 0 || volume.last < volume.first) malformed = true;
      object.push(volume);
    } else if (name === 'metadata' && volume && a.type === 'volume') {
      if (a.key === 'volume_type') volume.type = a.value;
      if (a.key === 'modifier') volume.modifier = a.value === '1';
    }
    if (selfClosing && name === 'object') object = undefined;
    if (selfClosing && name === 'volume') volume = undefined;
  });
  return malformed ? undefined : objects;
}

/** The volume types PrusaSlicer does not print as solid part, as the product names them. */
const LEFT_OUT: Record<string, string> = {
  ParameterModifier: 'modifier',
  NegativeVolume: 'negative volume',
  SupportBlocker: 'support blocker',
  SupportEnforcer: 'support enforcer',
};

/** PrusaSlicer reads a type it does not know as ModelPart, and so do we. */
function volumeType(volume: ConfigVolume): string {
  const type = volume.type ?? (volume.modifier ? 'ParameterModifier' : 'ModelPart');
  return type in LEFT_OUT ? type : 'ModelPart';
}

/** "1 modifier, 2 negative volumes". */
function leftOutNote(leftOut: Record<string, number>): string {
  const kinds = Object.entries(leftOut).map(([type, n]) => `${n} ${LEFT_OUT[type]}${n === 1 ? '' : 's'}`);
  const negative = leftOut.NegativeVolume ? '; negative volumes are not cut out of the part' : '';
  return `Left out of the size and volume, as PrusaSlicer does not print them as part: ${kinds.join(', ')}${negative}`;
}

/**
 * Drops the triangles of every volume that is not a ModelPart (modifiers, negative volumes, support
 * blockers and enforcers) from the part's objects; answers how many volumes of each type were left
 * out. A config that does not fit the objects changes nothing.
 */
function keepModelParts(part: ModelPart, config: Map<string, ConfigVolume[]>): Record<string, number> {
  for (const [id, volumes] of config) {
    const object = part.objects.get(id);
    if (!object || volumes.some((volume) => volume.last >= object.triangleCount)) return {};
  }
  const leftOut: Record<string, number> = {};
  for (const [id, volumes] of config) {
    const object = part.objects.get(id);
    const dropped = volumes.filter((volume) => volumeType(volume) !== 'ModelPart');
    if (!object || dropped.length === 0) continue;
    const drop = new Uint8Array(object.triangleCount);
    for (const volume of dropped) {
      drop.fill(1, volume.first, volume.last + 1);
      leftOut[volumeType(volume)] = (leftOut[volumeType(volume)] ?? 0) + 1;
    }
    let kept = 0;
    for (let t = 0; t < object.triangleCount; t++) {
      if (drop[t]) continue;
      object.triangles.copyWithin(kept * 3, t * 3, t * 3 + 3);
      kept++;
    }
    object.triangleCount = kept;
  }
  return leftOut;
}

function normalise(name: string): string {
  return name.replace(/^\/+/, '').toLowerCase();
}

function modelPartName(relationships: string | undefined, names: Set<string>): string | undefined {
  if (relationships) {
    for (const match of relationships.matchAll(/<(?:\w+:)?Relationship\b([^>]*)>/g)) {
      const a = attributes(match[1] ?? '');
      if (a.Type?.endsWith('/3dmodel') && a.Target && names.has(normalise(a.Target)))
        return normalise(a.Target);
    }
  }
  return names.has('3d/3dmodel.model') ? '3d/3dmodel.model' : undefined;
}

/** Parses a 3MF archive's build into a mesh made by `newMesh`. */
export const parse3mfInto: MeshParser = async (upload, newMesh) => {
  const zip = await openZip(upload);
  try {
    if (zip.entryCount > ARCHIVE_LIMITS.maxEntries) {
      throw new ModelRejection(
        `Refused: 3MF archive holds ${count(zip.entryCount)} files (at most ${count(ARCHIVE_LIMITS.maxEntries)})`,
      );
    }
    const entries = await listEntries(zip);
    checkArchive(entries);
    const byName = new Map(entries.map((entry) => [normalise(entry.fileName), entry]));
    const rels = byName.get('_rels/.rels');
    const relationships = rels && rels.uncompressedSize < 1 << 20 ? await entryText(zip, rels) : undefined;
    const rootName = modelPartName(relationships, new Set(byName.keys()));
    const rootEntry = rootName ? byName.get(rootName) : undefined;
    if (!rootName || !rootEntry) throw new ModelRejection('Not a valid 3MF: no 3D model part found');

    const parts = new Map<string, ModelPart>();
    const loadPart = async (name: string): Promise<ModelPart> => {
      const known = parts.get(name);
      if (known) return known;
      const entry = byName.get(name);
      if (!entry)
        throw new ModelRejection(
          `Not a valid 3MF: a component refers to a missing part "${name.slice(0, 100)}"`,
        );
      try {
        const part = await parseModelPart(await entryStream(zip, entry), entry.fileName);
        parts.set(name, part);
        return part;
      } catch (error) {
        if (error instanceof ModelRejection) throw error;
        // Inflate errors, and yauzl stopping an entry that unpacks past its declared size.
        const detail = error instanceof Error ? error.message : String(error);
        throw new ModelRejection(
          `Not a valid 3MF: "${entry.fileName.slice(0, 100)}" is damaged (${detail.slice(0, 120)})`,
        );
      }
    };
    const root = await loadPart(rootName);
    if (root.items.length === 0) throw new ModelRejection('Not a valid 3MF: the build holds no items');
    const configEntry = byName.get(PRUSA_CONFIG);
    const config = configEntry && (await readVolumeConfig(zip, configEntry));
    const volumesLeftOut = config ? keepModelParts(root, config) : {};
    const scale = UNIT_MM[root.unit] ?? 1;
    const unitTransform: Transform = [scale, 0, 0, 0, scale, 0, 0, 0, scale, 0, 0, 0];

    // Parts referenced through the production extension (p:path) are parsed before expansion.
    const pending = [...root.items.map((item) => item.path)];
    for (const part of [root])
      for (const object of part.objects.values()) pending.push(...object.components.map((c) => c.path));
    for (let i = 0; i < pending.length; i++) {
      const path = pending[i];
      if (!path || parts.has(normalise(path))) continue;
      const part = await loadPart(normalise(path));
      for (const object of part.objects.values()) pending.push(...object.components.map((c) => c.path));
    }

    const mesh = newMesh();
    const objectNames = new Set<string>();
    let instances = 0;
    const emit = (partName: string, objectId: string, transform: Transform, depth: number): void => {
      if (++instances > THREEMF_LIMITS.maxInstances) {
        throw new ModelRejection(
          `Refused: the 3MF build places more than ${count(THREEMF_LIMITS.maxInstances)} objects`,
        );
      }
      const part = parts.get(partName);
      const object = part?.objects.get(objectId);
      if (!object)
        throw new ModelRejection(
          `Not a valid 3MF: the model refers to a missing object ${objectId.slice(0, 40)}`,
        );
      if (depth > THREEMF_LIMITS.maxComponentDepth)
        throw new ModelRejection('Not a valid 3MF: components nest too deeply');
      if (object.name) objectNames.add(object.name);
      if (mesh.triangleCount + object.triangleCount > THREEMF_LIMITS.maxTriangles) {
        throw new ModelRejection(
          `Refused: the 3MF build holds more than ${count(THREEMF_LIMITS.maxTriangles)} triangles`,
        );
      }
      addObjectTriangles(mesh, object, transform);
      for (const component of object.components) {
        const target = component.path ? normalise(component.path) : partName;
        emit(target, component.objectId, compose(component.transform, transform), depth + 1);
      }
    };
    for (const item of root.items) {
      emit(
        item.path ? normalise(item.path) : rootName,
        item.objectId,
        compose(item.transform, unitTransform),
        0,
      );
    }
    if (mesh.triangleCount === 0) throw new ModelRejection('Not a valid 3MF: the build holds no triangles');
    const metadata: { [key: string]: JsonValue } = {
      unit: root.unit,
      buildItems: root.items.length,
      objects: [...objectNames].slice(0, 20),
      parts: [...parts.keys()].length,
    };
    if (Object.keys(volumesLeftOut).length > 0) {
      metadata.volumesLeftOut = volumesLeftOut;
      metadata.note = leftOutNote(volumesLeftOut);
    }
    return { format: '3mf', mesh, metadata };
  } finally {
    zip.close();
  }
};

export const parse3mf = forAnalysis(parse3mfInto);

function addObjectTriangles(mesh: MeshSink, object: MeshObject, t: Transform): void {
  const [m00, m01, m02, m10, m11, m12, m20, m21, m22, m30, m31, m32] = t;
  // A mirroring transform turns the winding inside out; swap two corners to keep normals outward.
  const mirrored = determinant(t) < 0;
  const v = object.vertices.coordinates;
  const tri = object.triangles;
  const point = (index: number, out: Float64Array, at: number) => {
    const x = v[index * 3] ?? 0;
    const y = v[index * 3 + 1] ?? 0;
    const z = v[index * 3 + 2] ?? 0;
    out[at] = x * m00 + y * m10 + z * m20 + m30;
    out[at + 1] = x * m01 + y * m11 + z * m21 + m31;
    out[at + 2] = x * m02 + y * m12 + z * m22 + m32;
  };
  const p = new Float64Array(9);
  for (let i = 0; i < object.triangleCount; i++) {
    point(tri[i * 3] ?? 0, p, 0);
    point(tri[i * 3 + (mirrored ? 2 : 1)] ?? 0, p, 3);
    point(tri[i * 3 + (mirrored ? 1 : 2)] ?? 0, p, 6);
    mesh.addTriangle(p[0]!, p[1]!, p[2]!, p[3]!, p[4]!, p[5]!, p[6]!, p[7]!, p[8]!);
  }
}
