// The tus hook that ends an upload: the file's first bytes must be what its name says, the finished
// file gets its name outside the tus folder, and the design is recorded (a project file, in a request).
import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { modelFormatFromName } from '@printfarm/domain/upload';
import type { Upload } from '@tus/server';
import type { ApiDeps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { cleanFileName, type FinishedUpload, recordFinishedUpload } from '../services/projectFiles.ts';
import { releaseUpload } from '../services/uploadQuota.ts';
import { signatureProblem } from './signature.ts';
import { type createUploadStore, FINISHED_FOLDER } from './store.ts';
import { reject } from './tusAnswers.ts';

/** What the upload hooks work with: the API's services and the upload store. */
export interface UploadHooks extends Pick<ApiDeps, 'config' | 'prisma'> {
  datastore: ReturnType<typeof createUploadStore>;
  /** Uploads on this machine's disk (not S3): finished files are linked out of the tus folder. */
  localDisk: boolean;
  tusDir: string;
  quota: { maxOpen: number; maxBytes: number };
}

async function readHead(stream: Readable, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= bytes) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, bytes);
}

async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(stream, hash);
  return hash.digest('hex');
}

/** Gives `from` a second name `to`; false when `to` already existed (a repeated finish). */
async function linkOrCopy(from: string, to: string): Promise<boolean> {
  try {
    await link(from, to);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EXDEV' && code !== 'EPERM' && code !== 'ENOTSUP') throw error;
  }
  await copyFile(from, to);
  return true;
}

export async function finishUpload(hooks: UploadHooks, upload: Upload): Promise<Record<string, string>> {
  const { config, prisma, datastore, localDisk, tusDir } = hooks;
  const userId = upload.metadata?.userId;
  const originalFileName = cleanFileName(upload.metadata?.filename ?? '');
  const format = modelFormatFromName(originalFileName);
  /** A refused upload keeps nothing: its stored bytes are deleted, then its reservation released. */
  const refuse = async (status: number, message: string) => {
    await datastore.remove(upload.id).catch(() => {});
    await releaseUpload(prisma, upload.id);
    return reject(status, message);
  };
  if (!userId || !format) throw await refuse(400, 'This upload has no owner or file name');
  const head = await readHead(await datastore.read(upload.id), 512);
  const problem = signatureProblem(format, head, originalFileName);
  if (problem) throw await refuse(415, problem);
  const size = upload.size ?? upload.offset;
  const sha256 = datastore.takeSha256?.(upload.id, size) ?? (await sha256Of(await datastore.read(upload.id)));
  let filePath = upload.id;
  let linked = false;
  if (localDisk) {
    // The finished file gets a second name outside the tus folder (a hard link, so no copy); the tus
    // name is removed once the response is sent (POST_FINISH), so expiry clean-up never sees it.
    const extension = path.extname(originalFileName).toLowerCase();
    filePath = path.posix.join(FINISHED_FOLDER, `${upload.id}${extension}`);
    await mkdir(path.join(config.UPLOAD_DIR, FINISHED_FOLDER), { recursive: true });
    linked = await linkOrCopy(path.join(tusDir, upload.id), path.join(config.UPLOAD_DIR, filePath));
  }
  const finished: FinishedUpload = {
    userId,
    uploadId: upload.id,
    originalFileName,
    fileSize: size,
    filePath,
    sha256,
    printRequestId: upload.metadata?.printRequestId ?? undefined,
    uploadBatch: upload.metadata?.uploadBatch ?? undefined,
  };
  try {
    const result = await recordFinishedUpload(prisma, finished);
    return { 'Upload-File-Id': result.fileId, 'Upload-Print-Request-Id': result.printRequestId };
  } catch (error) {
    if (linked) await rm(path.join(config.UPLOAD_DIR, filePath), { force: true });
    if (error instanceof HttpError) throw await refuse(error.status, error.message);
    throw error;
  }
}
