// Streams a text file line by line without holding more than one chunk and one line in memory.
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { count, ModelRejection } from './reject.ts';

const MAX_LINE_CHARS = 1 << 20;

/** Calls onLine for every line (without its line break); the number counts from 1. */
export async function forEachLine(
  stream: Readable,
  label: string,
  onLine: (line: string, lineNumber: number) => void,
): Promise<number> {
  const decoder = new StringDecoder('utf8');
  let carry = '';
  let lineNumber = 0;
  const emit = (line: string) => {
    lineNumber++;
    onLine(line.endsWith('\r') ? line.slice(0, -1) : line, lineNumber);
  };
  for await (const chunk of stream) {
    const text = carry + decoder.write(chunk as Buffer);
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      emit(text.slice(start, end));
      start = end + 1;
    }
    carry = text.slice(start);
    if (carry.length > MAX_LINE_CHARS) {
      stream.destroy();
      throw new ModelRejection(`Not a valid ${label}: line ${count(lineNumber + 1)} is longer than 1 MB`);
    }
  }
  carry += decoder.end();
  if (carry.length > 0) emit(carry);
  return lineNumber;
}

/** Splits on runs of spaces and tabs, dropping empty pieces. */
export function words(line: string): string[] {
  return line.trim().split(/[ \t]+/);
}
