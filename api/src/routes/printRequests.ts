// The signed-in customer's print requests: the dashboard list and one request with its files.
import { requireUser, userOf } from '../auth/guards.ts';
import type { ApiDeps, AppRouter } from '../http/context.ts';
import { presentPrintRequest, presentPrintRequestSummary } from '../presenters/printRequest.ts';
import { getPrintRequest, listOwnPrintRequests, recordIdParam } from '../services/printRequests.ts';

export function registerPrintRequestRoutes(router: AppRouter, { prisma }: ApiDeps): void {
  router.get('/api/print-requests', requireUser, async (ctx) => {
    const requests = await listOwnPrintRequests(prisma, userOf(ctx));
    ctx.set('Cache-Control', 'no-store');
    ctx.body = requests.map(presentPrintRequestSummary);
  });

  router.get('/api/print-requests/:requestId', requireUser, async (ctx) => {
    const id = recordIdParam(ctx.params.requestId);
    const request = await getPrintRequest(prisma, userOf(ctx), id);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentPrintRequest(request);
  });
}
