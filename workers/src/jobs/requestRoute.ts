// Offers an ordered request to one farm: the offer the customer chose, or after a decline, a timeout or
// a refused counter-offer the next best offer still valid. The job row, the operator's e-mail and the
// answer deadline (a delayed job, deduplicated by its outbox id) are written in one transaction. With
// no offer left, the request goes back to quoting with a wider radius and the customer is told.
import type { Prisma } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import {
  farmOperatorContact,
  lockPrintRequest,
  mailCustomer,
  routeResponseMs,
  transitionPrintRequest,
} from '@printfarm/db/printRequests';
import { widerRadius } from '@printfarm/domain/farmSearch';
import { OPEN_JOB_STATES } from '@printfarm/domain/printJob';
import { offersAreStale } from '@printfarm/domain/requestStatus';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailJob, mailRequest } from '@printfarm/mail/marketplace';
import { mailJobFacts } from '@printfarm/mail/operatorJobs';
import type { JobHandler } from './types.ts';

/** A farm that stopped taking work since it made its offer is skipped. */
const farmTakesWork = {
  isActive: true,
  nodeStatus: 'online',
  isPaused: false,
  availableCapacity: { gt: 0 },
} satisfies Prisma.PrintFarmWhereInput;

async function nextOffer(
  tx: Prisma.TransactionClient,
  request: { id: string; quoteRound: number; quotedAt: Date | null },
  chosenId: string | undefined,
) {
  if (offersAreStale(request.quotedAt)) return { offer: null, skippedChosen: null };
  const turnedDown = await tx.printJob.findMany({
    where: { requestId: request.id },
    select: { farmId: true },
  });
  const valid = {
    requestId: request.id,
    quoteRound: request.quoteRound,
    status: 'offered',
    farmId: { notIn: turnedDown.map((job) => job.farmId) },
  } satisfies Prisma.RequestOfferWhereInput;
  const include = { farm: { select: { displayName: true } } };
  let skippedChosen: string | null = null;
  if (chosenId) {
    const chosen = await tx.requestOffer.findFirst({
      where: { ...valid, id: chosenId, farm: farmTakesWork },
      include,
    });
    if (chosen) return { offer: chosen, skippedChosen };
    const stale = await tx.requestOffer.findFirst({ where: { id: chosenId }, include });
    skippedChosen = stale?.farm.displayName ?? null;
    if (stale) await tx.requestOffer.update({ where: { id: chosenId }, data: { status: 'withdrawn' } });
  }
  const offer = await tx.requestOffer.findFirst({
    where: { ...valid, farm: farmTakesWork },
    orderBy: [{ rankScore: 'asc' }, { price: 'asc' }],
    include,
  });
  return { offer, skippedChosen };
}

export const requestRoute: JobHandler<'request.route'> = async (
  { requestId, offerId, reason },
  { prisma, config },
) =>
  prisma.$transaction(async (tx) => {
    const request = await lockPrintRequest(tx, requestId);
    if (request?.status !== 'ordered') return 'skipped';
    // Already with a farm: this event was handled (a retry, or a second route for the same change).
    if (await tx.printJob.findFirst({ where: { requestId, state: { in: [...OPEN_JOB_STATES] } } }))
      return 'skipped';
    // The customer's choice was routed before (this is that event again): its offer is no longer open,
    // and the event that closed its job carries the order on.
    if (offerId) {
      const chosen = await tx.requestOffer.findUnique({ where: { id: offerId }, select: { status: true } });
      if (chosen && chosen.status !== 'offered') return 'skipped';
    }

    const previous = await tx.printJob.findFirst({
      where: { requestId },
      orderBy: { createdAt: 'desc' },
      include: { farm: { select: { displayName: true } } },
    });
    const { offer, skippedChosen } = await nextOffer(tx, request, offerId);

    if (!offer) {
      const radius = widerRadius(request.searchRadiusMiles);
      const round = request.quoteRound + 1;
      await tx.requestOffer.updateMany({
        where: { requestId, status: 'offered' },
        data: { status: 'withdrawn' },
      });
      await transitionPrintRequest(tx, request, 'quoting', {
        byUserId: null,
        note: `No offer left; asking farms ${radius === null ? 'across the country' : `within ${radius} miles`}`,
        data: { quoteRound: round, searchRadiusMiles: radius, assignedFarmId: null, quotedAt: null },
      });
      await recordJob(tx, 'request.quote', { requestId, round });
      await mailCustomer(tx, request.userId, (customer) =>
        deferredEmail(
          'requotingEmail',
          config.PUBLIC_URL,
          customer,
          { ...mailRequest(request), round },
          radius,
        ),
      );
      return 'done';
    }

    const now = new Date();
    const respondBy = new Date(now.getTime() + (await routeResponseMs(tx, config.ROUTE_RESPONSE_MS)));
    const files = await tx.projectFile.aggregate({
      where: { printRequestId: requestId, deletedAt: null, analysisStatus: 'ready' },
      _sum: { quantity: true },
    });
    const job = await tx.printJob.create({
      data: {
        requestId,
        farmId: offer.farmId,
        offerId: offer.id,
        price: offer.price,
        readyBy: offer.readyBy,
        parts: files._sum.quantity ?? request.quantity,
        respondBy,
      },
    });
    await tx.requestOffer.update({ where: { id: offer.id }, data: { status: 'routed' } });
    await transitionPrintRequest(tx, request, 'ordered', {
      byUserId: null,
      note: `Sent to ${offer.farm.displayName}; they answer by ${respondBy.toISOString()}`,
      data: { assignedFarmId: offer.farmId, quotedPrice: offer.price },
    });

    const operator = await farmOperatorContact(tx, offer.farmId);
    await recordJob(
      tx,
      'email.send',
      await deferredEmail('newJobEmail', config.PUBLIC_URL, operator, {
        ...mailJobFacts(job, request),
        respondBy,
      }),
    );
    await recordJob(tx, 'job.deadline', { jobId: job.id, kind: 'response' }, { runAt: respondBy });
    const remindAt = new Date(respondBy.getTime() - config.ROUTE_REMINDER_BEFORE_MS);
    if (remindAt > now) await recordJob(tx, 'job.remind', { jobId: job.id }, { runAt: remindAt });

    const rerouted = reason !== 'chosen' || skippedChosen !== null;
    if (rerouted) {
      const why = skippedChosen !== null ? 'unavailable' : reason === 'chosen' ? 'declined' : reason;
      const previousFarm = skippedChosen ?? previous?.farm.displayName ?? null;
      await mailCustomer(tx, request.userId, (customer) =>
        deferredEmail(
          'reroutedEmail',
          config.PUBLIC_URL,
          customer,
          mailRequest(request),
          mailJob(job),
          previousFarm,
          why,
          offer.farm.displayName,
        ),
      );
    }
    return 'done';
  });
