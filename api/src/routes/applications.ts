// Operator applications: anyone may apply (POST); staff list and update them.
import { applicationSchema, applicationUpdateSchema } from '@printfarm/domain/application';
import { requireStaff } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppRouter } from '../http/context.ts';
import { noStore } from '../http/noStore.ts';
import { idParam } from '../http/params.ts';
import { ipKey } from '../http/rateLimit.ts';
import { validate } from '../http/validate.ts';
import { presentApplication, presentApplicationForStaff } from '../presenters/application.ts';
import { listApplications, submitApplication, updateApplication } from '../services/applications.ts';
import { readSettings } from '../services/network.ts';

export function registerApplicationRoutes(router: AppRouter, { prisma, config, rateLimits }: ApiDeps): void {
  router.post(
    '/api/applications',
    rateLimits.limit({ name: 'application-submit', points: 10, durationSeconds: 3600, key: ipKey }),
    validate(applicationSchema),
    async (ctx) => {
      const followUpMs =
        config.APPLICATION_FOLLOWUP_DELAY_MS ??
        (await readSettings(prisma)).system.applicationFollowUpHours * 3_600_000;
      const application = await submitApplication(prisma, ctx.state.input, followUpMs);
      ctx.status = 201;
      ctx.body = presentApplication(application);
    },
  );

  router.get('/api/applications', requireStaff, noStore, async (ctx) => {
    ctx.body = (await listApplications(prisma)).map(presentApplicationForStaff);
  });

  router.patch(
    '/api/applications/:applicationId',
    requireStaff,
    validate(applicationUpdateSchema),
    async (ctx) => {
      const application = await updateApplication(
        prisma,
        idParam(ctx, 'applicationId', 'Application not found'),
        ctx.state.input,
      );
      ctx.body = presentApplicationForStaff(application);
    },
  );
}
