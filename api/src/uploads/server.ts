// Resumable uploads (tus) at /api/uploads. The Koa middleware runs after the session (the JSON body
// parser leaves tus's content type unread): it admits only signed-in users, lets a user touch only their
// own uploads, and hands the raw request to @tus/server. The session, never the client's metadata,
// decides who owns an upload.

import { createHash } from 'node:crypto';
import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isUuid } from '@printfarm/domain/ids';
import { modelFormatFromName, UPLOAD_LIMITS } from '@printfarm/domain/upload';
import { EVENTS, Metadata, Server, type Upload } from '@tus/server';
import type { Middleware } from 'koa';
import { sendNodeResponse } from 'srvx/node';
import type { SessionUser } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { findOwnPrintRequest } from '../services/printRequests.ts';
import { cleanFileName, type FinishedUpload, recordFinishedUpload } from '../services/projectFiles.ts';
import { purgeExpiredUploads, releaseUpload, reserveUpload } from '../services/uploadQuota.ts';
import { RedisLocker } from './redisLocker.ts';
import { uploadRequest } from './requestBody.ts';
import { signatureProblem } from './signature.ts';
import { createUploadStore, FINISHED_FOLDER, TUS_FOLDER, usesS3 } from './store.ts';

export const UPLOADS_PATH = '/api/uploads';

/** Who sent each request the tus server is handling; set by the middleware, read by the hooks. */
const requestUsers = new WeakMap<IncomingMessage, SessionUser>();

interface TusRejection {
  status_code: number;
  body: string;
}

const reject = (status_code: number, message: string): TusRejection => ({
  status_code,
  body: JSON.stringify({ message, fields: {} }),
});

/**
 * A refusal as every other answer of the API: JSON {message, fields}. @tus/server checks some headers
 * itself and answers in plain text ('Invalid upload-length', 'Tus-Resumable Required').
 */
async function asJsonError(answer: Response): Promise<Response> {
  const text = await answer.text();
  let body = text;
  try {
    if (typeof (JSON.parse(text) as { message?: unknown }).message !== 'string')
      throw new Error('no message');
  } catch {
    body = JSON.stringify({ message: text.trim() || 'Upload failed', fields: {} });
  }
  const headers = new Headers(answer.headers);
  headers.set('content-type', 'application/json');
  headers.set('content-length', String(Buffer.byteLength(body)));
  return new Response(body, { status: answer.status, headers });
}

