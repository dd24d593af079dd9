// Where tus keeps uploads: local disk under UPLOAD_DIR by default, S3 when S3_BUCKET is configured.
import path from 'node:path';
import type { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/server';
import type { ApiConfig } from '../config.ts';

/** Unfinished tus uploads live here; finished files are moved to FINISHED_FOLDER. */
export const TUS_FOLDER = 'tus';
export const FINISHED_FOLDER = 'files';

export function usesS3(config: ApiConfig): boolean {
  return Boolean(config.S3_BUCKET);
}

/** A tus store that can also stream a stored upload back (FileStore and S3Store both can). */
export type ReadableStore = DataStore & { read(id: string): Readable | Promise<Readable> };

export function createUploadStore(config: ApiConfig): ReadableStore {
  const expirationPeriodInMilliseconds = config.UPLOAD_EXPIRATION_MS;
  if (config.S3_BUCKET) {
    return new S3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds,
      s3ClientConfig: {
        bucket: config.S3_BUCKET,
        region: config.S3_REGION,
        ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
        ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? {
              credentials: {
                accessKeyId: config.S3_ACCESS_KEY_ID,
                secretAccessKey: config.S3_SECRET_ACCESS_KEY,
              },
            }
          : {}),
      },
    });
  }
  return new FileStore({
    directory: path.join(config.UPLOAD_DIR, TUS_FOLDER),
    expirationPeriodInMilliseconds,
  });
}

/** The absolute path of a stored file from its project_files.filePath; never outside UPLOAD_DIR. */
export function storedFilePath(config: ApiConfig, filePath: string): string | null {
  const root = path.resolve(config.UPLOAD_DIR);
  const absolute = path.resolve(root, filePath);
  return absolute.startsWith(`${root}${path.sep}`) ? absolute : null;
}
