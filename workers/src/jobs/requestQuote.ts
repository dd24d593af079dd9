// Stage 1 of a quote: the capable farms near the ship-to ZIP each make an instant offer priced from the
// geometry. The request becomes quoted (and the customer gets 'Your quotes are ready' once), or goes
// back to draft with what to change when no farm qualifies. Stage 2 (slicing) follows for FDM.
import { type Prisma, Prisma as PrismaNamespace } from '@printfarm/db';
import { loadEstimatorModels } from '@printfarm/db/estimatorModels';
import { recordJob } from '@printfarm/db/outbox';
import { blockingFindings } from '@printfarm/db/printability';
import { lockPrintRequest, transitionPrintRequest } from '@printfarm/db/requests/transition';
import { chooseRadius } from '@printfarm/domain/farmSearch';
import { formatCents } from '@printfarm/domain/money';
import { estimateProcess } from '@printfarm/domain/pricing';
import { isTechnology } from '@printfarm/domain/printerCatalogue';
import { printSettingsOf } from '@printfarm/domain/printSettings';
import { mailRequest } from '@printfarm/mail/marketplace';
import { customerMail } from '../mail/customerMail.ts';
import { findCandidateFarms } from '../marketplace/candidates.ts';
import { slicesForFdm } from '../marketplace/firmNumbers.ts';
import {
  largestPart,
  type PricedFarmOffer,
  priceAtFarm,
  quotePartsOf,
  rankOffers,
} from '../marketplace/offers.ts';
import type { JobHandler } from './types.ts';

export const quotedFilesInclude = {
  where: { deletedAt: null, analysisStatus: 'ready' },
  orderBy: { uploadedAt: 'asc' },
  include: { analysis: true },
} satisfies Prisma.CustomPrintRequest$filesArgs;

/** Farms that turned this request down before are not asked again. */
export async function farmsThatTurnedDown(
  db: Prisma.TransactionClient,
  requestId: string,
): Promise<string[]> {
  const jobs = await db.printJob.findMany({
    where: { requestId, state: { in: ['declined', 'expired', 'refused'] } },
    select: { farmId: true },
  });
  return [...new Set(jobs.map((job) => job.farmId))];
}

/** Why a technology's offers stay estimates (stage 2 slices FDM only). */
export const NOT_SLICED_REASON = 'Priced from the geometry; firm prices come from slicing FDM parts';

function offerRow(requestId: string, round: number, offer: PricedFarmOffer, estimateReason: string | null) {
  return {
    price: new PrismaNamespace.Decimal(formatCents(offer.breakdown.totalCents)),
    distanceMiles: offer.farm.distanceMiles,
    estimatedHours: Math.ceil(offer.breakdown.printHours),
    status: 'offered',
    quoteRound: round,
    kind: 'estimate',
    estimateReason,
    breakdown: offer.breakdown as unknown as Prisma.InputJsonObject,
    readyBy: offer.readyBy,
    rating: offer.rating === null ? null : new PrismaNamespace.Decimal(offer.rating),
    onTimeRate: offer.onTimeRate,
    rankScore: offer.rankScore,
    requestId,
    farmId: offer.farm.id,
  };
}

