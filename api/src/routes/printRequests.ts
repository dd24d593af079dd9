// The signed-in customer's print requests: the list, one request, its choices and 'Get quotes', the
// offers and accepting one, cancelling, requesting again, answering a counter-offer and rating the
// delivered job.

import { moneyTerms } from '@printfarm/db/payments/flow';
import { printabilityContext } from '@printfarm/db/printability';
import {
  acceptOfferSchema,
  cancelRequestSchema,
  printRequestChoicesSchema,
  ratingSchema,
} from '@printfarm/domain/printRequest';
import { requireUser, type SessionUser, userOf } from '../auth/guards.ts';
import { acceptOffer } from '../commands/acceptOffer.ts';
import { answerCounterOffer } from '../commands/answerCounterOffer.ts';
import { cancelPrintRequest } from '../commands/cancelPrintRequest.ts';
import { rateDeliveredJob } from '../commands/rateDeliveredJob.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppContext, AppRouter } from '../http/context.ts';
import { conflict } from '../http/errors.ts';
import { noStore } from '../http/noStore.ts';
import { idParam, pathId } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { presentOffer } from '../presenters/offer.ts';
import { presentPrintRequest, presentPrintRequestSummary } from '../presenters/printRequest.ts';
import { listOffers } from '../services/offers.ts';
import { submitPrintRequest, updatePrintRequestChoices } from '../services/printRequestChoices.ts';
import { getPrintRequest, listOwnPrintRequests } from '../services/printRequests.ts';
import { requestAgain } from '../services/requestAgain.ts';

const REQUEST_NOT_FOUND = 'Print request not found';
const REQUEST_ID = pathId('requestId', REQUEST_NOT_FOUND);

/**
 * GET /api/print-requests/:id's answer for `user` (404 when it is not theirs): also what the server
 * renders the request's screen from (http/screens.ts).
 */
export function printRequestReader({ prisma, networkPrinters }: Pick<ApiDeps, 'prisma' | 'networkPrinters'>) {
  return async (user: SessionUser, id: string) => {
    const request = await getPrintRequest(prisma, user, id);
    return presentPrintRequest(
      request,
      await printabilityContext(prisma, request.files, networkPrinters),
      (await moneyTerms(prisma)).instructions,
    );
  };
}

export function registerPrintRequestRoutes(
  router: AppRouter,
  { prisma, config, networkPrinters, payments }: ApiDeps,
): void {
  const appUrl = config.PUBLIC_URL;

  const readRequest = printRequestReader({ prisma, networkPrinters });

  /** Answers with the request as it is now, so every action returns what the screen shows next. */
  async function answerWithRequest(ctx: AppContext, id: string) {
    ctx.body = await readRequest(userOf(ctx), id);
  }

  router.get('/api/print-requests', requireUser, noStore, async (ctx) => {
    const requests = await listOwnPrintRequests(prisma, userOf(ctx));
    ctx.body = requests.map(presentPrintRequestSummary);
  });

  router.get('/api/print-requests/:requestId', requireUser, noStore, async (ctx) => {
    await answerWithRequest(ctx, REQUEST_ID.of(ctx));
  });

  router.patch(
    '/api/print-requests/:requestId',
    requireUser,
    validate(printRequestChoicesSchema),
    noStore,
    async (ctx) => {
      const id = REQUEST_ID.of(ctx);
      await updatePrintRequestChoices(prisma, userOf(ctx), id, ctx.state.input);
      await answerWithRequest(ctx, id);
    },
  );

  router.post('/api/print-requests/:requestId/submit', requireUser, noStore, async (ctx) => {
    const id = REQUEST_ID.of(ctx);
    await submitPrintRequest(prisma, userOf(ctx), id);
    await answerWithRequest(ctx, id);
  });

  router.post(
    '/api/print-requests/:requestId/cancel',
    requireUser,
    validate(cancelRequestSchema),
    noStore,
    async (ctx) => {
      const id = REQUEST_ID.of(ctx);
      await cancelPrintRequest(prisma, appUrl, userOf(ctx), id, ctx.state.input.reason);
      await answerWithRequest(ctx, id);
    },
  );

  // 'Request again': a new draft with the same files and choices; a second click answers the same draft.
  router.post('/api/print-requests/:requestId/again', requireUser, noStore, async (ctx) => {
    const again = await requestAgain(prisma, userOf(ctx), REQUEST_ID.of(ctx));
    ctx.status = again.created ? 201 : 200;
    ctx.set('Location', `/api/print-requests/${again.id}`);
    await answerWithRequest(ctx, again.id);
  });

  router.get('/api/print-requests/:requestId/offers', requireUser, noStore, async (ctx) => {
    const offers = await listOffers(prisma, userOf(ctx), REQUEST_ID.of(ctx));
    ctx.body = offers.map(presentOffer);
  });

  router.post(
    '/api/print-requests/:requestId/offers/:offerId/accept',
    requireUser,
    validate(acceptOfferSchema),
    noStore,
    async (ctx) => {
      const id = REQUEST_ID.of(ctx);
      const offerId = idParam(ctx, 'offerId', 'Offer not found');
      const { shippingAddress, printAsIs, price } = ctx.state.input;
      const outcome = await acceptOffer(prisma, userOf(ctx), id, offerId, {
        shipTo: shippingAddress,
        printAsIs,
        seenPrice: price,
        provider: payments,
        appUrl,
      });
      if (outcome === 'expired') throw conflict('These offers are older than 7 days; get new quotes first');
      await answerWithRequest(ctx, id);
    },
  );

  for (const answer of ['accept', 'refuse'] as const) {
    router.post(`/api/print-requests/:requestId/counter/${answer}`, requireUser, noStore, async (ctx) => {
      const id = REQUEST_ID.of(ctx);
      await answerCounterOffer(prisma, appUrl, userOf(ctx), id, answer === 'accept');
      await answerWithRequest(ctx, id);
    });
  }

  router.post(
    '/api/print-requests/:requestId/rating',
    requireUser,
    validate(ratingSchema),
    noStore,
    async (ctx) => {
      const id = REQUEST_ID.of(ctx);
      await rateDeliveredJob(prisma, userOf(ctx), id, ctx.state.input);
      ctx.status = 201;
      await answerWithRequest(ctx, id);
    },
  );
}
