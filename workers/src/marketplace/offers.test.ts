import type { PriceBreakdown } from '@printfarm/domain/pricing';
import { describe, expect, it } from 'vitest';
import type { CandidateFarm } from './candidates.ts';
import { type PricedFarmOffer, rankOffers } from './offers.ts';

const farm = (id: string, distanceMiles: number) => ({ id, distanceMiles }) as unknown as CandidateFarm;

/** An offer of `totalCents` whose rank is its price. */
const priced = (totalCents: number) => (candidate: CandidateFarm) =>
  ({
    farm: candidate,
    breakdown: { totalCents } as PriceBreakdown,
    readyBy: new Date(),
    rankScore: totalCents,
    rating: null,
    onTimeRate: null,
  }) satisfies PricedFarmOffer;

describe('rankOffers', () => {
  it('ranks the farms within the radius by score', () => {
    const farms = [farm('far', 80), farm('near', 5), farm('mid', 30)];
    const totals: Record<string, number> = { far: 900, near: 2_500, mid: 1_200 };
    const ranked = rankOffers(farms, 50, (candidate) => priced(totals[candidate.id] ?? 0)(candidate));
    expect(ranked.map((offer) => offer.farm.id)).toEqual(['mid', 'near']);
  });

  it('makes no offer that a payment could not hold (32-bit cents)', () => {
    const farms = [farm('huge', 5), farm('fits', 6)];
    const ranked = rankOffers(farms, null, (candidate) =>
      priced(candidate.id === 'huge' ? 2_147_483_648 : 2_147_483_647)(candidate),
    );
    expect(ranked.map((offer) => offer.farm.id)).toEqual(['fits']);
  });
});
