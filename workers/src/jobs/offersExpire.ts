// Quoted requests whose offers passed their validity become expired; the customer re-quotes on demand.
import { lockPrintRequest, transitionPrintRequest } from '@printfarm/db/requests/transition';
import { OFFER_VALIDITY_DAYS, offersAreStale } from '@printfarm/domain/requestStatus';
import type { JobHandler } from './types.ts';

export const offersExpire: JobHandler<'offers.expire'> = async (_payload, { prisma, log }) => {
  const cutoff = new Date(Date.now() - OFFER_VALIDITY_DAYS * 86_400_000);
  const stale = await prisma.customPrintRequest.findMany({
    where: { status: 'quoted', quotedAt: { lt: cutoff } },
    select: { id: true },
    take: 1_000,
  });
  let expired = 0;
  for (const { id } of stale) {
    await prisma.$transaction(async (tx) => {
      const request = await lockPrintRequest(tx, id);
      if (request?.status !== 'quoted' || !offersAreStale(request.quotedAt)) return;
      await transitionPrintRequest(tx, request, 'expired', {
        byUserId: null,
        note: `Offers older than ${OFFER_VALIDITY_DAYS} days; get new quotes`,
      });
      expired++;
    });
  }
  if (expired > 0) log.info({ expired }, 'stale offers expired');
  return expired > 0 ? 'done' : 'skipped';
};
