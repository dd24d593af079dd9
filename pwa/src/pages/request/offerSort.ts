// The orders a customer can put offers in; 'Best match' keeps the server's ranking.
import type { OfferView } from '../../api/printRequests.ts';

export const OFFER_SORTS = ['Best match', 'Price', 'Ready by', 'Distance', 'Rating'] as const;
export type OfferSort = (typeof OFFER_SORTS)[number];

type Sortable = Pick<OfferView, 'price' | 'readyBy' | 'distanceMiles' | 'rating'>;

const priceOf = (offer: Sortable) => Number(offer.price);
// A farm without a rating yet sorts after every rated farm.
const ratingOf = (offer: Sortable) => offer.rating ?? Number.NEGATIVE_INFINITY;

const COMPARE: Record<Exclude<OfferSort, 'Best match'>, (a: Sortable, b: Sortable) => number> = {
  Price: (a, b) => priceOf(a) - priceOf(b),
  'Ready by': (a, b) => (a.readyBy ?? '9999').localeCompare(b.readyBy ?? '9999'),
  Distance: (a, b) => a.distanceMiles - b.distanceMiles,
  Rating: (a, b) => ratingOf(b) - ratingOf(a),
};

/** A sorted copy; ties keep the server's order (Array.prototype.sort is stable). */
export function sortOffers<T extends Sortable>(offers: readonly T[], sort: OfferSort): T[] {
  if (sort === 'Best match') return [...offers];
  return [...offers].sort(COMPARE[sort]);
}
