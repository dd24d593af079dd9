// The map's marker feed and the farm behind a marker (issue 14). Kept apart from printFarms.ts, which
// the landing page loads too: only the map needs these.
import { queryOptions } from '@tanstack/react-query';
import type { PublicFarm } from './printFarms.ts';
import { apiRequest, getQueryFn, queryKeyUrl } from './request.ts';

export const farmMarkerKeys = {
  feed: ['/api/print-farms/markers'] as const,
  farm: (markerId: number) => ['/api/print-farms/markers', markerId] as const,
};

export const farmMarkerQueries = {
  /**
   * The marker feed as it came: the map's worker parses it, not the page. The network page has the
   * browser preload it (with credentials, as apiRequest sends it) from its first HTML on.
   */
  feed: () =>
    queryOptions({
      queryKey: farmMarkerKeys.feed,
      queryFn: async ({ queryKey }): Promise<ArrayBuffer> =>
        (await apiRequest('GET', queryKeyUrl(queryKey))).arrayBuffer(),
    }),
  /** The whole public view of the farm behind a marker, read when its marker is opened. */
  farm: (markerId: number) =>
    queryOptions({
      queryKey: farmMarkerKeys.farm(markerId),
      queryFn: getQueryFn<PublicFarm>(),
    }),
};
