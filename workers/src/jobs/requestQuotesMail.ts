// 'Your quotes are ready' for one round: the three best offers as they stand now, firm or still
// estimated (each marked, with why), sent once per round whichever of its two triggers runs first.
import { mailRequest } from '@printfarm/mail/marketplace';
import { customerMail } from '../mail/customerMail.ts';
import type { JobHandler } from './types.ts';

export const requestQuotesMail: JobHandler<'request.quotesMail'> = async (
  { requestId, round },
  { prisma, config },
) =>
  prisma.$transaction(async (tx) => {
    const request = await tx.customPrintRequest.findUnique({ where: { id: requestId } });
    if (request?.status !== 'quoted' || request.quoteRound !== round) return 'skipped';
    const offers = await tx.requestOffer.findMany({
      where: { requestId, quoteRound: round, status: 'offered' },
      orderBy: [{ rankScore: 'asc' }, { price: 'asc' }],
      include: { farm: { select: { displayName: true } } },
    });
    if (offers.length === 0) return 'skipped';
    const best = offers.slice(0, 3).map((offer) => ({
      farmName: offer.farm.displayName,
      price: offer.price.toFixed(2),
      readyBy: offer.readyBy,
      distanceMiles: offer.distanceMiles,
      kind: offer.kind,
    }));
    const estimateReason = offers.slice(0, 3).find((offer) => offer.kind !== 'firm')?.estimateReason ?? null;
    const mail = customerMail(tx, config.PUBLIC_URL, request.userId);
    await mail('quotesReadyEmail', { ...mailRequest(request), round }, best, offers.length, estimateReason);
    return 'done';
  });
