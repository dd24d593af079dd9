// The parsers and the slicer read local files. On local disk that is the upload itself; with S3 the
// object is first fetched into a private temporary folder, removed again once the work is done.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WorkerConfig } from '../config.ts';
import { createUploadBucket, type UploadBucket } from './s3.ts';

export interface LocalFile {
  /** Relative to uploadDir. */
  filePath: string;
  uploadDir: string;
}

export interface LocalCopies {
  /** Runs `use` with a local copy of the stored upload; `missing` when storage has no such object. */
  with<T>(storedPath: string, use: (local: LocalFile) => Promise<T>, missing: () => T): Promise<T>;
}

export function createLocalCopies(config: WorkerConfig): LocalCopies {
  const bucket: UploadBucket | null = createUploadBucket(config);
  return {
    async with(storedPath, use, missing) {
      if (!bucket) return use({ filePath: storedPath, uploadDir: config.UPLOAD_DIR });
      const folder = await mkdtemp(path.join(tmpdir(), 'printfarm-upload-'));
      try {
        if (!(await bucket.download(storedPath, path.join(folder, 'model')))) return missing();
        return await use({ filePath: 'model', uploadDir: folder });
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  };
}
