// The 3MF tag scanner: tags split across chunks, comments and declarations skipped, and time that grows
// with the input, not its square, whatever a crafted model part holds.
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ModelRejection } from './reject.ts';
import { scanTags } from './xmlTags.ts';

type Tag = [name: string, attrs: string, closing: boolean, selfClosing: boolean];

/** The text as a stream of chunks of `size` characters. */
function chunked(text: string, size: number): Readable {
  const bytes = Buffer.from(text);
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return Readable.from(chunks);
}

async function tagsOf(stream: Readable): Promise<Tag[]> {
  const tags: Tag[] = [];
  await scanTags(stream, (...tag) => tags.push(tag));
  return tags;
}

describe('scanTags', () => {
  const model = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!-- a comment -->',
    '<model unit="millimeter" xmlns:p="http://schemas.microsoft.com/3dmanufacturing/production/2015/06">',
    ' <resources><object id="1" type="model"><mesh><vertices>',
    '  <vertex x="0" y="0" z="0"/><vertex x="10" y="0" z="0" />',
    ' </vertices></mesh></object></resources>',
    ' <build><p:item objectid="1" p:path="/3D/part.model"/></build>',
    '</model>',
  ].join('\n');

  it('finds every tag, whatever the chunks', async () => {
    const whole = await tagsOf(chunked(model, 1 << 16));
    expect(whole.map(([name, , closing, selfClosing]) => [name, closing, selfClosing])).toEqual([
      ['model', false, false],
      ['resources', false, false],
      ['object', false, false],
      ['mesh', false, false],
      ['vertices', false, false],
      ['vertex', false, true],
      ['vertex', false, true],
      ['vertices', true, false],
      ['mesh', true, false],
      ['object', true, false],
      ['resources', true, false],
      ['build', false, false],
      ['item', false, true],
      ['build', true, false],
      ['model', true, false],
    ]);
    expect(whole[5]?.[1]).toBe(' x="0" y="0" z="0"');
    for (const size of [1, 2, 3, 7, 64]) expect(await tagsOf(chunked(model, size))).toEqual(whole);
  });

  it('scans 400 KB of unclosed tags in linear time', async () => {
    let text = '';
    for (let i = 0; i < 400_000; i++) text += 'abcdefghijklmnopqrstuvwxyz<'[Math.floor(Math.random() * 27)];
    const started = performance.now();
    expect(await tagsOf(chunked(text, 1 << 16))).toEqual([]);
    expect(performance.now() - started).toBeLessThan(500);
  });

  it('still refuses a tag longer than 1 MB', async () => {
    await expect(tagsOf(chunked(`<model${' '.repeat(1_100_000)}`, 1 << 16))).rejects.toThrow(ModelRejection);
  });
});
