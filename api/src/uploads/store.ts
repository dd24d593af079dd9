// Where tus keeps uploads: local disk under UPLOAD_DIR by default, S3 when S3_BUCKET is configured.
import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client, isMissingObject, s3ClientConfig } from '@printfarm/db/s3';
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
export type ReadableStore = DataStore & {
  read(id: string): Readable | Promise<Readable>;
  /** The SHA-256 of a finished upload when the store hashed it as it was written. */
  takeSha256?(id: string, size: number): string | undefined;
};

/** Uploads being hashed at once, at most; past it the oldest (abandoned, most likely) are forgotten. */
const MAX_HASHING = 10_000;

/**
 * A FileStore that hashes each upload as its bytes go to disk, so finishing a 100 MB upload does not read
 * it back. That holds for uploads whose every PATCH this process wrote in order from byte 0; any other
 * (resumed on another API process, say) is read back and hashed as before.
 */
export class HashingFileStore extends FileStore {
  private readonly hashing = new Map<string, { hash: Hash; bytes: number }>();

  override async write(readable: IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    let state = this.hashing.get(id);
    if (offset === 0) {
      state = { hash: createHash('sha256'), bytes: 0 };
      this.hashing.delete(id);
      this.hashing.set(id, state);
      for (const oldest of this.hashing.keys()) {
        if (this.hashing.size <= MAX_HASHING) break;
        this.hashing.delete(oldest);
      }
    }
    if (!state || state.bytes !== offset) {
      this.hashing.delete(id);
      return super.write(readable, id, offset);
    }
    const counted = state;
    const hashed = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        counted.hash.update(chunk);
        counted.bytes += chunk.length;
        done(null, chunk);
      },
    });
    // On a failed source, pipeline destroys `hashed` too, which fails the write below.
    pipeline(readable, hashed).catch(() => {});
    try {
      const written = await super.write(hashed, id, offset);
      // Every byte hashed went to disk (the write resolves only after the last one); anything else
      // means the two disagree, and the file is hashed from disk at the end.
      if (written !== counted.bytes) this.hashing.delete(id);
      return written;
    } catch (error) {
      this.hashing.delete(id);
      throw error;
    }
  }

  takeSha256(id: string, size: number): string | undefined {
    const state = this.hashing.get(id);
    this.hashing.delete(id);
    return state && state.bytes === size ? state.hash.digest('hex') : undefined;
  }

  override async remove(id: string): Promise<void> {
    this.hashing.delete(id);
    return super.remove(id);
  }
}

export function createUploadStore(config: ApiConfig): ReadableStore {
  const expirationPeriodInMilliseconds = config.UPLOAD_EXPIRATION_MS;
  if (config.S3_BUCKET) {
    return new S3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds,
      s3ClientConfig: { bucket: config.S3_BUCKET, ...s3ClientConfig(config) },
    });
  }
  return new HashingFileStore({
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

export interface StoredFile {
  size: number;
  stream: Readable;
}

/**
 * Finished uploads, wherever they live: on local disk a project file's filePath is relative to
 * UPLOAD_DIR; with S3 it is the tus upload id, which is also the object's key in the bucket.
 */
export interface StoredFiles {
  open(filePath: string): Promise<StoredFile | null>;
  remove(filePath: string): Promise<void>;
}

export function createStoredFiles(config: ApiConfig): StoredFiles {
  const bucket = config.S3_BUCKET;
  if (bucket) {
    const client = createS3Client(config);
    return {
      async open(filePath) {
        try {
          const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: filePath }));
          return { size: object.ContentLength ?? 0, stream: object.Body as Readable };
        } catch (error) {
          if (isMissingObject(error)) return null;
          throw error;
        }
      },
      async remove(filePath) {
        // @tus/s3-store keeps the upload's metadata beside it as `<id>.info`.
        await client.send(
          new DeleteObjectsCommand({
            Bucket: bucket,
            Delete: { Objects: [{ Key: filePath }, { Key: `${filePath}.info` }], Quiet: true },
          }),
        );
      },
    };
  }
  return {
    async open(filePath) {
      const absolute = storedFilePath(config, filePath);
      const stats = absolute ? await stat(absolute).catch(() => null) : null;
      if (!absolute || !stats?.isFile()) return null;
      return { size: stats.size, stream: createReadStream(absolute) };
    },
    async remove(filePath) {
      const absolute = storedFilePath(config, filePath);
      if (absolute) await rm(absolute, { force: true });
    },
  };
}