export const requestQuote: JobHandler<'request.quote'> = async (
  { requestId, round },
  { prisma, config, log, metrics },
) => {
  const request = await prisma.customPrintRequest.findUnique({
    where: { id: requestId },
    include: { files: quotedFilesInclude },
  });
  if (request?.status !== 'quoting' || request.quoteRound !== round) return 'skipped';
  const started = performance.now();
  const parts = quotePartsOf(request.files);
  const technology = request.technology ?? '';
  const material = request.material ?? '';
  const settings = printSettingsOf(request.specifications);
  const now = new Date();

  let offers: PricedFarmOffer[] = [];
  let radius: number | null = request.searchRadiusMiles;
  let issue: string | null = null;
  // A file nothing can be printed from stops the quote, whatever the farms could offer for the rest.
  const blocked = await blockingFindings(prisma, request.files, request.technology);
  if (blocked.length > 0) {
    issue = blocked.map((finding) => finding.message).join(' ');
  } else if (parts.length === 0) {
    issue = 'None of your files could be measured, so none can be printed.';
  } else if (
    !isTechnology(technology) ||
    request.shipToLatitude === null ||
    request.shipToLongitude === null
  ) {
    issue = 'Choose a technology and a ship-to ZIP code.';
  } else {
    const models = await loadEstimatorModels(prisma);
    const processes = parts.map((part) => ({
      process: estimateProcess(technology, material, part.geometry, settings, models),
      quantity: part.quantity,
    }));
    const farms = await findCandidateFarms(prisma, {
      latitude: request.shipToLatitude,
      longitude: request.shipToLongitude,
      technology,
      material,
      largestPartMm: largestPart(parts),
      excludeFarmIds: await farmsThatTurnedDown(prisma, requestId),
    });
    radius = chooseRadius(
      farms.map((farm) => farm.distanceMiles),
      request.searchRadiusMiles,
    );
    offers = rankOffers(farms, radius, (farm) => priceAtFarm(farm, technology, processes, now));
    if (offers.length === 0) {
      issue = `No active farm in the network prints ${material} with ${technology} on a printer large enough for your largest part.`;
    }
  }
  const sliceable = technology === 'FFF/FDM' && slicesForFdm(parts);

  const outcome = await prisma.$transaction(async (tx) => {
    const locked = await lockPrintRequest(tx, requestId);
    if (locked?.status !== 'quoting' || locked.quoteRound !== round) return 'skipped' as const;
    const mail = customerMail(tx, config.PUBLIC_URL, locked.userId);
    const roundView = { ...mailRequest(locked), round };
    if (blocked.length > 0) {
      await transitionPrintRequest(tx, locked, 'draft', {
        byUserId: null,
        note: 'A file cannot be printed as it is',
        data: { quoteIssue: issue },
      });
      const reasons = blocked.map((finding) => finding.message);
      await mail('cannotQuoteEmail', roundView, reasons);
      return 'done' as const;
    }
    if (parts.length === 0) {
      await transitionPrintRequest(tx, locked, 'rejected', { byUserId: null, note: issue });
      return 'done' as const;
    }
    if (offers.length === 0) {
      await transitionPrintRequest(tx, locked, 'draft', {
        byUserId: null,
        note: 'No farm could quote this request',
        data: { quoteIssue: issue, searchRadiusMiles: radius },
      });
      await mail('noFarmEmail', roundView, issue ?? '');
      return 'done' as const;
    }
    // Until stage 2 has sliced the files, every offer says why it is still an estimate.
    const reason = sliceable ? 'Being checked by our slicer' : NOT_SLICED_REASON;
    for (const offer of offers) {
      const row = offerRow(requestId, round, offer, reason);
      await tx.requestOffer.upsert({
        where: { requestId_farmId: { requestId, farmId: offer.farm.id } },
        create: row,
        update: { ...row, respondedAt: null },
      });
    }
    const best = offers[0];
    await transitionPrintRequest(tx, locked, 'quoted', {
      byUserId: null,
      note: `${offers.length} offer${offers.length === 1 ? '' : 's'} from farms ${radius === null ? 'across the country' : `within ${radius} miles`}`,
      data: {
        quotedAt: now,
        searchRadiusMiles: radius,
        quoteIssue: null,
        quotedPrice: best ? new PrismaNamespace.Decimal(formatCents(best.breakdown.totalCents)) : null,
      },
    });
    // The news waits for the firm prices (stage 2 records it when they are in), but never long.
    const runAt = sliceable ? new Date(Date.now() + config.QUOTES_MAIL_WAIT_MS) : undefined;
    await recordJob(tx, 'request.quotesMail', { requestId, round }, runAt ? { runAt } : {});
    if (sliceable) await recordJob(tx, 'request.firm', { requestId, round });
    return 'done' as const;
  });
  if (outcome === 'done' && offers.length > 0) {
    metrics.offersComputed.inc({ kind: 'instant' }, offers.length);
    const submitted = await prisma.requestStatusHistory.findFirst({
      where: { requestId, toStatus: 'quoting' },
      orderBy: { createdAt: 'desc' },
      select: { createdAt: true },
    });
    if (submitted) metrics.firstOfferSeconds.observe((now.getTime() - submitted.createdAt.getTime()) / 1_000);
  }
  log.info(
    { requestId, round, offers: offers.length, radius, ms: Math.round(performance.now() - started) },
    'request quoted',
  );
  return outcome;
};
