// Where tus keeps uploads: local disk under UPLOAD_DIR by default, S3 when S3_BUCKET is configured.
import { createHash, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { rm, stat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DeleteObjectsCommand, GetObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client, isMissingObject, s3ClientConfig } from '@printfarm/db/s3';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import { type DataStore, ERRORS } from '@tus/server';
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
 * What an upload's file stream holds before it holds the request back. The chunks that arrive while one
 * write runs are written together with the next (writev); FileStore's default (64 KB, one chunk) made
 * every chunk wait for the write before it: a 100 MB PATCH went at about 200 MB/s, with 1 MB here 246,
 * with 4 MB 290, where a plain PUT goes at 350 (ops/bench/uploads.ts). An upload holds that much memory
 * only while the disk is slower than its client.
 */
const WRITE_BUFFER_BYTES = 4 << 20;

/**
 * A FileStore that hashes each upload as its bytes go to disk, so finishing a 100 MB upload does not read
 * it back. That holds for uploads whose every PATCH this process wrote in order from byte 0; any other
 * (resumed on another API process, say) is read back and hashed as before. It writes with a larger
 * buffer than FileStore (WRITE_BUFFER_BYTES), otherwise as FileStore does.
 */
export class HashingFileStore extends FileStore {
  private readonly hashing = new Map<string, { hash: Hash; bytes: number }>();

  override async write(readable: IncomingMessage | Readable, id: string, offset: number): Promise<number> {
    if (offset === 0) {
      this.hashing.delete(id);
      this.hashing.set(id, { hash: createHash('sha256'), bytes: 0 });
      for (const oldest of this.hashing.keys()) {
        if (this.hashing.size <= MAX_HASHING) break;
        this.hashing.delete(oldest);
      }
    }
    const found = this.hashing.get(id);
    // Hashed only when every byte before this PATCH was hashed here.
    const state = found?.bytes === offset ? found : undefined;
    if (!state) this.hashing.delete(id);
    let received = 0;
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        state?.hash.update(chunk);
        received += chunk.length;
        done(null, chunk);
      },
    });
    const file = createWriteStream(this.pathOf(id), {
      flags: 'r+',
      start: offset,
      highWaterMark: WRITE_BUFFER_BYTES,
    });
    try {
      await pipeline(readable, counted, file);
    } catch {
      // Part of the body may be on disk: the upload's offset is the file's size, and its hash is read
      // back from disk at the end.
      this.hashing.delete(id);
      throw ERRORS.FILE_WRITE_ERROR;
    }
    if (state) state.bytes += received;
    return offset + received;
  }

  /** The upload's file, as FileStore finds it: never outside its folder (the API checks ids too). */
  private pathOf(id: string): string {
    const file = path.join(this.directory, id);
    if (!isInside(this.directory, file)) throw ERRORS.FILE_NOT_FOUND;
    return file;
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

/** Whether `file` lies inside `folder` (the folder itself does not count). */
function isInside(folder: string, file: string): boolean {
  return path.resolve(file).startsWith(`${path.resolve(folder)}${path.sep}`);
}

/** The absolute path of a stored file from its project_files.filePath; never outside UPLOAD_DIR. */
export function storedFilePath(config: ApiConfig, filePath: string): string | null {
  const absolute = path.resolve(config.UPLOAD_DIR, filePath);
  return isInside(config.UPLOAD_DIR, absolute) ? absolute : null;
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
