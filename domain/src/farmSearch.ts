// How far a quote looks for farms: 500 miles from the ship-to ZIP, widened step by step until at least
// three farms qualify or the whole country has been searched.

export const SEARCH_RADII_MILES = [500, 1_000, 1_500, 2_500] as const;
export const MIN_QUALIFYING_FARMS = 3;
/** Offers a customer compares side by side; the rest of the qualifying farms are not asked. */
export const MAX_OFFERS = 8;
/** Nearest qualifying farms a search reads; enough for every radius to find its three. */
export const CANDIDATE_LIMIT = 100;

/** The radii to try from `start` (null: the default), ending with null: the whole country. */
export function radiiFrom(start: number | null): (number | null)[] {
  const steps = SEARCH_RADII_MILES.filter((radius) => start === null || radius >= start);
  return [...steps, null];
}

/** The next radius after one that found no farm willing to take the job (null: the whole country). */
export function widerRadius(current: number | null): number | null {
  if (current === null) return null;
  return SEARCH_RADII_MILES.find((radius) => radius > current) ?? null;
}

/**
 * The smallest radius from `start` holding at least MIN_QUALIFYING_FARMS of the qualifying farms'
 * distances; null when only the whole country does (or none qualifies anywhere).
 */
export function chooseRadius(distancesMiles: readonly number[], start: number | null): number | null {
  for (const radius of radiiFrom(start)) {
    if (radius === null) return null;
    if (distancesMiles.filter((d) => d <= radius).length >= MIN_QUALIFYING_FARMS) return radius;
  }
  return null;
}

export function withinRadius(distanceMiles: number, radius: number | null): boolean {
  return radius === null || distanceMiles <= radius;
}
