// The public print-farm network: the farm list for the map, the network figures, and the farm signup.

import type { FarmSignupInput } from '@printfarm/domain/farmSignup';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NetworkStatsView, PublicFarm, SignupStatusView } from '../../../api/src/views/index.ts';
import { apiJson, getQueryFn } from './request.ts';

/** A farm as GET /api/print-farms shows it (public map fields only, never contact details); GET /api/stats. */
export type { PublicFarm };
export type NetworkStats = NetworkStatsView;

export type SignupStatus = SignupStatusView;

export const printFarmKeys = {
  list: ['/api/print-farms'] as const,
  stats: ['/api/stats'] as const,
  signup: ['/api/print-farms/signup'] as const,
};

const fetchFarmList = getQueryFn<unknown>();

export const printFarmQueries = {
  list: () =>
    queryOptions({
      queryKey: printFarmKeys.list,
      // The spec treats any answer that is not an array as an empty list.
      queryFn: async (context): Promise<PublicFarm[]> => {
        const answer = await fetchFarmList(context);
        return Array.isArray(answer) ? (answer as PublicFarm[]) : [];
      },
    }),
  stats: () =>
    queryOptions({
      queryKey: printFarmKeys.stats,
      queryFn: getQueryFn<NetworkStats>(),
    }),
  /** Whether staff have the network open to new farms (platform setting acceptingFarmSignups). */
  signupStatus: () =>
    queryOptions({
      queryKey: printFarmKeys.signup,
      queryFn: getQueryFn<SignupStatus>(),
    }),
};

/** POST /api/print-farms/signup; on success the farm list and the network figures are read again. */
export function useFarmSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: FarmSignupInput) => apiJson<unknown>('POST', '/api/print-farms/signup', input),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: printFarmKeys.list }),
        queryClient.invalidateQueries({ queryKey: printFarmKeys.stats }),
      ]);
    },
  });
}
