// STLs that other tools read and exporters really write: a solid named with letters beyond ASCII, a
// UTF-8 byte order mark, a binary file whose writer left the triangle count at 0.
import { describe, expect, it } from 'vitest';
import { asciiStl, binaryStl, cubeMesh, triangles } from '../../../ops/fixtures/models/builders.ts';
import { memoryUpload } from '../storage/uploads.ts';
import { analyzeModel } from './analyze.ts';
import { sniffFormat } from './sniff.ts';

const cube = triangles(cubeMesh(20));

async function analysed(bytes: Uint8Array, fileName = 'part.stl') {
  const outcome = await analyzeModel(memoryUpload(bytes), fileName);
  if (outcome.status !== 'ready') throw new Error(outcome.reason);
  return outcome.analysis;
}

describe('ASCII STL', () => {
  const utf8Name = Buffer.from(asciiStl(cube, 'Körper1'));
  const latin1Name = Buffer.from(Buffer.from(asciiStl(cube, 'Körper1')).toString('utf8'), 'latin1');
  const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), asciiStl(cube, 'cube')]);

  it.each([
    ['a solid name in UTF-8', utf8Name],
    ['a solid name in Latin-1', latin1Name],
    ['a UTF-8 byte order mark', withBom],
  ])('reads a file with %s', async (_name, bytes) => {
    expect(sniffFormat(bytes, bytes.length)).toBe('stl');
    const analysis = await analysed(bytes);
    expect(analysis).toMatchObject({ format: 'stl', triangleCount: 12, watertight: true });
    expect(analysis.metadata.encoding).toBe('ascii');
    expect(analysis.volumeCm3).toBeCloseTo(8, 9);
  });

  it('keeps the name of the solid', async () => {
    expect((await analysed(utf8Name)).metadata.solidName).toBe('Körper1');
    expect((await analysed(withBom)).metadata.solidName).toBe('cube');
  });

  it('reads one written with a single triangle, its end line within the first bytes', async () => {
    const bytes = asciiStl(cube.slice(0, 1), 'Körper1');
    expect((await analysed(bytes)).triangleCount).toBe(1);
  });
});

describe('binary STL with no triangle count', () => {
  it('reads the triangles its size implies when the header says 0', async () => {
    const bytes = Buffer.from(binaryStl(cube, 'solid cube, count left at 0'));
    bytes.writeUInt32LE(0, 80);
    const analysis = await analysed(bytes);
    expect(analysis).toMatchObject({ format: 'stl', triangleCount: 12, watertight: true });
    expect(analysis.metadata.encoding).toBe('binary');
    expect(analysis.volumeCm3).toBeCloseTo(8, 9);
  });

  it('still refuses text named .stl whose size happens to fit the records', async () => {
    const text = Buffer.from(`${'a note, not a model. '.repeat(8)}`.padEnd(84 + 50 * 3, '.'));
    const outcome = await analyzeModel(memoryUpload(text), 'note.stl');
    expect(outcome).toMatchObject({ status: 'rejected', format: 'stl' });
  });
});
