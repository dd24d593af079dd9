import { readFileSync } from 'node:fs';
import { scaleMetrics } from '@printfarm/domain/units';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Entry } from 'yauzl';
import {
  asciiStl,
  binaryStl,
  cube3mf,
  cubeMesh,
  inverted,
  obj,
  opened,
  plyAscii,
  plyBinary,
  randomBytes,
  sphereMesh,
  sphereMeshVolumeMm3,
  threeMf,
  threeMfModel,
  threeMfObject,
  triangles,
} from '../../../ops/fixtures/models/builders.ts';
import { prusaTwoVolumes3mf, prusaVolumesConfig } from '../../../tests/fixtures/models/prusa3mf.ts';
import { memoryUpload } from '../storage/uploads.ts';
import { type AnalysisOutcome, analyzeModel, type ModelAnalysis } from './analyze.ts';
import { checkArchive } from './zipArchive.ts';

async function analyze(bytes: Uint8Array, fileName: string): Promise<AnalysisOutcome> {
  return analyzeModel(memoryUpload(bytes), fileName);
}

async function ready(bytes: Uint8Array, fileName: string): Promise<ModelAnalysis> {
  const outcome = await analyze(bytes, fileName);
  if (outcome.status !== 'ready') throw new Error(`expected ready, got: ${outcome.reason}`);
  return outcome.analysis;
}

async function rejected(bytes: Uint8Array, fileName: string): Promise<string> {
  const outcome = await analyze(bytes, fileName);
  if (outcome.status !== 'rejected') throw new Error(`expected a rejection of ${fileName}`);
  return outcome.reason;
}

function expectSolidCube(analysis: ModelAnalysis, size = 20) {
  expect(analysis.triangleCount).toBe(12);
  expect(analysis.bbox).toEqual({ x: size, y: size, z: size });
  expect(analysis.volumeCm3?.toFixed(3)).toBe(((size / 10) ** 3).toFixed(3));
  expect(analysis.surfaceAreaCm2?.toFixed(2)).toBe((6 * (size / 10) ** 2).toFixed(2));
  expect(analysis.shellCount).toBe(1);
  expect(analysis.openEdgeCount).toBe(0);
  expect(analysis.nonManifoldEdgeCount).toBe(0);
  expect(analysis.watertight).toBe(true);
  expect(analysis.invertedNormals).toBe(false);
  // Its only downward face lies on the plate.
  expect(analysis.overhangAreaCm2).toBe(0);
  expect(analysis.supportVolumeCm3).toBe(0);
}

const cube = cubeMesh(20);

