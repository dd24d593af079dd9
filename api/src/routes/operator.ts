// The operator area: the job inbox and every answer and report on a job, and the farm's settings.
// Operators see only their own farms' jobs (another farm's job answers 404); staff may open any farm.

import { printabilityContext } from '@printfarm/db/printability';
import { routeResponseMs } from '@printfarm/db/requests/responseTime';
import { farmSettingsSchema } from '@printfarm/domain/farmSettings';
import {
  counterOfferSchema,
  declineJobSchema,
  jobListQuerySchema,
  progressSchema,
  shipJobSchema,
} from '@printfarm/domain/printJob';
import type * as v from 'valibot';
import { requireOperator, userOf } from '../auth/guards.ts';
import { acceptJob } from '../commands/acceptJob.ts';
import { counterJob } from '../commands/counterJob.ts';
import { declineJob } from '../commands/declineJob.ts';
import { deliverJob } from '../commands/deliverJob.ts';
import type { JobActionContext } from '../commands/jobAction.ts';
import { reportProgress } from '../commands/reportProgress.ts';
import { shipJob } from '../commands/shipJob.ts';
import { startJob } from '../commands/startJob.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppContext, AppRouter } from '../http/context.ts';
import { noStore } from '../http/noStore.ts';
import { farmQuerySchema, pathId } from '../http/params.ts';
import { validate, validateInputs } from '../http/validate.ts';
import { presentFarmSettingsAnswer } from '../presenters/farmSettings.ts';
import { presentOperatorJob, presentOperatorSummary } from '../presenters/printJob.ts';
import {
  findManagedFarm,
  linkOrderingPage,
  listManagedFarms,
  loadFarmSettings,
  saveFarmSettings,
} from '../services/operatorFarm.ts';
import { countNewJobs, getOperatorJob, listOperatorJobs } from '../services/operatorJobs.ts';

const JOB_NOT_FOUND = 'Job not found';
const JOB_ID = pathId('jobId', JOB_NOT_FOUND);

export function registerOperatorRoutes(
  router: AppRouter,
  { prisma, config, publicFarms, networkPrinters }: ApiDeps,
): void {
  async function actionContext(ctx: AppContext): Promise<JobActionContext> {
    return {
      prisma,
      appUrl: config.PUBLIC_URL,
      user: userOf(ctx),
      responseMs: await routeResponseMs(prisma, config.ROUTE_RESPONSE_MS),
      claimWindowMs: config.CLAIM_WINDOW_MS,
    };
  }

  async function answerWithJob(ctx: AppContext, jobId: string) {
    const job = await getOperatorJob(prisma, userOf(ctx), jobId);
    ctx.body = presentOperatorJob(job, await printabilityContext(prisma, job.request.files, networkPrinters));
  }

  router.get(
    '/api/operator/jobs',
    requireOperator,
    validate(jobListQuerySchema, 'query'),
    noStore,
    async (ctx) => {
      const { query } = ctx.state;
      const jobs = await listOperatorJobs(prisma, userOf(ctx), query.state, query.farmId);
      const context = await printabilityContext(
        prisma,
        jobs.flatMap((job) => job.request.files),
      );
      ctx.body = jobs.map((job) => presentOperatorJob(job, context));
    },
  );

  router.get(
    '/api/operator/summary',
    requireOperator,
    validate(farmQuerySchema, 'query'),
    noStore,
    async (ctx) => {
      ctx.body = presentOperatorSummary(await countNewJobs(prisma, userOf(ctx), ctx.state.query.farmId));
    },
  );

  router.get('/api/operator/jobs/:jobId', requireOperator, noStore, async (ctx) => {
    await answerWithJob(ctx, JOB_ID.of(ctx));
  });

  /** One route per answer or report on a job: parse its body, act, answer with the job as it is now. */
  function jobAction<S extends v.GenericSchema>(
    action: string,
    schema: S | null,
    run: (context: JobActionContext, jobId: string, input: v.InferOutput<S>) => Promise<void>,
  ) {
    const path = `/api/operator/jobs/:jobId/${action}`;
    router.post(path, requireOperator, validateInputs({ body: schema }), noStore, async (ctx) => {
      const id = JOB_ID.of(ctx);
      await run(await actionContext(ctx), id, ctx.state.input);
      await answerWithJob(ctx, id);
    });
  }

  jobAction('accept', null, (context, id) => acceptJob(context, id));
  jobAction('decline', declineJobSchema, (context, id, input) => declineJob(context, id, input.reason));
  jobAction('counter', counterOfferSchema, counterJob);
  jobAction('start', null, (context, id) => startJob(context, id));
  jobAction('progress', progressSchema, (context, id, input) => reportProgress(context, id, input.percent));
  jobAction('ship', shipJobSchema, shipJob);
  jobAction('deliver', null, (context, id) => deliverJob(context, id));

  async function answerWithFarm(ctx: AppContext, farmId: string) {
    const { farm, jobsLast90Days } = await loadFarmSettings(prisma, farmId);
    const farms = await listManagedFarms(prisma, userOf(ctx));
    ctx.body = presentFarmSettingsAnswer(farm, jobsLast90Days, farms);
  }

  router.get(
    '/api/operator/farm',
    requireOperator,
    validate(farmQuerySchema, 'query'),
    noStore,
    async (ctx) => {
      await answerWithFarm(ctx, await findManagedFarm(prisma, userOf(ctx), ctx.state.query.farmId));
    },
  );

  router.put(
    '/api/operator/farm',
    requireOperator,
    validateInputs({ body: farmSettingsSchema, query: farmQuerySchema }),
    noStore,
    async (ctx) => {
      const id = await findManagedFarm(prisma, userOf(ctx), ctx.state.query.farmId);
      await saveFarmSettings(prisma, publicFarms, id, ctx.state.input);
      await answerWithFarm(ctx, id);
    },
  );

  router.post(
    '/api/operator/farm/ordering-page',
    requireOperator,
    validate(farmQuerySchema, 'query'),
    noStore,
    async (ctx) => {
      const id = await findManagedFarm(prisma, userOf(ctx), ctx.state.query.farmId);
      await linkOrderingPage(prisma, id);
      await answerWithFarm(ctx, id);
    },
  );
}
