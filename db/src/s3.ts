// One S3 client configuration for the API and the workers (uploads kept in S3 or a compatible service).
import { S3Client } from '@aws-sdk/client-s3';

export interface S3Settings {
  S3_REGION: string;
  S3_ENDPOINT?: string | undefined;
  S3_ACCESS_KEY_ID?: string | undefined;
  S3_SECRET_ACCESS_KEY?: string | undefined;
}

export function s3ClientConfig(settings: S3Settings) {
  return {
    region: settings.S3_REGION,
    // Path-style addressing is what S3-compatible services (MinIO, R2) expect behind a custom endpoint.
    ...(settings.S3_ENDPOINT ? { endpoint: settings.S3_ENDPOINT, forcePathStyle: true } : {}),
    ...(settings.S3_ACCESS_KEY_ID && settings.S3_SECRET_ACCESS_KEY
      ? {
          credentials: {
            accessKeyId: settings.S3_ACCESS_KEY_ID,
            secretAccessKey: settings.S3_SECRET_ACCESS_KEY,
          },
        }
      : {}),
  };
}

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client(s3ClientConfig(settings));
}

/** S3 reports a missing object as NoSuchKey (GET) or NotFound (HEAD). */
export function isMissingObject(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound';
}
