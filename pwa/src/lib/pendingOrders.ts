// Checkouts made offline. The cart is the one thing that keeps working without a connection: Place
// Order stores the order with its Idempotency-Key, and it is sent while the browser is online, again and
// again until it gets an answer (a network can be up without reaching the internet). The key makes a
// resend safe: the server answers a repeat with the order it already made.
import type { PlaceOrderInput } from '@printfarm/domain/order';
import { useSyncExternalStore } from 'react';
import { ApiError } from '../api/request.ts';
import { type PlacedOrder, postOrder } from '../api/stores.ts';
import { takeFromCart } from './cart.ts';

export interface PendingOrder {
  storeId: string;
  storeName: string;
  storeDisplayName: string;
  order: PlaceOrderInput;
  idempotencyKey: string;
  queuedAt: number;
}

export type SendOutcome =
  | { kind: 'placed'; pending: PendingOrder; placed: PlacedOrder }
  | { kind: 'refused'; pending: PendingOrder; error: unknown };

const KEY = 'printfarm.pending-orders';
const NONE: readonly PendingOrder[] = [];
const listeners = new Set<() => void>();
let snapshot: { raw: string | null; orders: readonly PendingOrder[] } = { raw: null, orders: NONE };

function read(): readonly PendingOrder[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(KEY);
  } catch {
    return snapshot.orders;
  }
  if (raw === snapshot.raw) return snapshot.orders;
  let orders: readonly PendingOrder[] = NONE;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) orders = parsed as PendingOrder[];
  } catch {
    orders = NONE;
  }
  snapshot = { raw, orders };
  return orders;
}

function write(orders: readonly PendingOrder[]): void {
  try {
    if (orders.length === 0) window.localStorage.removeItem(KEY);
    else window.localStorage.setItem(KEY, JSON.stringify(orders));
  } catch {
    snapshot = { raw: snapshot.raw, orders };
  }
  for (const listener of listeners) listener();
}

export function queueOrder(pending: Omit<PendingOrder, 'queuedAt'>): void {
  const others = read().filter((order) => order.idempotencyKey !== pending.idempotencyKey);
  write([...others, { ...pending, queuedAt: Date.now() }]);
}

function settle(idempotencyKey: string): void {
  write(read().filter((order) => order.idempotencyKey !== idempotencyKey));
}

/**
 * The store refused the order itself (sold out since, say): only the shopper can fix it. Any other
 * failure (a 5xx, 408, 429, an answer that is not the order, no answer) may hide a placed order.
 */
function isRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status < 500 && error.status !== 408 && error.status !== 429;
}

const SEND_TIMEOUT_MS = 20_000;
const FIRST_RETRY_MS = 5_000;
const LAST_RETRY_MS = 60_000;

// A POST that never answers would hold the queue for good: it is cancelled and given up on (even where
// a fetch ignores the cancel), and counts as unreachable. Our own timer: Safari before 16 lacks
// AbortSignal.timeout.
function postWithin(pending: PendingOrder): Promise<PlacedOrder> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error('No answer'));
    }, SEND_TIMEOUT_MS);
  });
  const post = postOrder(pending.storeId, pending.order, pending.idempotencyKey, controller.signal);
  return Promise.race([post, timeout]).finally(() => clearTimeout(timer));
}

let sending: Promise<SendOutcome[]> | null = null;

/**
 * Sends every queued order once, in the order they were placed. A placed order takes its lines out of
 * its store's cart (the cart keeps what was added since); one the server refuses leaves the cart as it
 * was for the shopper to fix. Any other failure keeps the order queued with its key, for a resend the
 * server answers with the same order. A call made while a send is under way joins it with no outcomes:
 * they are the first caller's to announce.
 */
export function sendPendingOrders(): Promise<SendOutcome[]> {
  if (sending) return sending.then(() => []);
  sending = (async () => {
    const outcomes: SendOutcome[] = [];
    for (const pending of read()) {
      try {
        const placed = await postWithin(pending);
        settle(pending.idempotencyKey);
        takeFromCart(pending.storeId, pending.order.items);
        outcomes.push({ kind: 'placed', pending, placed });
      } catch (error) {
        if (!isRefusal(error)) break;
        settle(pending.idempotencyKey);
        outcomes.push({ kind: 'refused', pending, error });
      }
    }
    return outcomes;
  })().finally(() => {
    sending = null;
  });
  return sending;
}

/**
 * Sends the queue now, again after 5 s, doubling to a minute, and whenever the page is shown or
 * focused, until stopped (returns the stop). Each outcome goes to `announce` once.
 */
export function keepSendingPendingOrders(announce: (outcome: SendOutcome) => void): () => void {
  let delay = FIRST_RETRY_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const send = () => {
    if (stopped) return;
    void sendPendingOrders().then((outcomes) => {
      outcomes.forEach(announce);
      clearTimeout(timer);
      if (stopped || read().length === 0) return;
      timer = setTimeout(send, delay);
      delay = Math.min(delay * 2, LAST_RETRY_MS);
    });
  };
  const sendIfShown = () => {
    if (document.visibilityState === 'visible') send();
  };
  window.addEventListener('focus', send);
  document.addEventListener('visibilitychange', sendIfShown);
  send();
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('focus', send);
    document.removeEventListener('visibilitychange', sendIfShown);
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function usePendingOrders(): readonly PendingOrder[] {
  return useSyncExternalStore(subscribe, read, () => NONE);
}
