// Uploads kept in S3 by the API's tus store (@tus/s3-store: the object key is the upload id).
import { createWriteStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { createS3Client, isMissingObject } from '@printfarm/db/s3';
import type { WorkerConfig } from '../config.ts';

export interface UploadBucket {
  /** Writes the object to `destination`; false when there is no such object. */
  download(key: string, destination: string): Promise<boolean>;
}

export function createUploadBucket(config: WorkerConfig): UploadBucket | null {
  const bucket = config.S3_BUCKET;
  if (!bucket) return null;
  const client = createS3Client(config);
  return {
    async download(key, destination) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        await pipeline(object.Body as Readable, createWriteStream(destination));
        return true;
      } catch (error) {
        if (isMissingObject(error)) return false;
        throw error;
      }
    },
  };
}
