// The signed-in user's uploaded files: list, download (owner or staff) and delete (owner only).
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { requireUser, userOf } from '../auth/guards.ts';
import type { ApiDeps, AppRouter } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import { presentProjectFile } from '../presenters/projectFile.ts';
import { recordIdParam } from '../services/printRequests.ts';
import { deleteOwnFile, findReadableFile, listOwnFiles } from '../services/projectFiles.ts';
import { storedFilePath } from '../uploads/store.ts';

const CONTENT_TYPES: Record<string, string> = {
  stl: 'model/stl',
  obj: 'model/obj',
  '3mf': 'model/3mf',
  ply: 'application/octet-stream',
  step: 'model/step',
  gcode: 'text/x-gcode',
};

export function registerProjectFileRoutes(router: AppRouter, { prisma, config }: ApiDeps): void {
  router.get('/api/project-files', requireUser, async (ctx) => {
    const files = await listOwnFiles(prisma, userOf(ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = files.map(presentProjectFile);
  });

  router.get('/api/project-files/:fileId/download', requireUser, async (ctx) => {
    const id = recordIdParam(ctx.params.fileId);
    const file = await findReadableFile(prisma, userOf(ctx), id);
    const absolute = storedFilePath(config, file.filePath);
    const stats = absolute ? await stat(absolute).catch(() => null) : null;
    if (!absolute || !stats?.isFile()) throw notFound('The stored file is missing');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.attachment(file.originalFileName);
    ctx.type = CONTENT_TYPES[file.fileType] ?? 'application/octet-stream';
    ctx.length = stats.size;
    ctx.body = createReadStream(absolute);
  });

  router.delete('/api/project-files/:fileId', requireUser, async (ctx) => {
    const id = recordIdParam(ctx.params.fileId);
    await deleteOwnFile(prisma, userOf(ctx), id, (filePath) => storedFilePath(config, filePath));
    ctx.status = 204;
  });
}
