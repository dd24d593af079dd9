// The signed-in user's uploaded files: list, download (owner or staff) and delete (owner only).
import { printabilityContext } from '@printfarm/db/printability';
import { requireUser, userOf } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppRouter } from '../http/context.ts';
import { notFound } from '../http/errors.ts';
import { noStore } from '../http/noStore.ts';
import { idParam } from '../http/params.ts';
import { presentProjectFile } from '../presenters/projectFile.ts';
import { deleteOwnFile, findReadableFile, listOwnFiles } from '../services/projectFiles.ts';
import { createStoredFiles } from '../uploads/store.ts';

const CONTENT_TYPES: Record<string, string> = {
  stl: 'model/stl',
  obj: 'model/obj',
  '3mf': 'model/3mf',
  ply: 'application/octet-stream',
  step: 'model/step',
  gcode: 'text/x-gcode',
};

export function registerProjectFileRoutes(
  router: AppRouter,
  { prisma, config, networkPrinters }: ApiDeps,
): void {
  const storedFiles = createStoredFiles(config);
  router.get('/api/project-files', requireUser, noStore, async (ctx) => {
    const files = await listOwnFiles(prisma, userOf(ctx));
    const context = await printabilityContext(prisma, files, networkPrinters);
    ctx.body = files.map((file) =>
      presentProjectFile(file, { technology: file.printRequest.technology, context }),
    );
  });

  router.get('/api/project-files/:fileId/download', requireUser, async (ctx) => {
    const id = idParam(ctx, 'fileId');
    const file = await findReadableFile(prisma, userOf(ctx), id);
    const stored = await storedFiles.open(file.filePath);
    if (!stored) throw notFound('The stored file is missing');
    ctx.set('Cache-Control', 'private, no-store');
    ctx.attachment(file.originalFileName);
    ctx.type = CONTENT_TYPES[file.fileType] ?? 'application/octet-stream';
    ctx.length = stored.size;
    ctx.body = stored.stream;
  });

  router.delete('/api/project-files/:fileId', requireUser, async (ctx) => {
    const id = idParam(ctx, 'fileId');
    await deleteOwnFile(prisma, userOf(ctx), id, storedFiles);
    ctx.status = 204;
  });
}
