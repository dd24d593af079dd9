// Stage 2 of an FDM quote: every file is sliced (once per file, profile and unit), and the same pricing
// function re-prices the round's offers with the sliced time and grams, marking them firm. When a file
// cannot be sliced the offers stay estimates with the reason shown.
import { Prisma, type PrismaClient } from '@printfarm/db';
import { loadEstimatorModels } from '@printfarm/db/estimatorModels';
import { recordJob } from '@printfarm/db/outbox';
import { lockPrintRequest } from '@printfarm/db/requests/transition';
import { formatCents } from '@printfarm/domain/money';
import type { ProcessNumbers } from '@printfarm/domain/pricing';
import { type BuildVolume, isTechnology, largestBuildVolume } from '@printfarm/domain/printerCatalogue';
import { printSettingsOf } from '@printfarm/domain/printSettings';
import type { CandidateFarm } from '../marketplace/candidates.ts';
import { firmNumbers, PROFILE_BED_MM } from '../marketplace/firmNumbers.ts';
import { priceAtFarm, quotePartsOf } from '../marketplace/offers.ts';
import { quotedFilesInclude } from './requestQuote.ts';
import type { JobHandler } from './types.ts';

/**
 * The bed stage 2 slices on: the largest printer of the technology among the farms that offered
 * (every one of them holds every part; a larger bed changes nothing but the fit).
 */
async function largestOfferingPrinter(
  prisma: PrismaClient,
  requestId: string,
  round: number,
  technology: string,
  material: string,
): Promise<BuildVolume> {
  const rows = await prisma.printFarmCapability.findMany({
    where: {
      printTechnology: technology,
      materialType: material,
      isActive: true,
      farm: { offers: { some: { requestId, quoteRound: round, status: 'offered' } } },
    },
    select: { maxPrintSize: true },
  });
  const sizes = rows.flatMap(({ maxPrintSize }) => {
    const { x, y, z } = maxPrintSize as { x?: unknown; y?: unknown; z?: unknown };
    return typeof x === 'number' && typeof y === 'number' && typeof z === 'number' ? [{ x, y, z }] : [];
  });
  return largestBuildVolume([PROFILE_BED_MM, ...sizes]) ?? PROFILE_BED_MM;
}

export const requestFirm: JobHandler<'request.firm'> = async (
  { requestId, round },
  { prisma, config, files, log, metrics },
) => {
  const request = await prisma.customPrintRequest.findUnique({
    where: { id: requestId },
    include: { files: quotedFilesInclude },
  });
  if (request?.status !== 'quoted' || request.quoteRound !== round) return 'skipped';
  const technology = request.technology ?? '';
  const material = request.material ?? '';
  if (!isTechnology(technology)) return 'skipped';
  const settings = printSettingsOf(request.specifications);
  const parts = quotePartsOf(request.files);
  const started = performance.now();
  const bed = await largestOfferingPrinter(prisma, requestId, round, technology, material);
  const target = { technology, material, settings, bed, models: await loadEstimatorModels(prisma) };

  const processes: { process: ProcessNumbers; quantity: number }[] = [];
  let reason: string | null = null;
  let blocked: string | null = null;
  // One file after another: slicing is CPU-heavy and the worker limits how many jobs slice at once.
  for (const part of parts) {
    const numbers = await firmNumbers({ prisma, config, files }, part, target);
    if (!numbers.ok) {
      reason = numbers.reason;
      // The slicer's verdict that nothing in the part prints: no farm could print it either.
      if (numbers.unprintable) blocked = `${part.fileName}: ${numbers.reason}`;
      break;
    }
    processes.push({ process: numbers.process, quantity: part.quantity });
  }

  let firmed = 0;
  const outcome = await prisma.$transaction(async (tx) => {
    const locked = await lockPrintRequest(tx, requestId);
    if (locked?.status !== 'quoted' || locked.quoteRound !== round) return 'skipped' as const;
    const offers = await tx.requestOffer.findMany({
      where: { requestId, quoteRound: round, status: 'offered' },
      include: {
        farm: {
          include: { rates: { where: { technology, material } } },
        },
      },
    });
    // The firm prices are in (or cannot be): 'Your quotes are ready' goes now, not after its wait.
    await recordJob(tx, 'request.quotesMail', { requestId, round });
    if (reason !== null) {
      await tx.requestOffer.updateMany({
        where: { requestId, quoteRound: round, status: 'offered' },
        data: { estimateReason: reason, blockedReason: blocked },
      });
      return 'done' as const;
    }
    const now = new Date();
    let best: number | null = null;
    for (const offer of offers) {
      const farm = offer.farm;
      const rate = farm.rates[0];
      const candidate: CandidateFarm = {
        id: farm.id,
        displayName: farm.displayName,
        city: farm.city,
        state: farm.state,
        distanceMiles: offer.distanceMiles,
        availableCapacity: farm.availableCapacity,
        queuedParts: farm.queuedParts,
        rating: farm.rating.toString(),
        totalJobs: farm.totalJobs,
        routedJobs: farm.routedJobs,
        declinedJobs: farm.declinedJobs,
        shippedJobs: farm.shippedJobs,
        onTimeJobs: farm.onTimeJobs,
        rate: rate
          ? {
              priceBasis: rate.priceBasis,
              materialRate: rate.materialRate.toString(),
              machineHourRate: rate.machineHourRate.toString(),
              setupFee: rate.setupFee.toString(),
              minimumOrder: rate.minimumOrder.toString(),
              leadTimeDays: rate.leadTimeDays,
            }
          : null,
      };
      const priced = priceAtFarm(candidate, technology, processes, now);
      best = best === null ? priced.breakdown.totalCents : Math.min(best, priced.breakdown.totalCents);
      await tx.requestOffer.update({
        where: { id: offer.id },
        data: {
          price: new Prisma.Decimal(formatCents(priced.breakdown.totalCents)),
          estimatedHours: Math.ceil(priced.breakdown.printHours),
          breakdown: priced.breakdown as unknown as Prisma.InputJsonObject,
          readyBy: priced.readyBy,
          rankScore: priced.rankScore,
          kind: 'firm',
          estimateReason: null,
        },
      });
    }
    firmed = offers.length;
    if (best !== null) {
      await tx.customPrintRequest.update({
        where: { id: requestId },
        data: { quotedPrice: new Prisma.Decimal(formatCents(best)) },
      });
    }
    return 'done' as const;
  });
  if (firmed > 0) metrics.offersComputed.inc({ kind: 'firm' }, firmed);
  log.info(
    { requestId, round, firm: reason === null, reason, ms: Math.round(performance.now() - started) },
    'request firmed up',
  );
  return outcome;
};
