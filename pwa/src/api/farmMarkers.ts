// The map's marker feed and the farm behind a marker (issue 14). Kept apart from printFarms.ts, which
// the landing page loads too: only the map needs these.
import { queryOptions } from '@tanstack/react-query';
import { MARKER_FEED_URL } from './farmMarkerFeed.ts';
import type { PublicFarm } from './printFarms.ts';
import { getQueryFn } from './request.ts';

export const farmMarkerKeys = {
  farm: (markerId: number) => [MARKER_FEED_URL, markerId] as const,
};

export const farmMarkerQueries = {
  /** The whole public view of the farm behind a marker, read when its marker is opened. */
  farm: (markerId: number) =>
    queryOptions({
      queryKey: farmMarkerKeys.farm(markerId),
      queryFn: getQueryFn<PublicFarm>(),
    }),
};
