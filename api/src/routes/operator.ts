// The operator area: the job inbox and every answer and report on a job, and the farm's settings.
// Operators see only their own farms' jobs (another farm's job answers 404); staff may open any farm.

import { routeResponseMs } from '@printfarm/db/printRequests';
import { farmSettingsSchema } from '@printfarm/domain/farmSettings';
import {
  counterOfferSchema,
  declineJobSchema,
  jobListQuerySchema,
  progressSchema,
  shipJobSchema,
} from '@printfarm/domain/printJob';
import * as v from 'valibot';
import { requireRole, userOf } from '../auth/guards.ts';
import type { ApiDeps, AppContext, AppRouter } from '../http/context.ts';
import { idParam } from '../http/params.ts';
import { parseInput } from '../http/validate.ts';
import { presentFarmSettings } from '../presenters/farmSettings.ts';
import { presentOperatorJob } from '../presenters/printJob.ts';
import {
  findManagedFarm,
  linkOrderingPage,
  listManagedFarms,
  loadFarmSettings,
  saveFarmSettings,
} from '../services/operatorFarm.ts';
import {
  acceptJob,
  counterJob,
  countNewJobs,
  declineJob,
  deliverJob,
  getOperatorJob,
  type JobActionContext,
  listOperatorJobs,
  reportProgress,
  shipJob,
  startJob,
} from '../services/operatorJobs.ts';

const requireOperator = requireRole('operator', 'staff');
const JOB_NOT_FOUND = 'Job not found';
const farmQuerySchema = v.object({
  farmId: v.optional(v.pipe(v.string('Invalid farm'), v.uuid('Invalid farm'))),
});

export function registerOperatorRoutes(router: AppRouter, { prisma, config }: ApiDeps): void {
  async function actionContext(ctx: AppContext): Promise<JobActionContext> {
    return {
      prisma,
      appUrl: config.PUBLIC_URL,
      user: userOf(ctx),
      responseMs: await routeResponseMs(prisma, config.ROUTE_RESPONSE_MS),
    };
  }

  async function answerWithJob(ctx: AppContext, jobId: string) {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = presentOperatorJob(await getOperatorJob(prisma, userOf(ctx), jobId));
  }

  router.get('/api/operator/jobs', requireOperator, async (ctx) => {
    const query = parseInput(ctx, jobListQuerySchema, 'query');
    const jobs = await listOperatorJobs(prisma, userOf(ctx), query.state, query.farmId);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = jobs.map(presentOperatorJob);
  });

  router.get('/api/operator/summary', requireOperator, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { newJobs: await countNewJobs(prisma, userOf(ctx)) };
  });

  router.get('/api/operator/jobs/:jobId', requireOperator, async (ctx) => {
    await answerWithJob(ctx, idParam(ctx, 'jobId', JOB_NOT_FOUND));
  });

  router.post('/api/operator/jobs/:jobId/accept', requireOperator, async (ctx) => {
    const id = idParam(ctx, 'jobId', JOB_NOT_FOUND);
    await acceptJob(await actionContext(ctx), id);
    await answerWithJob(ctx, id);
  });

  router.post('/api/operator/jobs/:jobId/decline', requireOperator, async (ctx) => {
    const input = parseInput(ctx, declineJobSchema);
    const id = idParam(ctx, 'jobId', JOB_NOT_FOUND);
    await declineJob(await actionContext(ctx), id, input.reason);
    await answerWithJob(ctx, id);
  });

  router.post('/api/operator/jobs/:jobId/counter', requireOperator, async (ctx) => {
    const input = parseInput(ctx, counterOfferSchema);
    const id = idParam(ctx, 'jobId', JOB_NOT_FOUND);
    await counterJob(await actionContext(ctx), id, input);
    await answerWithJob(ctx, id);
  });

  router.post('/api/operator/jobs/:jobId/start', requireOperator, async (ctx) => {
    const id = idParam(ctx, 'jobId', JOB_NOT_FOUND);
    await startJob(await actionContext(ctx), id);
    await answerWithJob(ctx, id);
  });

  router.post('/api/operator/jobs/:jobId/progress', requireOperator, async (ctx) => {
    const input = parseInput(ctx, progressSchema);
    const id = idParam(ctx, 'jobId', JOB_NOT_FOUND);
    await reportProgress(await actionContext(ctx), id, input.percent);
    await answerWithJob(ctx, id);
  });

  router.post('/api/operator/jobs/:jobId/ship', requireOperator, async (ctx) => {
    const input = parseInput(ctx, shipJobSchema);
    const id = idParam(ctx, 'jobId', JOB_NOT_FOUND);
    await shipJob(await actionContext(ctx), id, input);
    await answerWithJob(ctx, id);
  });

  router.post('/api/operator/jobs/:jobId/deliver', requireOperator, async (ctx) => {
    const id = idParam(ctx, 'jobId', JOB_NOT_FOUND);
    await deliverJob(await actionContext(ctx), id);
    await answerWithJob(ctx, id);
  });

  async function answerWithFarm(ctx: AppContext, farmId: string) {
    const { farm, jobsLast90Days } = await loadFarmSettings(prisma, farmId);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = {
      farm: presentFarmSettings(farm, jobsLast90Days),
      farms: (await listManagedFarms(prisma, userOf(ctx))).map((f) => ({
        id: f.id,
        name: f.displayName,
        location: `${f.city}, ${f.state}`,
      })),
    };
  }

  router.get('/api/operator/farm', requireOperator, async (ctx) => {
    const { farmId } = parseInput(ctx, farmQuerySchema, 'query');
    await answerWithFarm(ctx, await findManagedFarm(prisma, userOf(ctx), farmId));
  });

  router.put('/api/operator/farm', requireOperator, async (ctx) => {
    const input = parseInput(ctx, farmSettingsSchema);
    const { farmId } = parseInput(ctx, farmQuerySchema, 'query');
    const id = await findManagedFarm(prisma, userOf(ctx), farmId);
    await saveFarmSettings(prisma, id, input);
    await answerWithFarm(ctx, id);
  });

  router.post('/api/operator/farm/ordering-page', requireOperator, async (ctx) => {
    const { farmId } = parseInput(ctx, farmQuerySchema, 'query');
    const id = await findManagedFarm(prisma, userOf(ctx), farmId);
    await linkOrderingPage(prisma, id);
    await answerWithFarm(ctx, id);
  });
}
