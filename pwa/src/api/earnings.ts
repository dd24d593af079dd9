// The operator's money: what is pending, available and paid out, each job's price, commission and share,
// and the weekly payouts with their statements. Staff look at one farm at a time (?farmId=).
import { queryOptions } from '@tanstack/react-query';
import type { EarningsView } from '../../../api/src/services/earnings.ts';
import { apiJson } from './request.ts';

export type Earnings = EarningsView;
export type EarningsJob = EarningsView['jobs'][number];
export type Payout = EarningsView['payouts'][number];

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
