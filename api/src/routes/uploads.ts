// POST /api/objects/upload: where the dashboard's uploader sends files (the tus endpoint).
// The tus protocol itself is served by uploads/server.ts, mounted as middleware in app.ts.
import { requireUser } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppRouter } from '../http/context.ts';
import { noStore } from '../http/noStore.ts';
import { presentUploadEndpoint } from '../presenters/upload.ts';
import { UPLOADS_PATH } from '../uploads/server.ts';

export function registerUploadRoutes(router: AppRouter, { config }: ApiDeps): void {
  router.post('/api/objects/upload', requireUser, noStore, async (ctx) => {
    ctx.body = presentUploadEndpoint(config.PUBLIC_URL, UPLOADS_PATH);
  });
}
