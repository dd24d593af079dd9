// The operator's money: what is pending, available and paid out, each job's price, commission and share,
// the weekly payouts with their statements, and how each farm or store is paid (bank transfer, or a
// Stripe account the operator sets up). Staff look at one farm at a time (?farmId=).
import type { PayoutSetup } from '@printfarm/domain/receipts';
import { queryOptions, useMutation } from '@tanstack/react-query';
import type { EarningsView } from '../../../api/src/views/index.ts';
import { apiJson, type Outcome } from './request.ts';

export type Earnings = EarningsView;
export type EarningsJob = EarningsView['jobs'][number];
export type Payout = EarningsView['payouts'][number];
export type PayoutAccount = EarningsView['payoutAccounts'][number];

export const earningsKeys = {
  all: ['/api/operator/earnings'] as const,
  of: (farmId: string | null) => ['/api/operator/earnings', { farmId }] as const,
};

export const earningsQueries = {
  /** Read on every visit: captures, releases and payouts happen in the background. */
  earnings: (farmId: string | null) =>
    queryOptions({
      queryKey: earningsKeys.of(farmId),
      queryFn: () =>
        apiJson<Earnings>(
          'GET',
          farmId ? `/api/operator/earnings?farmId=${encodeURIComponent(farmId)}` : '/api/operator/earnings',
        ),
      staleTime: 0,
    }),
};

/** The payout's statement, downloaded as a CSV file. */
export const payoutStatementUrl = (payoutId: string) =>
  `/api/operator/payouts/${encodeURIComponent(payoutId)}/statement.csv`;

/** Sets up (or continues setting up) Stripe payouts: the browser goes on to Stripe's own pages. */
export function useStartPayoutSetup(outcome: Outcome = {}) {
  return useMutation({
    mutationFn: (payee: PayoutSetup) =>
      apiJson<{ url: string }>('POST', '/api/operator/payouts/stripe', payee),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => outcome.onError?.(error),
  });
}