describe('STL', () => {
  it('measures a 20 mm binary cube: 8.000 cm³, 24.00 cm², watertight, fits every technology', async () => {
    const analysis = await ready(binaryStl(triangles(cube)), 'cube.stl');
    expect(analysis.format).toBe('stl');
    expectSolidCube(analysis);
    expect(analysis.fitsBuildVolume).toMatchObject({ 'FFF/FDM': true, 'SLA/Resin': true, Other: true });
    expect(analysis.metadata.encoding).toBe('binary');
  });

  it('keeps full precision, so a part drawn in metres measures right once scaled (no 0 cm³)', async () => {
    // A 44 × 14 × 47 mm part exported in metres: 0.044 × 0.014 × 0.047 "mm" as parsed.
    const box = {
      vertices: cubeMesh(1).vertices.map(([x, y, z]) => [x * 0.044, y * 0.014, z * 0.047]),
      faces: cube.faces,
    };
    const analysis = await ready(binaryStl(triangles(box as typeof cube)), 'ADIS16480.STL');
    const real = scaleMetrics({ ...analysis, bbox: analysis.bbox }, 'm');
    expect(real.volumeCm3).toBeCloseTo(28.952, 2);
    expect(real.surfaceAreaCm2).toBeCloseTo((2 * (44 * 14 + 14 * 47 + 44 * 47)) / 100, 2);
    expect(real.bbox?.x).toBeCloseTo(44, 3);
    expect(real.bbox?.z).toBeCloseTo(47, 3);
  });

  it('reads a binary STL whose header starts with "solid" as binary', async () => {
    const analysis = await ready(binaryStl(triangles(cube), 'solid cube exported by a CAD tool'), 'cube.stl');
    expect(analysis.metadata.encoding).toBe('binary');
    expectSolidCube(analysis);
  });

  it('measures the same cube written as ASCII', async () => {
    const analysis = await ready(asciiStl(triangles(cube)), 'cube.stl');
    expect(analysis.metadata.encoding).toBe('ascii');
    expectSolidCube(analysis);
  });

  it('keeps the volume of an inverted cube and flags its normals', async () => {
    const analysis = await ready(binaryStl(triangles(inverted(cube))), 'inverted.stl');
    expect(analysis.volumeCm3?.toFixed(3)).toBe('8.000');
    expect(analysis.invertedNormals).toBe(true);
    expect(analysis.watertight).toBe(true);
  });

  it('flags an open box as not watertight and counts its open edges', async () => {
    const analysis = await ready(binaryStl(triangles(opened(cube))), 'open.stl');
    expect(analysis.watertight).toBe(false);
    expect(analysis.openEdgeCount).toBe(4);
    expect(analysis.triangleCount).toBe(10);
  });

  it('measures a sphere of radius 10 mm within 0.5 % of 4/3πr³', async () => {
    const sphere = sphereMesh(10, 256, 128);
    const analysis = await ready(binaryStl(triangles(sphere)), 'sphere.stl');
    const ideal = ((4 / 3) * Math.PI * 1000) / 1000;
    expect(Math.abs((analysis.volumeCm3 ?? 0) - ideal) / ideal).toBeLessThan(0.005);
    expect(analysis.volumeCm3 ?? 0).toBeCloseTo(sphereMeshVolumeMm3(sphere) / 1000, 3);
    expect(Math.abs((analysis.surfaceAreaCm2 ?? 0) - 4 * Math.PI) / (4 * Math.PI)).toBeLessThan(0.005);
    expect(analysis.watertight).toBe(true);
    expect(analysis.shellCount).toBe(1);
    expect(analysis.bbox?.z).toBeCloseTo(20, 3);
  });

  it('counts two separate cubes as two shells, and a shared edge of four faces as non-manifold', async () => {
    const two = [...triangles(cube), ...triangles(cubeMesh(10, [50, 0, 0]))];
    const shells = await ready(binaryStl(two), 'two.stl');
    expect(shells.shellCount).toBe(2);
    expect(shells.volumeCm3?.toFixed(3)).toBe('9.000');
    const touching = [...triangles(cube), ...triangles(cubeMesh(20, [20, 20, 0]))];
    const edge = await ready(binaryStl(touching), 'touching.stl');
    expect(edge.nonManifoldEdgeCount).toBe(1);
    expect(edge.watertight).toBe(false);
  });

  it('handles vertices shared by tens of thousands of triangles (cone apex and base centre)', async () => {
    const segments = 50_000;
    const vertices: Array<[number, number, number]> = [
      [0, 0, 30],
      [0, 0, 0],
    ];
    for (let i = 0; i < segments; i++) {
      const angle = (2 * Math.PI * i) / segments;
      vertices.push([10 * Math.cos(angle), 10 * Math.sin(angle), 0]);
    }
    const faces: number[][] = [];
    for (let i = 0; i < segments; i++) {
      const a = 2 + i;
      const b = 2 + ((i + 1) % segments);
      faces.push([0, a, b], [1, b, a]);
    }
    const analysis = await ready(binaryStl(triangles({ vertices, faces })), 'cone.stl');
    expect(analysis.triangleCount).toBe(100_000);
    expect(analysis.watertight).toBe(true);
    expect(analysis.invertedNormals).toBe(false);
    // A cone of radius 10 mm and height 30 mm: π r² h / 3 = 3.1416 cm³.
    expect(analysis.volumeCm3 ?? 0).toBeCloseTo(Math.PI, 3);
  });

  it('rejects a truncated binary STL with both counts', async () => {
    const whole = binaryStl(triangles(cube));
    expect(await rejected(whole.subarray(0, whole.length - 30), 'cut.stl')).toBe(
      'Not a valid STL: header says 12 triangles, file holds 11',
    );
  });

  it('rejects a header that lies about its triangle count', async () => {
    const lying = Buffer.from(binaryStl(triangles(cube)));
    lying.writeUInt32LE(2_000_000, 80);
    expect(await rejected(lying, 'liar.stl')).toBe(
      'Not a valid STL: header says 2,000,000 triangles, file holds 12',
    );
  });

  it('rejects random bytes named .stl', async () => {
    expect(await rejected(randomBytes(5_000), 'noise.stl')).toMatch(
      /^Not a valid STL: header says [\d,]+ triangles, file holds 98$/,
    );
    expect(await rejected(randomBytes(40), 'tiny.stl')).toBe('Not a valid STL: the file holds only 40 bytes');
  });

  it('rejects coordinates that are not numbers', async () => {
    const bytes = Buffer.from(binaryStl(triangles(cube)));
    bytes.writeFloatLE(Number.NaN, 84 + 12);
    expect(await rejected(bytes, 'nan.stl')).toBe(
      'Not a valid STL: triangle 1 has a coordinate that is not a number',
    );
  });

  it('rejects an ASCII STL with a broken vertex line', async () => {
    const text = Buffer.from(asciiStl(triangles(cube)))
      .toString()
      .replace('vertex 20 0 0', 'vertex 20 zero 0');
    expect(await rejected(strToU8(text), 'bad.stl')).toMatch(
      /^Not a valid STL: line \d+ is not a vertex of three numbers$/,
    );
  });
});

