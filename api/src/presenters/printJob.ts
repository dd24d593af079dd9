// A print job as the farm's operator works it: the customer's files and choices, where it ships (the
// full address only once the farm has accepted), the deal and its deadlines.

import type { PrintabilityContext } from '@printfarm/db/printability';
import { formatCents, parseCents } from '@printfarm/domain/money';
import { JOB_STATE_LABELS, type JobState } from '@printfarm/domain/printJob';
import { storedPrintSettings } from '@printfarm/domain/printSettings';
import { trackingUrl } from '@printfarm/domain/tracking';
import type { JobDetailRow } from '../services/operatorJobs.ts';
import { presentProjectFile } from './projectFile.ts';
import { presentShipTo } from './shipTo.ts';
import { day, iso } from './wire.ts';

const ADDRESS_VISIBLE: readonly string[] = ['accepted', 'printing', 'shipped', 'delivered'];

export function presentOperatorJob(job: JobDetailRow, context: PrintabilityContext) {
  const request = job.request;
  const judgement = { technology: request.technology, context };
  const settings = storedPrintSettings(request.specifications);
  return {
    id: job.id,
    requestId: job.requestId,
    farm: { id: job.farm.id, name: job.farm.displayName },
    state: job.state,
    stateLabel: JOB_STATE_LABELS[job.state as JobState] ?? job.state,
    title: request.title,
    customerFirstName: request.customer.firstName,
    technology: request.technology,
    material: request.material,
    color: request.color,
    layerHeightMm: settings.layerHeightMm ?? null,
    infillPercent: settings.infillPercent ?? null,
    parts: job.parts,
    notes: request.notes,
    customerDeadline: day(request.deadline),
    shipTo: { city: request.shipToCity, state: request.shipToState, zip: request.shipToZip },
    shippingAddress: ADDRESS_VISIBLE.includes(job.state)
      ? presentShipTo(request.shippingAddress, request.customer.firstName)
      : null,
    price: job.price.toFixed(2),
    /** 'You receive $X': the price less the platform's commission (fixed when the job was offered). */
    commission: formatCents(job.commissionCents),
    youReceive: formatCents((parseCents(job.price.toFixed(2)) ?? 0) - job.commissionCents),
    readyBy: day(job.readyBy),
    respondBy: iso(job.respondBy),
    counter:
      job.counterPrice || job.counterReadyBy
        ? {
            price: job.counterPrice?.toFixed(2) ?? null,
            readyBy: day(job.counterReadyBy),
            respondBy: iso(job.counterRespondBy),
            /** The customer accepted; respondBy is then the day the price difference must arrive by. */
            accepted: job.payments.length > 0,
          }
        : null,
    declineReason: job.declineReason,
    progressPercent: job.progressPercent,
    carrier: job.carrier,
    trackingNumber: job.trackingNumber,
    trackingUrl: job.carrier && job.trackingNumber ? trackingUrl(job.carrier, job.trackingNumber) : null,
    offeredAt: job.offeredAt.toISOString(),
    respondedAt: iso(job.respondedAt),
    startedAt: iso(job.startedAt),
    /** Every part of it printed (the print queue's last item done): ready to ship. */
    printedAt: iso(job.printedAt),
    shippedAt: iso(job.shippedAt),
    deliveredAt: iso(job.deliveredAt),
    rating: job.rating
      ? {
          quality: job.rating.quality,
          communication: job.rating.communication,
          timeliness: job.rating.timeliness,
          comment: job.rating.comment,
        }
      : null,
    files: request.files.map((file) => presentProjectFile(file, judgement)),
    claim: job.claim
      ? {
          id: job.claim.id,
          status: job.claim.status,
          reason: job.claim.reason,
          details: job.claim.details,
          answer: job.claim.answer,
          refundCents: job.claim.refundCents,
          photoUrls: job.claim.photos.map((photo) => `/api/claims/${job.claim?.id}/photos/${photo.id}`),
          createdAt: job.claim.createdAt.toISOString(),
        }
      : null,
    claimsCloseAt: iso(job.claimsCloseAt),
    shareReleasedAt: iso(job.releasedAt),
  };
}

export type OperatorJobView = ReturnType<typeof presentOperatorJob>;

/** GET /api/operator/summary: the inbox badge's count of new jobs. */
export function presentOperatorSummary(newJobs: number) {
  return { newJobs };
}

export type OperatorSummaryView = ReturnType<typeof presentOperatorSummary>;
