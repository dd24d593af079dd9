// The signed-in customer's print requests: the list, one request with its files and offers (polled
// while farms are quoting or the slicer is firming prices), and every action the customer takes on one.
import type {
  PrintRequestChoicesInput,
  RatingInput,
  ShipToAddressInput,
} from '@printfarm/domain/printRequest';
import { OFFER_STATUSES } from '@printfarm/domain/requestStatus';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfferView, PrintRequestSummaryView, PrintRequestView } from '../../../api/src/views/index.ts';
import { ApiError, apiJson, type Outcome } from './request.ts';

export type { OfferView };
export type PrintRequestSummary = PrintRequestSummaryView;
export type PrintRequestDetail = PrintRequestView;
export type RequestFile = PrintRequestView['files'][number];
export type FileAnalysis = NonNullable<RequestFile['analysis']>;
export type CustomerJob = NonNullable<PrintRequestView['job']>;
export type StatusChange = PrintRequestView['statusHistory'][number];
export type RequestPayment = PrintRequestView['payments'][number];
export type RequestCharge = NonNullable<PrintRequestView['charge']>;
export type RequestClaim = NonNullable<PrintRequestView['claim']>;

export const printRequestKeys = {
  all: ['/api/print-requests'] as const,
  detail: (id: string) => ['/api/print-requests', id] as const,
  offers: (id: string) => ['/api/print-requests', id, 'offers'] as const,
};

/** Statuses that change without the customer doing anything: farms quote, accept, print and ship. */
const MOVING_STATUSES: readonly string[] = ['quoting', 'ordered', 'accepted', 'printing', 'shipped'];
const LIST_POLL_MS = 15_000;

export const printRequestQueries = {
  /** Read again on every visit, and every 15 s while a request is moving on its own. */
  list: () =>
    queryOptions<PrintRequestSummary[]>({
      queryKey: printRequestKeys.all,
      staleTime: 0,
      refetchInterval: (query) =>
        (query.state.data ?? []).some((request) => MOVING_STATUSES.includes(request.status))
          ? LIST_POLL_MS
          : false,
    }),
  detail: (id: string) => queryOptions<PrintRequestDetail>({ queryKey: printRequestKeys.detail(id) }),
  offers: (id: string) => queryOptions<OfferView[]>({ queryKey: printRequestKeys.offers(id) }),
};

export const CLOSED_STATUSES = ['completed', 'cancelled'] as const;

export function isClosed(status: string): boolean {
  return (CLOSED_STATUSES as readonly string[]).includes(status);
}

/** The estimate reason the quote job writes while stage 2 (slicing) is still running. */
export const SLICING_REASON = 'Being checked by our slicer';

/** Farms usually answer within a few hundred milliseconds: look often just after 'Get quotes'. */
const FIRST_LOOK_MS = 300;
const FIRST_LOOKS_FOR_MS = 5_000;
const FAST_POLL_MS = 1_000;
const SLOW_POLL_MS = 5_000;
const FOLLOW_POLL_MS = 15_000;
/** A slicer check still running after this long is stuck or slow; polling slows down. */
const FAST_FOR_MS = 2 * 60_000;

/**
 * How often to re-read a request and its offers: every 300 ms for the first seconds after 'Get quotes' (farms
 * answer within a few hundred milliseconds), then every second while farms are quoting, files are being
 * measured, the slicer is firming prices or a new order is being sent to its farm; every 15 s while a
 * farm works on the order or the customer's payment is awaited (a bank transfer takes days); never once
 * settled.
 */
export function pollInterval(
  request:
    | (Pick<PrintRequestDetail, 'status' | 'quotedAt' | 'files' | 'job' | 'statusHistory'> &
        Partial<Pick<PrintRequestDetail, 'payments'>>)
    | undefined,
  offers: readonly Pick<OfferView, 'kind' | 'estimateReason'>[] | undefined,
  now = Date.now(),
): number | false {
  if (!request) return false;
  const analysing = request.files.some(
    (file) => file.analysisStatus === 'pending' || file.analysisStatus === 'analyzing',
  );
  // Just ordered and paid for: the farm is being chosen and told, which takes a moment.
  const awaitingPayment = (request.payments ?? []).some((payment) => payment.status === 'awaiting');
  const routing = request.status === 'ordered' && request.job === null && !awaitingPayment;
  if (request.status === 'quoting') {
    const asked = request.statusHistory.findLast((change) => change.toStatus === 'quoting');
    const askedFor = asked ? now - new Date(asked.createdAt).getTime() : Number.POSITIVE_INFINITY;
    // Bounded both ways, so a device clock far off the server's never keeps the fast pace.
    return Math.abs(askedFor) < FIRST_LOOKS_FOR_MS ? FIRST_LOOK_MS : FAST_POLL_MS;
  }
  if (analysing || routing) return FAST_POLL_MS;
  if (request.status === 'quoted') {
    const slicing = (offers ?? []).some(
      (offer) => offer.kind === 'estimate' && offer.estimateReason === SLICING_REASON,
    );
    if (!slicing) return false;
    const quotedFor = request.quotedAt ? now - new Date(request.quotedAt).getTime() : 0;
    return quotedFor > FAST_FOR_MS ? SLOW_POLL_MS : FAST_POLL_MS;
  }
  return MOVING_STATUSES.includes(request.status) ? FOLLOW_POLL_MS : false;
}

