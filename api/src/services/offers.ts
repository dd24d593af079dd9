// The offers of a request's current quote round, and accepting one: the request becomes ordered with
// the farm assigned, and request.route is recorded in the same transaction.
import type { PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { transitionPrintRequest } from '@printfarm/db/printRequests';
import { offersAreStale, statusLabel } from '@printfarm/domain/requestStatus';
import type { SessionUser } from '../auth/guards.ts';
import { conflict, notFound } from '../http/errors.ts';
import type { OfferWithFarm } from '../presenters/offer.ts';
import { lockOwnPrintRequest } from './printRequests.ts';

/** The current round's offers, best ranked first; someone else's request answers 404. */
export async function listOffers(
  prisma: PrismaClient,
  user: SessionUser,
  requestId: string,
): Promise<OfferWithFarm[]> {
  const request = await prisma.customPrintRequest.findUnique({
    where: { id: requestId },
    select: { userId: true, quoteRound: true },
  });
  if (!request || (request.userId !== user.id && user.role !== 'staff'))
    throw notFound('Print request not found');
  return prisma.requestOffer.findMany({
    where: { requestId, quoteRound: request.quoteRound, status: { not: 'withdrawn' } },
    orderBy: [{ rankScore: 'asc' }, { price: 'asc' }],
    include: { farm: { select: { displayName: true, city: true, state: true } } },
  });
}

export type AcceptOutcome = 'ordered' | 'expired';

/**
 * Orders the request from one offer of its current round. Offers past their validity move the request
 * to expired instead (committed, so the customer sees it), and the caller answers 409.
 */
export async function acceptOffer(
  prisma: PrismaClient,
  user: SessionUser,
  requestId: string,
  offerId: string,
): Promise<AcceptOutcome> {
  return prisma.$transaction(async (tx) => {
    const request = await lockOwnPrintRequest(tx, user, requestId);
    const offer = await tx.requestOffer.findFirst({ where: { id: offerId, requestId } });
    if (!offer) throw notFound('Offer not found');
    if (request.status !== 'quoted') {
      throw conflict(
        `You cannot accept an offer for a request that is ${statusLabel(request.status).toLowerCase()}`,
      );
    }
    if (offer.quoteRound !== request.quoteRound || offer.status !== 'offered') {
      throw conflict('This offer is no longer available; choose one of the current offers');
    }
    if (offersAreStale(request.quotedAt)) {
      await transitionPrintRequest(tx, request, 'expired', {
        byUserId: null,
        note: 'Offers older than 7 days',
      });
      return 'expired';
    }
    await transitionPrintRequest(tx, request, 'ordered', {
      byUserId: user.id,
      note: 'Offer accepted',
      data: { assignedFarmId: offer.farmId, quotedPrice: offer.price },
    });
    await recordJob(tx, 'request.route', { requestId, offerId, reason: 'chosen' });
    return 'ordered';
  });
}
