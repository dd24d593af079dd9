// Reads a stored upload. Only local disk today; an S3 store implements the same small interface.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';

export interface StoredUpload {
  /** Bytes in the file. */
  size: number;
  /** Where the file is on local disk, when it is: readers may then read it in place. */
  path?: string;
  /** Streams bytes [start, end) — end is exclusive and defaults to the end of the file. */
  createReadStream(range?: { start?: number; end?: number }): Readable;
}

/** The stored file the row points at is not there (deleted, or never written). */
export class UploadMissingError extends Error {
  constructor(filePath: string) {
    super(`stored upload not found: ${filePath}`);
    this.name = 'UploadMissingError';
  }
}

export interface UploadStoreOptions {
  uploadDir: string;
}

/** Resolves project_files.file_path inside the upload directory, refusing paths that escape it. */
export function uploadPath(filePath: string, { uploadDir }: UploadStoreOptions): string {
  const root = path.resolve(uploadDir);
  const absolute = path.resolve(root, filePath);
  if (absolute !== root && absolute.startsWith(root + path.sep)) return absolute;
  throw new UploadMissingError(filePath);
}

export async function openUpload(filePath: string, options: UploadStoreOptions): Promise<StoredUpload> {
  const absolute = uploadPath(filePath, options);
  const info = await stat(absolute).catch(() => undefined);
  if (!info?.isFile()) throw new UploadMissingError(filePath);
  return localFile(absolute, info.size);
}

/** A file on local disk as a StoredUpload (also used by tests and the benchmark). */
export function localFile(absolutePath: string, size: number): StoredUpload {
  return {
    size,
    path: absolutePath,
    createReadStream(range = {}) {
      const start = range.start ?? 0;
      const end = range.end ?? size;
      // fs streams take an inclusive end; an empty range still needs an (empty) stream.
      return createReadStream(absolutePath, { start, end: Math.max(start, end) - 1, highWaterMark: 1 << 20 });
    },
  };
}

/** Reads bytes [start, end) into one buffer; used for headers and small formats. */
export async function readRange(upload: StoredUpload, start: number, end: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  if (end <= start) return Buffer.alloc(0);
  for await (const chunk of upload.createReadStream({ start, end })) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A StoredUpload over bytes in memory (tests, fixtures built on the fly). */
export function memoryUpload(bytes: Uint8Array): StoredUpload {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {
    size: buffer.length,
    createReadStream(range = {}) {
      const start = range.start ?? 0;
      const end = Math.max(start, range.end ?? buffer.length);
      const slice = buffer.subarray(start, end);
      const parts: Buffer[] = [];
      for (let offset = 0; offset < slice.length; offset += 1 << 16)
        parts.push(slice.subarray(offset, offset + (1 << 16)));
      return Readable.from(parts);
    },
  };
}
