// An offer as the customer compares it: the farm, its price with the breakdown, ready-by date, distance,
// its record, and whether the price is an estimate or firm (sliced).

import { formatCents } from '@printfarm/domain/money';
import type { OfferWithFarm } from '../services/offers.ts';
import { day } from './wire.ts';

interface StoredBreakdown {
  materialCents?: number;
  machineCents?: number;
  setupCents?: number;
  minimumOrderCents?: number;
  shippingCents?: number;
  printHours?: number;
  grams?: number;
}

const money = (cents: number | undefined) => formatCents(cents ?? 0);

export function presentOffer(offer: OfferWithFarm) {
  const b = (offer.breakdown ?? {}) as StoredBreakdown;
  return {
    id: offer.id,
    farmId: offer.farmId,
    farmName: offer.farm.displayName,
    farmLocation: `${offer.farm.city}, ${offer.farm.state}`,
    price: offer.price.toFixed(2),
    readyBy: day(offer.readyBy),
    distanceMiles: Math.round(offer.distanceMiles * 10) / 10,
    rating: offer.rating === null ? null : Number(offer.rating),
    onTimeRate: offer.onTimeRate,
    kind: offer.kind === 'firm' ? ('firm' as const) : ('estimate' as const),
    estimateReason: offer.estimateReason,
    /** Why it cannot be accepted: the slicer found a part it cannot print. */
    blockedReason: offer.blockedReason,
    status: offer.status,
    rank: offer.rankScore,
    breakdown: {
      material: money(b.materialCents),
      machine: money(b.machineCents),
      setup: money(b.setupCents),
      minimumOrder: money(b.minimumOrderCents),
      shipping: money(b.shippingCents),
      printHours: Math.round((b.printHours ?? 0) * 100) / 100,
      ...(b.grams !== undefined ? { grams: Math.round(b.grams * 10) / 10 } : {}),
    },
    updatedAt: offer.updatedAt.toISOString(),
  };
}

export type OfferView = ReturnType<typeof presentOffer>;
