// The ZIP side of 3MF: reads the archive's directory through the upload's range reads and refuses
// archives that would expand too far before a single byte is inflated.
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { StoredUpload } from '../storage/uploads.ts';
import { count, ModelRejection, megabytes } from './reject.ts';

export const ARCHIVE_LIMITS = {
  maxEntries: 1_000,
  maxUncompressedBytes: 500_000_000,
  maxRatio: 100,
  /** Tiny parts (relationship files, thumbnails) may compress extremely well and are harmless. */
  ratioCheckFromBytes: 10 * 1024,
};

class UploadReader extends yauzl.RandomAccessReader {
  private readonly upload: StoredUpload;
  constructor(upload: StoredUpload) {
    super();
    this.upload = upload;
  }
  override _readStreamForRange(start: number, end: number): Readable {
    return this.upload.createReadStream({ start, end });
  }
}

export function openZip(upload: StoredUpload): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromRandomAccessReader(
      new UploadReader(upload),
      upload.size,
      { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true },
      (error, zip) =>
        error ? reject(new ModelRejection('Not a valid 3MF: the file is not a ZIP archive')) : resolve(zip),
    );
  });
}

function unsafePathReason(error: Error): string | undefined {
  const match = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(
    error.message,
  );
  return match ? `Refused: 3MF archive holds an unsafe path "${(match[2] ?? '').slice(0, 100)}"` : undefined;
}

export function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', (error: Error) =>
      reject(
        new ModelRejection(
          unsafePathReason(error) ?? `Not a valid 3MF: the ZIP directory is damaged (${error.message})`,
        ),
      ),
    );
    zip.readEntry();
  });
}

/** Refuses archives that would expand too far, before a single byte is inflated. */
export function checkArchive(entries: yauzl.Entry[]): void {
  const limits = ARCHIVE_LIMITS;
  let total = 0;
  for (const entry of entries) {
    total += entry.uncompressedSize;
    const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
    if (entry.uncompressedSize > limits.ratioCheckFromBytes && ratio > limits.maxRatio) {
      throw new ModelRejection(
        `Refused: 3MF archive would expand to ${megabytes(total)}: "${entry.fileName.slice(0, 100)}" is compressed ${count(ratio)}:1 (at most ${limits.maxRatio}:1)`,
      );
    }
  }
  if (total > limits.maxUncompressedBytes) {
    throw new ModelRejection(
      `Refused: 3MF archive would expand to ${megabytes(total)} (at most ${megabytes(limits.maxUncompressedBytes)})`,
    );
  }
}

export function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) =>
      error
        ? reject(new ModelRejection(`Not a valid 3MF: "${entry.fileName}" cannot be read (${error.message})`))
        : resolve(stream),
    );
  });
}

export async function entryText(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await entryStream(zip, entry)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
