// POST /api/support: the dashboard's Support form (signed in) and the Contact Us page (anyone; a visitor
// gives a name and an e-mail).
import { supportContactSchema } from '@printfarm/domain/support';
import { currentUser } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppRouter } from '../http/context.ts';
import { ipKey } from '../http/rateLimit.ts';
import { validate } from '../http/validate.ts';
import { presentSupportMessage } from '../presenters/support.ts';
import { sendSupportMessage } from '../services/support.ts';

export function registerSupportRoutes(router: AppRouter, { prisma, config, rateLimits }: ApiDeps): void {
  router.post(
    '/api/support',
    rateLimits.limit({
      name: 'support',
      points: 10,
      durationSeconds: 3600,
      key: (ctx) => ctx.state.user?.id ?? ipKey(ctx),
    }),
    validate(supportContactSchema),
    async (ctx) => {
      const sent = await sendSupportMessage(prisma, currentUser(ctx), ctx.state.input, {
        staffEmails: config.STAFF_EMAILS,
        publicUrl: config.PUBLIC_URL,
      });
      ctx.status = 201;
      ctx.body = presentSupportMessage(sent);
    },
  );
}