/** One request and, while it has any, its offers, both re-read as pollInterval says. */
export function useLivePrintRequest(id: string) {
  const queryClient = useQueryClient();
  // Evaluated again after every update of either query, so each sees the other's latest answer.
  const interval = () =>
    pollInterval(
      queryClient.getQueryData<PrintRequestDetail>(printRequestKeys.detail(id)),
      queryClient.getQueryData<OfferView[]>(printRequestKeys.offers(id)),
    );
  const request = useQuery({ ...printRequestQueries.detail(id), staleTime: 0, refetchInterval: interval });
  const status = request.data?.status;
  const offers = useQuery({
    ...printRequestQueries.offers(id),
    staleTime: 0,
    enabled: status !== undefined && (OFFER_STATUSES as readonly string[]).includes(status),
    refetchInterval: interval,
  });
  return { request, offers };
}

function useRequestMutation<TInput>(
  id: string,
  call: (input: TInput) => Promise<PrintRequestDetail>,
  outcome: Outcome<PrintRequestDetail>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (request) => {
      queryClient.setQueryData(printRequestKeys.detail(id), request);
      void queryClient.invalidateQueries({ queryKey: printRequestKeys.all, exact: true });
      void queryClient.invalidateQueries({ queryKey: printRequestKeys.offers(id) });
      outcome.onSuccess?.(request);
    },
    onError: (error) => {
      // A 409 means the request moved on (offers expired, a farm answered): show what it is now.
      if (error instanceof ApiError && error.status === 409) {
        void queryClient.invalidateQueries({ queryKey: printRequestKeys.detail(id) });
        void queryClient.invalidateQueries({ queryKey: printRequestKeys.offers(id) });
      }
      outcome.onError?.(error);
    },
  });
}

const base = (id: string) => `/api/print-requests/${encodeURIComponent(id)}`;

/** PATCH: saves choices (every field optional); changing a file's unit rescales it on the server. */
export function useUpdatePrintRequest(id: string, outcome: Outcome<PrintRequestDetail> = {}) {
  return useRequestMutation(
    id,
    (choices: PrintRequestChoicesInput) => apiJson<PrintRequestDetail>('PATCH', base(id), choices),
    outcome,
  );
}

/** 'Get quotes': the request goes to quoting; a 400 names the missing fields. */
export function useSubmitPrintRequest(id: string, outcome: Outcome<PrintRequestDetail> = {}) {
  return useRequestMutation(id, () => apiJson<PrintRequestDetail>('POST', `${base(id)}/submit`), outcome);
}

/** Accepting an offer orders the request, shipped to the address given (a 400 names a missing field). */
export function useAcceptOffer(id: string, outcome: Outcome<PrintRequestDetail> = {}) {
  return useRequestMutation(
    id,
    ({
      offerId,
      price,
      shippingAddress,
      printAsIs,
    }: {
      offerId: string;
      /** The price the dialog showed: a price changed since answers 409 (the page then shows the new one). */
      price: string;
      shippingAddress?: ShipToAddressInput | undefined;
      printAsIs?: boolean;
    }) =>
      apiJson<PrintRequestDetail>('POST', `${base(id)}/offers/${encodeURIComponent(offerId)}/accept`, {
        shippingAddress,
        price,
        ...(printAsIs ? { printAsIs } : {}),
      }),
    outcome,
  );
}

export function useCancelPrintRequest(id: string, outcome: Outcome<PrintRequestDetail> = {}) {
  return useRequestMutation(
    id,
    (input: { reason?: string }) => apiJson<PrintRequestDetail>('POST', `${base(id)}/cancel`, input),
    outcome,
  );
}

/** 'Request again': a new draft with the same files and choices (the same one on a second click). */
export function useRequestAgain(id: string, outcome: Outcome<PrintRequestDetail> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<PrintRequestDetail>('POST', `${base(id)}/again`),
    onSuccess: (draft) => {
      queryClient.setQueryData(printRequestKeys.detail(draft.id), draft);
      void queryClient.invalidateQueries({ queryKey: printRequestKeys.all, exact: true });
      outcome.onSuccess?.(draft);
    },
    onError: (error) => outcome.onError?.(error),
  });
}

export type CounterAnswer = 'accept' | 'refuse';

export function useAnswerCounterOffer(id: string, outcome: Outcome<PrintRequestDetail> = {}) {
  return useRequestMutation(
    id,
    (answer: CounterAnswer) => apiJson<PrintRequestDetail>('POST', `${base(id)}/counter/${answer}`),
    outcome,
  );
}

export function useRatePrintRequest(id: string, outcome: Outcome<PrintRequestDetail> = {}) {
  return useRequestMutation(
    id,
    (rating: RatingInput) => apiJson<PrintRequestDetail>('POST', `${base(id)}/rating`, rating),
    outcome,
  );
}
