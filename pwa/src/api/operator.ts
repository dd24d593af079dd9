// The farm operator's area: the job inbox (polled, since the network routes new jobs at any time), one
// job and every answer and report on it, and the farm's settings. Staff pass the farm they look at.
import type { FarmSettingsInput } from '@printfarm/domain/farmSettings';
import type { JobTab } from '@printfarm/domain/printJob';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  FarmSettingsAnswerView,
  FarmSettingsView,
  ManagedFarmView,
  OperatorJobView,
  OperatorSummaryView,
  ScorecardView,
} from '../../../api/src/views/index.ts';
import { ApiError, apiJson, type Outcome } from './request.ts';
import { useSettledMutation } from './settledMutation.ts';

export type OperatorJob = OperatorJobView;
export type JobFile = OperatorJobView['files'][number];
export type FarmSettings = FarmSettingsView;
export type FarmRate = FarmSettingsView['rates'][number];
export type Scorecard = ScorecardView;

/** A farm the user may manage, for the farm picker (all farms for staff). */
export type ManagedFarm = ManagedFarmView;
/** GET/PUT /api/operator/farm: the farm shown and the farms the user may switch to. */
export type FarmSettingsAnswer = FarmSettingsAnswerView;
export type OperatorSummary = OperatorSummaryView;

/** How often the inbox looks for newly routed jobs and answers from customers. */
const INBOX_POLL_MS = 30_000;

export const operatorKeys = {
  summary: ['/api/operator/summary'] as const,
  jobs: ['/api/operator/jobs'] as const,
  jobList: (tab: JobTab, farmId: string | null) => ['/api/operator/jobs', { state: tab, farmId }] as const,
  job: (id: string) => ['/api/operator/jobs', id] as const,
  farm: (farmId: string | null) => ['/api/operator/farm', { farmId }] as const,
};

/** '?farmId=…' for staff and operators with several farms; nothing for an operator's first farm. */
export function withFarm(path: string, farmId: string | null, params: Record<string, string> = {}): string {
  const query = new URLSearchParams(params);
  if (farmId) query.set('farmId', farmId);
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export const operatorQueries = {
  summary: () =>
    queryOptions({
      queryKey: operatorKeys.summary,
      queryFn: () => apiJson<OperatorSummary>('GET', '/api/operator/summary'),
      staleTime: 0,
      refetchInterval: INBOX_POLL_MS,
    }),
  jobs: (tab: JobTab, farmId: string | null) =>
    queryOptions({
      queryKey: operatorKeys.jobList(tab, farmId),
      queryFn: () => apiJson<OperatorJob[]>('GET', withFarm('/api/operator/jobs', farmId, { state: tab })),
      staleTime: 0,
      refetchInterval: INBOX_POLL_MS,
    }),
  /** Re-read while it waits for an answer: the customer may cancel, or the deadline pass. */
  job: (id: string) =>
    queryOptions<OperatorJob>({
      queryKey: operatorKeys.job(id),
      staleTime: 0,
      refetchInterval: (query) =>
        ['offered', 'countered'].includes(query.state.data?.state ?? '') ? INBOX_POLL_MS : false,
    }),
  farm: (farmId: string | null) =>
    queryOptions({
      queryKey: operatorKeys.farm(farmId),
      queryFn: () => apiJson<FarmSettingsAnswer>('GET', withFarm('/api/operator/farm', farmId)),
      staleTime: 0,
    }),
};

/** What each answer or report on a job sends (the server checks it again with the same schemas). */
export interface JobActionInputs {
  accept: undefined;
  decline: { reason: string };
  counter: { price?: string; readyBy?: string };
  start: undefined;
  progress: { percent: number };
  ship: { carrier: string; trackingNumber: string };
  deliver: undefined;
}
export type JobAction = keyof JobActionInputs;

/**
 * One answer or report on a job. The answer is the job as it is now; the inbox and its badge are read
 * again. A 409 means the job moved on (answered in time by someone else, expired, cancelled): the job is
 * read again, so the screen shows what it is now, and the page says why.
 */
export function useJobAction<A extends JobAction>(
  jobId: string,
  action: A,
  outcome: Outcome<OperatorJob> = {},
) {
  const queryClient = useQueryClient();
  const refreshInbox = () => {
    // The lists (keys with a filter object), not the job just answered with.
    void queryClient.invalidateQueries({
      queryKey: operatorKeys.jobs,
      predicate: (query) => typeof query.queryKey[1] === 'object',
    });
    void queryClient.invalidateQueries({ queryKey: operatorKeys.summary });
  };
  return useMutation({
    mutationFn: (input: JobActionInputs[A]) =>
      apiJson<OperatorJob>('POST', `/api/operator/jobs/${encodeURIComponent(jobId)}/${action}`, input),
    onSuccess: (job) => {
      queryClient.setQueryData(operatorKeys.job(jobId), job);
      refreshInbox();
      outcome.onSuccess?.(job);
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: operatorKeys.job(jobId) });
        refreshInbox();
      }
      outcome.onError?.(error);
    },
  });
}

function useFarmMutation<TInput>(
  farmId: string,
  call: (input: TInput) => Promise<FarmSettingsAnswer>,
  outcome: Outcome<FarmSettingsAnswer>,
) {
  return useSettledMutation(
    call,
    (answer, queryClient) => queryClient.setQueryData(operatorKeys.farm(farmId), answer),
    outcome,
  );
}

/** PUT: replaces the farm's rates, availability, profile and ordering-page wish. */
export function useSaveFarmSettings(farmId: string, outcome: Outcome<FarmSettingsAnswer> = {}) {
  return useFarmMutation(
    farmId,
    (settings: FarmSettingsInput) =>
      apiJson<FarmSettingsAnswer>('PUT', withFarm('/api/operator/farm', farmId), settings),
    outcome,
  );
}

/** Links the operator's store (or creates one) as the farm's custom ordering page. */
export function useLinkOrderingPage(farmId: string, outcome: Outcome<FarmSettingsAnswer> = {}) {
  return useFarmMutation(
    farmId,
    () => apiJson<FarmSettingsAnswer>('POST', withFarm('/api/operator/farm/ordering-page', farmId)),
    outcome,
  );
}
