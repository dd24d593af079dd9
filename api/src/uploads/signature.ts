// A quick plausibility check of an upload's first bytes against its extension. It only refuses files
// that are clearly something else (a web page, an archive, a program, an image); the model.analyze job
// does the deep check.
import type { ModelFormat } from '@printfarm/domain/upload';

interface Signature {
  name: string;
  matches(head: Buffer): boolean;
}

const startsWith =
  (...bytes: number[]) =>
  (head: Buffer) =>
    bytes.every((byte, index) => head[index] === byte);

const FOREIGN_SIGNATURES: Signature[] = [
  { name: 'a ZIP archive', matches: startsWith(0x50, 0x4b, 0x03, 0x04) },
  { name: 'an executable program', matches: startsWith(0x7f, 0x45, 0x4c, 0x46) },
  { name: 'a PNG image', matches: startsWith(0x89, 0x50, 0x4e, 0x47) },
  { name: 'a JPEG image', matches: startsWith(0xff, 0xd8, 0xff) },
  { name: 'a GIF image', matches: (head) => /^GIF8[79]a/.test(head.subarray(0, 6).toString('latin1')) },
  { name: 'a PDF document', matches: (head) => head.subarray(0, 5).toString('latin1') === '%PDF-' },
  { name: 'a gzip archive', matches: startsWith(0x1f, 0x8b) },
  { name: 'a RAR archive', matches: (head) => head.subarray(0, 4).toString('latin1') === 'Rar!' },
  { name: 'a 7-Zip archive', matches: startsWith(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c) },
  {
    name: 'a web page',
    matches: (head) => /^\s*<(!doctype\s+html|html|head|body|script)\b/i.test(stripBom(head)),
  },
];

function stripBom(head: Buffer): string {
  return head.toString('utf8').replace(/^\uFEFF/, '');
}

function isZip(head: Buffer): boolean {
  return startsWith(0x50, 0x4b, 0x03, 0x04)(head);
}

/** Why the first bytes cannot be a file of this format, or null when they are plausible. */
export function signatureProblem(format: ModelFormat, head: Buffer, label: string): string | null {
  if (head.length === 0) return 'The file is empty';
  if (format === '3mf') return isZip(head) ? null : `Not a valid 3MF: ${label} is not a ZIP package`;
  if (format === 'step') {
    return /^\s*ISO-10303-21\s*;/.test(stripBom(head))
      ? null
      : `Not a valid STEP file: ${label} does not start with ISO-10303-21`;
  }
  if (format === 'ply') {
    return /^ply\r?\n/.test(stripBom(head))
      ? null
      : `Not a valid PLY file: ${label} does not start with 'ply'`;
  }
  const foreign = FOREIGN_SIGNATURES.find((signature) => signature.matches(head));
  if (foreign) return `Not a valid ${format.toUpperCase()} file: ${label} looks like ${foreign.name}`;
  return null;
}
