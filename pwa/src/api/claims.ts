// Claims on a delivered job, from each side: the customer opens one and may dispute the answer, the
// farm's operator answers with a reprint or a refund, staff decide a dispute. Each call answers only
// that it was done, so the screens read again what they show.
import type { ClaimInput } from '@printfarm/domain/claims';
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPaymentKeys } from './adminPayments.ts';
import { earningsKeys } from './earnings.ts';
import { operatorKeys } from './operator.ts';
import { printRequestKeys } from './printRequests.ts';
import { apiJson, type Outcome } from './request.ts';

export interface ClaimAnswerInput {
  resolution: 'reprint' | 'refund';
  refundCents?: number;
  message?: string;
}

export interface ClaimDecisionInput {
  refundCents: number;
  answer: string;
}

function useClaimMutation<TInput>(
  call: (input: TInput) => Promise<unknown>,
  changed: readonly QueryKey[],
  outcome: Outcome,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => {
      for (const queryKey of changed) void queryClient.invalidateQueries({ queryKey });
      outcome.onSuccess?.(undefined);
    },
    onError: (error) => outcome.onError?.(error),
  });
}

const requestPath = (requestId: string) => `/api/print-requests/${encodeURIComponent(requestId)}/claim`;

/** 'Report a problem': the reason, the details and up to five photos as data URLs. */
export function useOpenClaim(requestId: string, outcome: Outcome = {}) {
  return useClaimMutation(
    (claim: ClaimInput) => apiJson('POST', requestPath(requestId), claim),
    [printRequestKeys.detail(requestId)],
    outcome,
  );
}

/** The customer disagrees with the farm's answer; staff decide. */
export function useDisputeClaim(requestId: string, outcome: Outcome = {}) {
  return useClaimMutation(
    (input: { reason: string }) => apiJson('POST', `${requestPath(requestId)}/dispute`, input),
    [printRequestKeys.detail(requestId)],
    outcome,
  );
}

/** The operator's answer: a reprint, or a refund of up to what the customer paid. */
export function useAnswerClaim(jobId: string, outcome: Outcome = {}) {
  return useClaimMutation(
    (answer: ClaimAnswerInput) =>
      apiJson('POST', `/api/operator/jobs/${encodeURIComponent(jobId)}/claim`, answer),
    [operatorKeys.job(jobId), earningsKeys.all],
    outcome,
  );
}

/** Staff decide a disputed claim: a further refund (or none) and the words both sides read. */
export function useDecideClaim(outcome: Outcome = {}) {
  return useClaimMutation(
    ({ claimId, ...decision }: ClaimDecisionInput & { claimId: string }) =>
      apiJson('POST', `/api/admin/claims/${encodeURIComponent(claimId)}/decide`, decision),
    [adminPaymentKeys.all, adminPaymentKeys.ledger],
    outcome,
  );
}