describe('OBJ', () => {
  it('fan-triangulates quads and measures the cube', async () => {
    expectSolidCube(await ready(obj(cube), 'cube.obj'));
  });

  it('reads v/vt/vn corners and negative indices', async () => {
    expectSolidCube(await ready(obj(cube, { slashes: true }), 'cube.obj'));
    expectSolidCube(await ready(obj(cube, { relative: true }), 'cube.obj'));
  });

  it('rejects a face that refers to a missing vertex', async () => {
    const text = [
      'v 0 0 0',
      'v 1 0 0',
      'v 0 1 0',
      'v 0 0 1',
      'v 1 1 0',
      'v 1 0 1',
      'f 1 2 3',
      'f 1 2 9',
      'v 1 1 1',
      'v 2 2 2',
    ].join('\n');
    // Line 8 refers to vertex 9 while only 6 are defined so far.
    expect(await rejected(strToU8(text), 'bad.obj')).toBe(
      'Not a valid OBJ: face on line 8 refers to vertex 9, but only 6 are defined',
    );
  });

  it('rejects a file without faces', async () => {
    expect(await rejected(strToU8('v 0 0 0\nv 1 0 0\n'), 'points.obj')).toBe(
      'Not a valid OBJ: the file holds no faces',
    );
  });
});

describe('PLY', () => {
  it('reads ASCII, binary little endian and binary big endian with extra properties', async () => {
    expectSolidCube(await ready(plyAscii(cube), 'cube.ply'));
    expectSolidCube(await ready(plyBinary(cube, true), 'cube.ply'));
    expectSolidCube(await ready(plyBinary(cube, false), 'cube.ply'));
  });

  it('rejects a header that declares more vertices than the file holds', async () => {
    const bytes = plyBinary({ vertices: cube.vertices.concat(cube.vertices.slice(0, 4)), faces: [] }, true, {
      vertices: 1_000,
      faces: 6,
    });
    expect(await rejected(bytes, 'short.ply')).toBe(
      'Not a valid PLY: header declares 1,000 vertices, file ends after 12',
    );
  });

  it('rejects ASCII data that does not match the declared counts', async () => {
    expect(await rejected(plyAscii(cube, { vertices: 10 }), 'wrong.ply')).toMatch(
      /^Not a valid PLY: header declares 10 vertices, but data line 9 does not hold one$/,
    );
    expect(await rejected(plyAscii(cube, { faces: 4 }), 'more.ply')).toMatch(
      /^Not a valid PLY: data continues after the elements the header declares/,
    );
    expect(await rejected(plyBinary(cube, true, { faces: 5 }), 'more.ply')).toBe(
      'Not a valid PLY: the file holds more data than the header declares',
    );
  });
});

