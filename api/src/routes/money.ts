// Money seen from each side: the payer's card page, the operator's earnings, payout statements and Stripe
// payouts set-up; claims on delivered jobs (the customer opens and disputes, the operator answers, staff
// decide) and their photos.
import {
  claimAnswerSchema,
  claimDecisionSchema,
  claimDisputeSchema,
  claimSchema,
} from '@printfarm/domain/claims';
import { payoutSetupSchema } from '@printfarm/domain/receipts';
import * as v from 'valibot';
import { requireOperator, requireRole, requireStaff, requireUser, userOf } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppRouter } from '../http/context.ts';
import { noStore } from '../http/noStore.ts';
import { farmQuerySchema, idParam } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { cardCheckoutUrl } from '../services/cardCheckout.ts';
import { answerClaim, claimPhoto, decideClaim, disputeClaim, openClaim } from '../services/claims.ts';
import { operatorEarnings, payoutStatementCsv } from '../services/earnings.ts';
import { PAYMENT_NOT_FOUND } from '../services/payments.ts';
import { startPayoutSetup } from '../services/payoutAccounts.ts';

const checkoutSchema = v.object({
  token: v.optional(v.pipe(v.string('Invalid order link'), v.maxLength(200, 'Invalid order link'))),
});

export function registerMoneyRoutes(router: AppRouter, { prisma, config, payments }: ApiDeps): void {
  const appUrl = config.PUBLIC_URL;

  router.get(
    '/api/operator/earnings',
    requireOperator,
    validate(farmQuerySchema, 'query'),
    noStore,
    async (ctx) => {
      ctx.body = await operatorEarnings(prisma, userOf(ctx), ctx.state.query.farmId, payments.name);
    },
  );

  // The payer's own card page (Stripe Checkout): a signed-in customer's, or a shopper's by the order link.
  router.post('/api/payments/:paymentId/checkout', validate(checkoutSchema), noStore, async (ctx) => {
    ctx.body = await cardCheckoutUrl(
      prisma,
      payments,
      { appUrl, linkSecret: config.SESSION_SECRET },
      { user: ctx.state.user ?? null, token: ctx.state.input.token },
      idParam(ctx, 'paymentId', PAYMENT_NOT_FOUND),
    );
  });

  router.post(
    '/api/operator/payouts/stripe',
    requireRole('operator'),
    validate(payoutSetupSchema),
    async (ctx) => {
      ctx.body = await startPayoutSetup(prisma, payments, appUrl, userOf(ctx), ctx.state.input);
    },
  );

  router.get('/api/operator/payouts/:payoutId/statement.csv', requireOperator, noStore, async (ctx) => {
    const { filename, csv } = await payoutStatementCsv(
      prisma,
      userOf(ctx),
      idParam(ctx, 'payoutId', 'Payout not found'),
    );
    ctx.set('Content-Disposition', `attachment; filename="${filename}"`);
    ctx.type = 'text/csv; charset=utf-8';
    ctx.body = csv;
  });

  router.post('/api/print-requests/:requestId/claim', requireUser, validate(claimSchema), async (ctx) => {
    await openClaim(
      prisma,
      appUrl,
      userOf(ctx),
      idParam(ctx, 'requestId', 'Print request not found'),
      ctx.state.input,
    );
    ctx.status = 201;
    ctx.body = { opened: true };
  });

  router.post(
    '/api/print-requests/:requestId/claim/dispute',
    requireUser,
    validate(claimDisputeSchema),
    async (ctx) => {
      const id = idParam(ctx, 'requestId', 'Print request not found');
      await disputeClaim(prisma, userOf(ctx), id, ctx.state.input.reason);
      ctx.body = { disputed: true };
    },
  );

  router.post(
    '/api/operator/jobs/:jobId/claim',
    requireOperator,
    validate(claimAnswerSchema),
    async (ctx) => {
      await answerClaim(prisma, appUrl, userOf(ctx), idParam(ctx, 'jobId', 'Job not found'), ctx.state.input);
      ctx.body = { answered: true };
    },
  );

  router.post(
    '/api/admin/claims/:claimId/decide',
    requireStaff,
    validate(claimDecisionSchema),
    async (ctx) => {
      await decideClaim(prisma, appUrl, idParam(ctx, 'claimId', 'Claim not found'), ctx.state.input);
      ctx.body = { decided: true };
    },
  );

  router.get('/api/claims/:claimId/photos/:photoId', requireUser, async (ctx) => {
    const photo = await claimPhoto(
      prisma,
      userOf(ctx),
      idParam(ctx, 'claimId', 'Photo not found'),
      idParam(ctx, 'photoId', 'Photo not found'),
    );
    ctx.set('Cache-Control', 'private, max-age=3600');
    ctx.type = photo.contentType;
    ctx.body = Buffer.from(photo.bytes);
  });
}
