// Resumable uploads (tus) at /api/uploads. The Koa middleware runs after the session (the JSON body
// parser leaves tus's content type unread): it admits only signed-in users, lets a user touch only their
// own uploads, and hands the raw request to @tus/server. The session, never the client's metadata,
// decides who owns an upload.

import path from 'node:path';
import { UPLOAD_LIMITS } from '@printfarm/domain/upload';
import { EVENTS, Metadata, Server } from '@tus/server';
import type { Middleware } from 'koa';
import { sendNodeResponse } from 'srvx/node';
import type { SessionUser } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppContext, AppState } from '../http/context.ts';
import { HttpError } from '../http/errors.ts';
import { purgeExpiredUploads, releaseUpload } from '../services/uploadQuota.ts';
import { admitUpload } from './onCreate.ts';
import { finishUpload, type UploadHooks } from './onFinish.ts';
import { RedisLocker } from './redisLocker.ts';
import { uploadRequest } from './requestBody.ts';
import { createUploadStore, TUS_FOLDER, usesS3 } from './store.ts';
import { asJsonError, reject, requestUsers } from './tusAnswers.ts';

export const UPLOADS_PATH = '/api/uploads';

/**
 * The upload id in a path under /api/uploads, or undefined when the rest is not one id. The ownership
 * check and @tus/server both read the id here, so tus acts on exactly the upload that was checked
 * (its own reading takes the last segment of the whole URL, query string included). Ids are ours
 * (random hex): anything else, such as a path, never reaches the store.
 */
export function uploadIdOfPath(pathname: string): string | undefined {
  const id = pathname.slice(UPLOADS_PATH.length + 1);
  return pathname.startsWith(`${UPLOADS_PATH}/`) && /^[A-Za-z0-9_-]{1,100}$/.test(id) ? id : undefined;
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

  const hooks: UploadHooks = { config, prisma, datastore, localDisk, tusDir, quota };

  const tus = new Server({
    path: UPLOADS_PATH,
    datastore,
    maxSize: UPLOAD_LIMITS.maxFileSize,
    relativeLocation: true,
    getFileIdFromRequest: (req) => uploadIdOfPath(new URL(req.url).pathname),
    respectForwardedHeaders: config.TRUSTED_PROXIES > 0,
    locker: new RedisLocker(redis, { keyPrefix: `${config.QUEUE_PREFIX}:tus` }),
    onUploadCreate: (req, upload) => admitUpload(hooks, req, upload),
    async onUploadFinish(_req, upload) {
      return { headers: await finishUpload(hooks, upload) };
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
    const creating = ctx.path.length <= UPLOADS_PATH.length + 1;
    if (creating ? ctx.method !== 'POST' : !['HEAD', 'PATCH', 'DELETE'].includes(ctx.method)) {
      throw new HttpError(405, 'Method not allowed');
    }
    if (!creating) {
      // The address is the path alone: nothing after it (a query string) can name another upload.
      const id = ctx.url === ctx.path ? uploadIdOfPath(ctx.path) : undefined;
      if (!id || !(await ownedBy(user, id))) throw new HttpError(404, 'Upload not found');
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