describe('3MF', () => {
  it('measures a cube from the model part named in _rels/.rels', async () => {
    const analysis = await ready(cube3mf(20), 'cube.3mf');
    expect(analysis.format).toBe('3mf');
    expectSolidCube(analysis);
  });

  it('converts units to millimetres', async () => {
    const analysis = await ready(cube3mf(2, 'centimeter'), 'cube.3mf');
    expect(analysis.bbox).toEqual({ x: 20, y: 20, z: 20 });
    expect(analysis.volumeCm3?.toFixed(3)).toBe('8.000');
    expect(analysis.metadata.unit).toBe('centimeter');
  });

  it('expands components and applies component and build-item transforms', async () => {
    const resources = [
      threeMfObject(1, cubeMesh(10)),
      // Object 2 places object 1 twice: once as is, once scaled ×2 and moved 30 mm along x.
      `<object id="2" type="model"><components>
        <component objectid="1"/>
        <component objectid="1" transform="2 0 0 0 2 0 0 0 2 30 0 0"/>
      </components></object>`,
    ].join('\n');
    const model = threeMfModel(resources, '<item objectid="2" transform="1 0 0 0 1 0 0 0 1 0 0 5"/>');
    const analysis = await ready(threeMf(model), 'assembly.3mf');
    expect(analysis.triangleCount).toBe(24);
    expect(analysis.volumeCm3?.toFixed(3)).toBe('9.000');
    expect(analysis.bbox).toEqual({ x: 50, y: 20, z: 20 });
    expect(analysis.shellCount).toBe(2);
  });

  it('follows production-extension components into other model parts (Bambu Studio, Orca)', async () => {
    const root = threeMfModel(
      `<object id="2" type="model"><components>
        <component p:path="/3D/Objects/object_1.model" objectid="1" transform="1 0 0 0 1 0 0 0 1 10 10 0"/>
      </components></object>`,
      '<item objectid="2" transform="1 0 0 0 1 0 0 0 1 100 100 0" printable="1"/>',
    ).replace('<model ', '<model xmlns:p="http://schemas.microsoft.com/3dmanufacturing/production/2015/06" ');
    const part = threeMfModel(threeMfObject(1, cubeMesh(20)), '');
    const analysis = await ready(
      threeMf(root, { extra: { '3D/Objects/object_1.model': strToU8(part) } }),
      'plate.3mf',
    );
    expectSolidCube(analysis);
    expect(analysis.metadata.parts).toBe(2);
  });

  it.each(['ParameterModifier', 'NegativeVolume', 'SupportBlocker', 'SupportEnforcer'] as const)(
    'leaves a PrusaSlicer %s volume out of the part, as PrusaSlicer does',
    async (type) => {
      // prusa-slicer --info on this file: 20 × 20 × 20 mm, 8,000 mm³, 12 facets, 1 part.
      const analysis = await ready(prusaTwoVolumes3mf(prusaVolumesConfig(type)), 'modifier.3mf');
      expectSolidCube(analysis);
      expect(analysis.metadata.volumesLeftOut).toEqual({ [type]: 1 });
      expect(analysis.metadata.note).toMatch(
        /^Left out of the size and volume, as PrusaSlicer does not print them as part: 1 [a-z ]+(; negative volumes are not cut out of the part)?$/,
      );
      expect(String(analysis.metadata.note).endsWith('are not cut out of the part')).toBe(
        type === 'NegativeVolume',
      );
    },
  );

  it("reads older PrusaSlicer files' modifier flag", async () => {
    const analysis = await ready(prusaTwoVolumes3mf(prusaVolumesConfig('legacy modifier')), 'modifier.3mf');
    expectSolidCube(analysis);
    expect(analysis.metadata.volumesLeftOut).toEqual({ ParameterModifier: 1 });
    expect(analysis.metadata.note).toBe(
      'Left out of the size and volume, as PrusaSlicer does not print them as part: 1 modifier',
    );
  });

  it('keeps every triangle without a PrusaSlicer config, or with one that does not fit the objects', async () => {
    const broken = [
      null,
      '<config><object id="1"><volume firstid="0" lastid="11"/><volume firstid="12" lastid="24"><metadata type="volume" key="volume_type" value="ParameterModifier"/></volume></object></config>',
      '<config><object id="7"><volume firstid="12" lastid="23"><metadata type="volume" key="volume_type" value="ParameterModifier"/></volume></object></config>',
      '<config><object id="1"><volume firstid="" lastid="23"><metadata type="volume" key="volume_type" value="ParameterModifier"/></volume></object></config>',
      '<config><object id="1"><volume firstid="12" lastid="23"><metadata type="volume" key="volume_type" value="ParameterModifier"',
    ];
    for (const config of broken) {
      const analysis = await ready(prusaTwoVolumes3mf(config), 'modifier.3mf');
      expect(analysis.bbox).toEqual({ x: 40, y: 20, z: 20 });
      expect(analysis.volumeCm3?.toFixed(3)).toBe('9.000');
      expect(analysis.shellCount).toBe(2);
      expect(analysis.metadata.volumesLeftOut).toBeUndefined();
    }
    for (const type of ['ModelPart', 'SomeFutureType']) {
      const twoParts = await ready(prusaTwoVolumes3mf(prusaVolumesConfig(type)), 'parts.3mf');
      expect(twoParts.volumeCm3?.toFixed(3)).toBe('9.000');
    }
  });

  it('keeps normals outward under a mirroring transform', async () => {
    const model = threeMfModel(
      threeMfObject(1, cubeMesh(20)),
      '<item objectid="1" transform="-1 0 0 0 1 0 0 0 1 0 0 0"/>',
    );
    const analysis = await ready(threeMf(model), 'mirrored.3mf');
    expect(analysis.invertedNormals).toBe(false);
    expect(analysis.volumeCm3?.toFixed(3)).toBe('8.000');
  });

  it('finds 3D/3dmodel.model without relationships, and rejects an archive without a model part', async () => {
    expectSolidCube(
      await ready(
        threeMf(threeMfModel(threeMfObject(1, cube), '<item objectid="1"/>'), { withRels: false }),
        'x.3mf',
      ),
    );
    expect(await rejected(threeMf(undefined), 'empty.3mf')).toBe('Not a valid 3MF: no 3D model part found');
  });

  it('refuses a zip bomb before unpacking it', async () => {
    const bomb = zipSync({ '3D/3dmodel.model': new Uint8Array(20 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    expect(await rejected(bomb, 'bomb.3mf')).toMatch(
      /^Refused: 3MF archive would expand to 21 MB: "3D\/3dmodel.model" is compressed [\d,]+:1 \(at most 100:1\)$/,
    );
  });

  it('stops an entry that unpacks past the size it declares', async () => {
    const honest = Buffer.from(zipSync({ '3D/3dmodel.model': strToU8(' '.repeat(5_000_000)) }, { level: 9 }));
    // Make both the local header and the central directory claim 1,000 bytes.
    const local = honest.indexOf(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
    const central = honest.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    honest.writeUInt32LE(1_000, local + 22);
    honest.writeUInt32LE(1_000, central + 24);
    expect(await rejected(honest, 'liar.3mf')).toMatch(
      /^Not a valid 3MF: "3D\/3dmodel.model" is damaged \(too many bytes/,
    );
  });

  it('refuses an archive whose entries add up to more than 500 MB', () => {
    const entry = (fileName: string, uncompressedSize: number) =>
      ({ fileName, uncompressedSize, compressedSize: uncompressedSize / 10 }) as Entry;
    expect(() => checkArchive([entry('3D/a.model', 300_000_000), entry('3D/b.model', 300_000_000)])).toThrow(
      'Refused: 3MF archive would expand to 600 MB (at most 500 MB)',
    );
    expect(() => checkArchive([entry('3D/a.model', 300_000_000)])).not.toThrow();
  });

  it('refuses archives with too many entries', async () => {
    const files: Record<string, Uint8Array> = {};
    for (let i = 0; i < 1_001; i++) files[`Metadata/f${i}.txt`] = strToU8('x');
    expect(await rejected(zipSync(files), 'many.3mf')).toBe(
      'Refused: 3MF archive holds 1,001 files (at most 1,000)',
    );
  });

  it('refuses absolute and parent-directory paths', async () => {
    const model = threeMfModel(threeMfObject(1, cube), '<item objectid="1"/>');
    expect(await rejected(threeMf(model, { extra: { '../evil.txt': strToU8('x') } }), 'evil.3mf')).toBe(
      'Refused: 3MF archive holds an unsafe path "../evil.txt"',
    );
    expect(await rejected(threeMf(model, { extra: { '/etc/passwd': strToU8('x') } }), 'evil.3mf')).toBe(
      'Refused: 3MF archive holds an unsafe path "/etc/passwd"',
    );
  });

  it('rejects a ZIP that is not a 3MF, and a triangle pointing past the vertices', async () => {
    expect(await rejected(randomBytes(3_000), 'noise.3mf')).toBe(
      'Not a valid 3MF: the file is not a ZIP archive',
    );
    const broken = threeMfModel(
      '<object id="1"><mesh><vertices><vertex x="0" y="0" z="0"/></vertices><triangles><triangle v1="0" v2="1" v3="2"/></triangles></mesh></object>',
      '<item objectid="1"/>',
    );
    expect(await rejected(threeMf(broken), 'broken.3mf')).toBe(
      'Not a valid 3MF: object 1 has a triangle that refers to vertex 1, but only 1 are defined',
    );
  });
});

describe('stored samples', () => {
  it.each(['cube-20mm.stl', 'cube-20mm-ascii.stl', 'cube-20mm.obj', 'cube-20mm.ply', 'cube-20mm.3mf'])(
    '%s is a watertight 8.000 cm³ cube',
    async (name) => {
      const bytes = readFileSync(new URL(`../../../tests/fixtures/models/${name}`, import.meta.url));
      expectSolidCube(await ready(bytes, name));
    },
  );
});

describe('format sniffing', () => {
  it('reads the content, not the name', async () => {
    const analysis = await ready(binaryStl(triangles(cube)), 'really-an-stl.obj');
    expect(analysis.format).toBe('stl');
    expect(await rejected(strToU8('hello'), 'notes.txt')).toBe(
      'Unsupported file type: .txt is not a 3D model format we read',
    );
    expect(await rejected(new Uint8Array(0), 'empty.stl')).toBe('Not a valid STL: the file is empty');
  });
});
