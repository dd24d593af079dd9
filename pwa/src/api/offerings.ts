// What the print-farm network offers today: the technologies and materials some active farm prints, with
// how many farms offer each. The request screen builds its technology and material choices from it.
import { queryOptions } from '@tanstack/react-query';
import type { NetworkOfferingView } from '../../../api/src/views/index.ts';

export type NetworkOffering = NetworkOfferingView;

export const offeringKeys = { all: ['/api/print-farms/offerings'] as const };

export const offeringQueries = {
  all: () => queryOptions<NetworkOffering[]>({ queryKey: offeringKeys.all, staleTime: 60_000 }),
};

/** The materials farms offer for a technology, most widely offered first (the server's order). */
export function offeredMaterials(offerings: readonly NetworkOffering[] | undefined, technology: string) {
  return offerings?.find((offering) => offering.technology === technology)?.materials ?? [];
}
