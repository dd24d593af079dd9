// Reads a stored upload block by block into two buffers that are reused for the whole file. Stream
// chunks are a fresh allocation each, which the GC frees late: tens of MB of garbage on a big file.
import { type FileHandle, open } from 'node:fs/promises';
import type { StoredUpload } from '../storage/uploads.ts';

/** Receives bytes [0, length) of `view`; they are only valid until it returns. */
export type BlockHandler = (view: DataView, length: number) => void;

/**
 * Calls onBlock with the upload's bytes from `start` to its size, in blocks of exactly `blockBytes`
 * except the last, which may be shorter. Returns the number of bytes read.
 */
export async function forEachBlock(
  upload: StoredUpload,
  start: number,
  blockBytes: number,
  onBlock: BlockHandler,
): Promise<number> {
  // A file on local disk is read straight into our buffers; any other store is copied from its stream.
  if (upload.path !== undefined) return readFile(upload.path, start, upload.size, blockBytes, onBlock);
  const stream = upload.createReadStream({ start });
  const block = new Uint8Array(blockBytes);
  const view = new DataView(block.buffer);
  let filled = 0;
  let total = 0;
  for await (const piece of stream) {
    const chunk = piece as Uint8Array;
    for (let used = 0; used < chunk.length; ) {
      const taken = Math.min(blockBytes - filled, chunk.length - used);
      block.set(chunk.subarray(used, used + taken), filled);
      filled += taken;
      used += taken;
      if (filled === blockBytes) {
        onBlock(view, filled);
        total += filled;
        filled = 0;
      }
    }
  }
  if (filled > 0) onBlock(view, filled);
  return total + filled;
}

/** Reads the next block while the current one is handled: the disk and the CPU work side by side. */
async function readFile(
  path: string,
  start: number,
  end: number,
  blockBytes: number,
  onBlock: BlockHandler,
): Promise<number> {
  const handle = await open(path, 'r');
  const blocks = [new Uint8Array(blockBytes), new Uint8Array(blockBytes)];
  let reading = fill(handle, blocks[0]!, start, end);
  try {
    let total = 0;
    for (let turn = 0; ; turn ^= 1) {
      const length = await reading;
      total += length;
      if (length < blockBytes) reading = Promise.resolve(0);
      else reading = fill(handle, blocks[turn ^ 1]!, start + total, end);
      if (length > 0) onBlock(new DataView(blocks[turn]!.buffer, 0, length), length);
      if (length < blockBytes) return total;
    }
  } finally {
    // A handler that throws leaves a read under way: let it finish before closing the file.
    await reading.catch(() => 0);
    await handle.close();
  }
}

/** Fills `block` from `position`, stopping at `end` or the end of the file; returns the bytes read. */
async function fill(handle: FileHandle, block: Uint8Array, position: number, end: number): Promise<number> {
  let filled = 0;
  while (filled < block.length && position + filled < end) {
    const wanted = Math.min(block.length - filled, end - position - filled);
    const { bytesRead } = await handle.read(block, filled, wanted, position + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
  }
  return filled;
}
