// Print requests as the customer sees them; money as decimal strings, days as 'YYYY-MM-DD'.

import type { JobRating, PrintFarm, PrintJob, RequestStatusHistory } from '@printfarm/db';
import type { PrintabilityContext } from '@printfarm/db/printability';
import { chargeLines } from '@printfarm/domain/charges';
import { OPEN_JOB_STATES } from '@printfarm/domain/printJob';
import { printSettingsOf } from '@printfarm/domain/printSettings';
import { OFFER_VALIDITY_DAYS, statusLabel } from '@printfarm/domain/requestStatus';
import { trackingUrl } from '@printfarm/domain/tracking';
import type { PrintRequestDetailRow, PrintRequestListRow } from '../services/printRequests.ts';
import { presentClaimFacts } from './claim.ts';
import { presentPayment } from './payment.ts';
import { presentProjectFile } from './projectFile.ts';
import { presentShipTo } from './shipTo.ts';
import { day, iso, pick } from './wire.ts';

function presentStatusChange(change: RequestStatusHistory) {
  return { ...pick(change, 'id', 'fromStatus', 'toStatus', 'note'), createdAt: iso(change.createdAt) };
}

type JobWithFarm = PrintJob & { farm: Pick<PrintFarm, 'id' | 'displayName' | 'city' | 'state'> };

/** The job as the customer follows it: the farm, the deal, any counter-offer and the parcel. */
function presentCustomerJob(job: JobWithFarm) {
  return {
    id: job.id,
    state: job.state,
    farm: { id: job.farm.id, name: job.farm.displayName, city: job.farm.city, state: job.farm.state },
    price: job.price.toFixed(2),
    readyBy: day(job.readyBy),
    respondBy: iso(job.respondBy),
    counter:
      job.state === 'countered'
        ? {
            price: job.counterPrice?.toFixed(2) ?? null,
            readyBy: day(job.counterReadyBy),
            respondBy: iso(job.counterRespondBy),
          }
        : null,
    progressPercent: job.progressPercent,
    carrier: job.carrier,
    trackingNumber: job.trackingNumber,
    trackingUrl: job.carrier && job.trackingNumber ? trackingUrl(job.carrier, job.trackingNumber) : null,
    shippedAt: iso(job.shippedAt),
    deliveredAt: iso(job.deliveredAt),
  };
}

function presentRating(rating: JobRating) {
  return {
    ...pick(rating, 'quality', 'communication', 'timeliness', 'comment'),
    createdAt: iso(rating.createdAt),
  };
}

function presentRequestFields(request: PrintRequestListRow | PrintRequestDetailRow) {
  // The job the customer follows: the open one, else the last that went the distance.
  const job =
    request.jobs.find((j) => (OPEN_JOB_STATES as readonly string[]).includes(j.state)) ??
    request.jobs.find((j) => j.state === 'delivered') ??
    null;
  return {
    id: request.id,
    title: request.title,
    description: request.description,
    status: request.status,
    statusLabel: statusLabel(request.status),
    priority: request.priority,
    quantity: request.quantity,
    technology: request.technology,
    material: request.material,
    color: request.color,
    ...printSettingsOf(request.specifications),
    shipToZip: request.shipToZip,
    shipTo: request.shipToCity ? { city: request.shipToCity, state: request.shipToState } : null,
    budget: request.budget?.toFixed(2) ?? null,
    deadline: day(request.deadline),
    quotedPrice: request.quotedPrice?.toFixed(2) ?? null,
    finalPrice: request.finalPrice?.toFixed(2) ?? null,
    quoteRound: request.quoteRound,
    quotedAt: iso(request.quotedAt),
    offersExpireAt: request.quotedAt
      ? new Date(request.quotedAt.getTime() + OFFER_VALIDITY_DAYS * 86_400_000).toISOString()
      : null,
    searchRadiusMiles: request.searchRadiusMiles,
    quoteIssue: request.quoteIssue,
    estimatedCompletionTime: request.estimatedCompletionTime,
    assignedFarmId: request.assignedFarmId,
    progress: request.status === 'printing' ? request.progressPercent : null,
    job: job ? presentCustomerJob(job) : null,
    rating: request.rating ? presentRating(request.rating) : null,
    canRate: request.status === 'completed' && request.rating === null,
    createdAt: request.createdAt.toISOString(),
    updatedAt: request.updatedAt.toISOString(),
    statusHistory: request.statusHistory.map(presentStatusChange),
  };
}

export function presentPrintRequestSummary(request: PrintRequestListRow) {
  return { ...presentRequestFields(request), fileCount: request._count.files };
}

export function presentPrintRequest(
  request: PrintRequestDetailRow,
  context: PrintabilityContext,
  paymentWords = '',
) {
  const judgement = { technology: request.technology, context };
  // The order's payment: the latest asked for the accepted offer (a re-quote's order asks anew).
  const orderPayment = request.payments.filter((payment) => payment.purpose === 'request').at(-1) ?? null;
  const delivered = request.jobs.find((job) => job.state === 'delivered') ?? null;
  return {
    ...presentRequestFields(request),
    fileCount: request.files.length,
    notes: request.notes,
    shippingAddress: presentShipTo(request.shippingAddress),
    files: request.files.map((file) => presentProjectFile(file, judgement)),
    payment: orderPayment ? presentPayment(orderPayment, paymentWords) : null,
    /** What the pay step shows: the parts, shipping and tax lines of the accepted offer's price. */
    charge: orderPayment
      ? {
          lines: chargeLines(orderPayment.amountCents, orderPayment.offer?.breakdown).map(
            ([label, cents]) => ({
              label,
              cents,
            }),
          ),
          totalCents: orderPayment.amountCents,
        }
      : null,
    /** Every payment of the request, the order's and any counter-offer's difference, oldest first. */
    payments: request.payments.map((payment) => presentPayment(payment, paymentWords)),
    claim: request.claim ? presentClaim(request.claim) : null,
    /** Until when a claim may be opened on the delivered job; null when it cannot (any more). */
    claimOpenUntil:
      delivered?.claimsCloseAt && !request.claim && delivered.claimsCloseAt > new Date()
        ? delivered.claimsCloseAt.toISOString()
        : null,
  };
}

function presentClaim(claim: NonNullable<PrintRequestDetailRow['claim']>) {
  return {
    ...presentClaimFacts(claim),
    photoCount: claim._count.photos,
    createdAt: claim.createdAt.toISOString(),
    answeredAt: iso(claim.answeredAt),
    decidedAt: iso(claim.decidedAt),
  };
}

export type PrintRequestSummaryView = ReturnType<typeof presentPrintRequestSummary>;
export type PrintRequestView = ReturnType<typeof presentPrintRequest>;
