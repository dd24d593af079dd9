// Which parser reads a file: decided by its content first, then by its name (modelFormatFromName in
// domain/upload.ts, the list the upload accepts).

import type { ModelFormat } from '@printfarm/domain/upload';
import { isBinaryStlSize, looksLikeAsciiStl } from './stl.ts';

export const HEAD_BYTES = 4096;

function isText(head: Uint8Array): boolean {
  for (const byte of head) {
    if (byte === 0 || (byte < 32 && byte !== 9 && byte !== 10 && byte !== 13 && byte !== 12)) return false;
  }
  return true;
}

/** The format the bytes show, or undefined when they show none. */
export function sniffFormat(head: Uint8Array, size: number): ModelFormat | undefined {
  const start = Buffer.from(head.buffer, head.byteOffset, Math.min(head.byteLength, 512)).toString('latin1');
  if (head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return '3mf';
  if (/^ply\r?\n/.test(start)) return 'ply';
  if (/^\s*ISO-10303-21\s*;/.test(start)) return 'step';
  if (isBinaryStlSize(head, size)) return 'stl';
  if (looksLikeAsciiStl(head)) return 'stl';
  // A trailing multi-byte character may be cut at the end of the head; look at whole lines only.
  const cut = head.subarray(0, Math.max(0, head.byteLength - 8));
  if (!isText(cut)) return undefined;
  const lines = Buffer.from(cut).toString('utf8').split(/\r?\n/).slice(0, 200);
  let objLines = 0;
  let gcodeLines = 0;
  for (const line of lines) {
    if (/^\s*(v|vn|vt|f|o|g|usemtl|mtllib)\s/.test(line)) objLines++;
    if (/^\s*(N\d+\s*)?[GM]\d+\b/i.test(line) || /^;\s*(generated|FLAVOR|estimated|layer)/i.test(line))
      gcodeLines++;
  }
  if (gcodeLines > objLines && gcodeLines > 0) return 'gcode';
  if (objLines > 0) return 'obj';
  return undefined;
}
