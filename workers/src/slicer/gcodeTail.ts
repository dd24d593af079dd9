// PrusaSlicer writes its estimates (time, filament) after the last move, near the end of the G-code:
// reading the tail is enough, however long the print.
import { open } from 'node:fs/promises';
import { type GcodeSummary, readSlicerComment } from '../geometry/gcode.ts';

const TAIL_BYTES = 64 * 1024;

export async function readGcodeTail(gcodePath: string): Promise<GcodeSummary> {
  const file = await open(gcodePath, 'r');
  try {
    const { size } = await file.stat();
    const start = Math.max(0, size - TAIL_BYTES);
    const tail = Buffer.alloc(size - start);
    const { bytesRead } = await file.read(tail, 0, tail.length, start);
    const lines = tail.subarray(0, bytesRead).toString('utf8').split('\n');
    // The first line of a tail that starts mid-file is cut short.
    if (start > 0) lines.shift();
    const summary: GcodeSummary = {};
    for (const line of lines) {
      if (line.startsWith(';')) readSlicerComment(line.trimEnd(), summary);
    }
    return summary;
  } finally {
    await file.close();
  }
}