/** The Node request behind the web Request @tus/server hands its hooks. */
function nodeRequestOf(req: unknown): IncomingMessage | undefined {
  return (req as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
}

function userOfTusRequest(req: unknown): SessionUser {
  const node = nodeRequestOf(req);
  const user = node ? requestUsers.get(node) : undefined;
  if (!user) throw reject(401, 'Authentication required');
  return user;
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

export interface UploadServer {
  middleware: Middleware<AppState>;
}

export function createUploadServer(deps: ApiDeps): UploadServer {
  const { config, prisma, redis, log, rateLimits } = deps;
  const datastore = createUploadStore(config);
  const localDisk = !usesS3(config);
  const tusDir = path.join(config.UPLOAD_DIR, TUS_FOLDER);
  const quota = { maxOpen: config.UPLOAD_MAX_OPEN, maxBytes: config.UPLOAD_QUOTA_BYTES };

  async function finish(upload: Upload): Promise<Record<string, string>> {
    const userId = upload.metadata?.userId;
    const originalFileName = cleanFileName(upload.metadata?.filename ?? '');
    const format = modelFormatFromName(originalFileName);
    if (!userId || !format) throw reject(400, 'This upload has no owner or file name');
    const head = await readHead(await datastore.read(upload.id), 512);
    const problem = signatureProblem(format, head, originalFileName);
    if (problem) {
      await datastore.remove(upload.id).catch(() => {});
      await releaseUpload(prisma, upload.id);
      throw reject(415, problem);
    }
    const size = upload.size ?? upload.offset;
    const sha256 =
      datastore.takeSha256?.(upload.id, size) ?? (await sha256Of(await datastore.read(upload.id)));
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
      if (error instanceof HttpError) {
        await releaseUpload(prisma, upload.id);
        throw reject(error.status, error.message);
      }
      throw error;
    }
  }

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    maxSize: UPLOAD_LIMITS.maxFileSize,
    relativeLocation: true,
    respectForwardedHeaders: config.TRUSTED_PROXIES > 0,
    locker: new RedisLocker(redis, { keyPrefix: `${config.QUEUE_PREFIX}:tus` }),
    async onUploadCreate(req, upload) {
      const user = userOfTusRequest(req);
      const fileName = cleanFileName(upload.metadata?.filename ?? upload.metadata?.name ?? '');
      if (!modelFormatFromName(fileName)) {
        throw reject(415, `Only ${UPLOAD_LIMITS.allowedExtensions.join(', ')} files can be uploaded`);
      }
      if (upload.sizeIsDeferred || !upload.size) throw reject(400, 'Upload-Length must be given and above 0');
      const printRequestId = upload.metadata?.printRequestId;
      if (printRequestId && !(await findOwnPrintRequest(prisma, user.id, printRequestId))) {
        throw reject(404, 'Print request not found');
      }
      const metadata: Record<string, string | null> = {
        filename: fileName,
        filetype: upload.metadata?.filetype ?? null,
        userId: user.id,
      };
      if (printRequestId) metadata.printRequestId = printRequestId;
      const uploadBatch = upload.metadata?.uploadBatch;
      if (uploadBatch && !isUuid(uploadBatch)) throw reject(400, 'The upload batch is not valid');
      if (uploadBatch && !printRequestId) metadata.uploadBatch = uploadBatch;
      try {
        await reserveUpload(prisma, quota, {
          uploadId: upload.id,
          userId: user.id,
          size: upload.size,
          expiresAt: new Date(Date.now() + config.UPLOAD_EXPIRATION_MS),
        });
      } catch (error) {
        if (error instanceof HttpError) throw reject(error.status, error.message);
        throw error;
      }
      return { metadata };
    },
    async onUploadFinish(_req, upload) {
      return { headers: await finish(upload) };
    },
    onResponseError(_req, error) {
      if ('status_code' in error) {
        if (error.body.startsWith('{')) return undefined;
        return reject(error.status_code, error.body.trim() || 'Upload failed');
      }
      log.error({ err: error }, 'upload failed');
      return reject(500, 'Something went wrong on our side. Please try again.');
    },
  });

  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
    releaseUpload(prisma, id).catch((error: unknown) =>
      log.warn({ err: error }, 'cancelled upload still counted'),
    );
  });
  if (localDisk) {
    tus.on(EVENTS.POST_FINISH, (_req, _res, upload) => {
      datastore
        .remove(upload.id)
        .catch((error: unknown) => log.warn({ err: error }, 'finished upload not tidied'));
    });
  }

  async function ownedBy(user: SessionUser, id: string): Promise<boolean> {
    try {
      const upload = await datastore.getUpload(id);
      return upload.metadata?.userId === user.id;
    } catch {
      return false;
    }
  }

  /** The raw request goes to @tus/server; its answer is written here (Koa stays out of it). */
  async function handOver(ctx: Parameters<Middleware<AppState>>[0]): Promise<void> {
    ctx.respond = false;
    try {
      const answer = await tus.handleWeb(uploadRequest({ req: ctx.req, res: ctx.res }));
      await sendNodeResponse(ctx.res, answer.status >= 400 ? await asJsonError(answer) : answer);
    } catch (error) {
      log.error({ err: error }, 'upload request failed');
      if (!ctx.res.headersSent) {
        ctx.res.writeHead(500, { 'content-type': 'application/json' });
        ctx.res.end(
          JSON.stringify({ message: 'Something went wrong on our side. Please try again.', fields: {} }),
        );
      } else {
        ctx.res.destroy();
      }
    }
  }

  const middleware: Middleware<AppState> = async (ctx, next) => {
    if (ctx.path !== UPLOADS_PATH && !ctx.path.startsWith(`${UPLOADS_PATH}/`)) return next();
    if (ctx.method === 'OPTIONS') return handOver(ctx);
    const user = ctx.state.user;
    if (!user) throw new HttpError(401, 'Authentication required');
    const id = ctx.path.slice(UPLOADS_PATH.length + 1);
    const creating = id === '';
    if (creating ? ctx.method !== 'POST' : !['HEAD', 'PATCH', 'DELETE'].includes(ctx.method)) {
      throw new HttpError(405, 'Method not allowed');
    }
    // Ids are ours (random hex): anything else, such as a path, never reaches the store.
    if (!creating && (!/^[A-Za-z0-9_-]{1,100}$/.test(id) || !(await ownedBy(user, id)))) {
      throw new HttpError(404, 'Upload not found');
    }
    // Each design is one upload: the concatenation extension (partial and final uploads) is not offered.
    if (ctx.get('upload-concat')) {
      throw new HttpError(405, 'Uploads cannot be concatenated: send each file as one upload');
    }
    if (creating) {
      await rateLimits.consume(ctx as unknown as AppContext, {
        name: 'upload-start',
        points: config.UPLOAD_STARTS_PER_10_MIN,
        durationSeconds: 600,
        key: () => user.id,
      });
    }
    if (creating && ctx.get('upload-metadata')) {
      try {
        Metadata.parse(ctx.get('upload-metadata'));
      } catch {
        throw new HttpError(400, 'Upload-Metadata is not valid');
      }
    }
    requestUsers.set(ctx.req, user);
    await handOver(ctx);
  };

  const cleanUp = async () => {
    try {
      await purgeExpiredUploads(prisma);
      return await tus.cleanUpExpiredUploads();
    } catch (error) {
      log.warn({ err: error }, 'expired upload clean-up failed');
      return 0;
    }
  };
  // Expired unfinished uploads are deleted on a timer that never keeps the process alive.
  setInterval(() => void cleanUp(), config.UPLOAD_CLEANUP_INTERVAL_MS).unref();

  return { middleware };
}
