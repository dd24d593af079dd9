// The farm's printers and print queue (issue 27). The queue is read every few seconds while its screen
// is visible, so progress reported by the printers moves by itself; every command on an item answers
// the whole queue as it is now. Staff pass the farm they look at; an operator's first farm needs none.
import type { PrinterInput, PrinterUpdate } from '@printfarm/domain/printers';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PrinterView, QueueItemView } from '../../../api/src/views/index.ts';
import { withFarm } from './operator.ts';
import { ApiError, apiJson, apiRequest, type Outcome } from './request.ts';
import { useSettledMutation } from './settledMutation.ts';

export type Printer = PrinterView;
export type QueueItem = QueueItemView;

/** How often the screen reads the queue and the printers while it is visible. */
const QUEUE_POLL_MS = 4_000;

export const printQueueKeys = {
  printers: (farmId: string | null) => ['/api/operator/printers', { farmId }] as const,
  queue: (farmId: string | null) => ['/api/operator/queue', { farmId }] as const,
};

/** A farm's list, read again every few seconds: printers report at any time. Its key holds its path. */
const polledList = <T>(queryKey: readonly [string, { farmId: string | null }]) =>
  queryOptions({
    queryKey,
    queryFn: () => apiJson<T[]>('GET', withFarm(queryKey[0], queryKey[1].farmId)),
    staleTime: 0,
    refetchInterval: QUEUE_POLL_MS,
  });

export const printQueueQueries = {
  printers: (farmId: string | null) => polledList<Printer>(printQueueKeys.printers(farmId)),
  queue: (farmId: string | null) => polledList<QueueItem>(printQueueKeys.queue(farmId)),
};

/** What each command on a queue item sends (the server checks it with domain/printQueue.ts). */
export interface QueueCommandInputs {
  pin: { printerId: string | null };
  hold: undefined;
  release: undefined;
  start: { printerId: string };
  done: undefined;
  fail: { reason: string };
}
export type QueueCommand = keyof QueueCommandInputs;

/**
 * One command on an item. The answer is the queue as it is now; the printers are read again (a start,
 * a finish or a failure changes what they do). A 409 or 404 means the item moved on meanwhile: the queue
 * is read again, so the screen shows where it stands.
 */
export function useQueueCommand<C extends QueueCommand>(
  farmId: string | null,
  command: C,
  outcome: Outcome<QueueItem[]> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, input }: { itemId: string; input: QueueCommandInputs[C] }) =>
      apiJson<QueueItem[]>(
        'POST',
        withFarm(`/api/operator/queue/${encodeURIComponent(itemId)}/${command}`, farmId),
        input,
      ),
    onSuccess: (queue) => {
      queryClient.setQueryData(printQueueKeys.queue(farmId), queue);
      void queryClient.invalidateQueries({ queryKey: printQueueKeys.printers(farmId) });
      outcome.onSuccess?.(queue);
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: printQueueKeys.queue(farmId) });
      }
      outcome.onError?.(error);
    },
  });
}

/**
 * The operator's new order of the waiting items, top first. Shown at once; when the server refuses it
 * (the queue changed meanwhile) the queue is read again.
 */
export function useQueueOrder(farmId: string | null, outcome: Outcome<QueueItem[]> = {}) {
  const queryClient = useQueryClient();
  const key = printQueueKeys.queue(farmId);
  return useMutation({
    mutationFn: (order: QueueItem[]) =>
      apiJson<QueueItem[]>('PUT', withFarm('/api/operator/queue/order', farmId), {
        itemIds: order.filter(isWaiting).map((item) => item.id),
      }),
    onMutate: async (order) => {
      // A poll answered during the move would put the old order back on screen.
      await queryClient.cancelQueries({ queryKey: key });
      queryClient.setQueryData(key, order);
    },
    onSuccess: (queue) => {
      queryClient.setQueryData(key, queue);
      outcome.onSuccess?.(queue);
    },
    onError: (error) => {
      void queryClient.invalidateQueries({ queryKey: key });
      outcome.onError?.(error);
    },
  });
}

/** Items the operator orders: those waiting for a printer, held or not. */
export const isWaiting = (item: QueueItem) => item.state === 'queued' || item.state === 'held';

/** Adds a printer, or changes one (`printerId`): what the operator says about it, or its state. */
export function useSavePrinter(
  farmId: string | null,
  printerId: string | null,
  outcome: Outcome<Printer> = {},
) {
  return useSettledMutation(
    (input: PrinterInput | PrinterUpdate) =>
      printerId
        ? apiJson<Printer>(
            'PATCH',
            withFarm(`/api/operator/printers/${encodeURIComponent(printerId)}`, farmId),
            input,
          )
        : apiJson<Printer>('POST', withFarm('/api/operator/printers', farmId), input),
    (_printer, queryClient) => refreshPrinters(queryClient, farmId),
    outcome,
  );
}

export function useRemovePrinter(farmId: string | null, outcome: Outcome<null> = {}) {
  return useSettledMutation(
    (printerId: string) =>
      apiJson<null>('DELETE', withFarm(`/api/operator/printers/${encodeURIComponent(printerId)}`, farmId)),
    (_answer, queryClient) => refreshPrinters(queryClient, farmId),
    outcome,
  );
}

/** The printers changed: so did which printer may take which item. */
function refreshPrinters(queryClient: QueryClient, farmId: string | null) {
  void queryClient.invalidateQueries({ queryKey: printQueueKeys.printers(farmId) });
  void queryClient.invalidateQueries({ queryKey: printQueueKeys.queue(farmId) });
}

/** What the queue screen downloads for a printer: its G-code, or a 3MF project to open in a slicer. */
export type PrinterFileKind = 'gcode' | 'project.3mf';

/** An item's G-code or project for one printer, as a file to save. */
export interface GcodeFile {
  blob: Blob;
  fileName: string;
}

/** The server is still slicing the part or making its project for that printer (202): asked again after a short wait. */
export class GcodePreparing extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GcodePreparing';
  }
}

const GCODE_RETRY_MS = 3_000;
/** About a minute of waiting; a part that takes longer is asked for again by the operator. */
const GCODE_ATTEMPTS = 20;

type PrinterFileRequest = { itemId: string; printerId: string; kind: PrinterFileKind };

async function fetchPrinterFile(
  farmId: string | null,
  { itemId, printerId, kind }: PrinterFileRequest,
): Promise<GcodeFile> {
  const response = await apiRequest(
    'GET',
    withFarm(`/api/operator/queue/${encodeURIComponent(itemId)}/${kind}`, farmId, { printerId }),
  );
  if (response.status === 202) {
    const { message } = (await response.json()) as { message: string };
    throw new GcodePreparing(message);
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName =
    /filename="([^"]+)"/.exec(disposition)?.[1] ?? (kind === 'gcode' ? 'part.gcode' : 'part.3mf');
  return { blob: await response.blob(), fileName };
}

/**
 * Fetches the G-code or the 3MF project, asking again every few seconds while the server makes it;
 * while it waits, `failureReason` is a GcodePreparing with the server's words.
 */
export function useGcodeDownload(farmId: string | null, outcome: Outcome<GcodeFile> = {}) {
  return useMutation({
    mutationFn: (request: PrinterFileRequest) => fetchPrinterFile(farmId, request),
    retry: (failures, error) => error instanceof GcodePreparing && failures < GCODE_ATTEMPTS,
    retryDelay: GCODE_RETRY_MS,
    onSuccess: (file) => outcome.onSuccess?.(file),
    onError: (error) => outcome.onError?.(error),
  });
}
