import type { PlaceOrderInput } from '@printfarm/domain/order';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addToCart, readCart } from './cart.ts';
import { type PendingOrder, queueOrder, sendPendingOrders } from './pendingOrders.ts';

const QUEUE = 'printfarm.pending-orders';
const pin = { id: 'p-pin', name: 'Hinge Pin', price: '2.00', stockQuantity: 5 };
const placed = { id: 'o-1', confirmationPath: '/orders/o-1?token=t' };
let storage: Map<string, string>;

function queuePin(idempotencyKey = 'key-1'): void {
  const order = { items: [{ productId: pin.id, quantity: 1, unitPrice: pin.price }] } as PlaceOrderInput;
  queueOrder({ storeId: 's1', storeName: 'parts', storeDisplayName: 'Parts', order, idempotencyKey });
}

function queued(): PendingOrder[] {
  return JSON.parse(storage.get(QUEUE) ?? '[]');
}

beforeEach(() => {
  storage = new Map();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    },
    addEventListener: () => {},
    removeEventListener: () => {},
  });
  vi.stubGlobal('navigator', { onLine: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('sendPendingOrders', () => {
  it.each([
    ['a 502 from the proxy', () => new Response('Bad Gateway', { status: 502 })],
    ['a 503', () => new Response('{"message":"Down for maintenance"}', { status: 503 })],
    ['a 504', () => new Response('Gateway Timeout', { status: 504 })],
    ['a 429', () => new Response('{"message":"Too many requests"}', { status: 429 })],
    ['a 408', () => new Response('Request Timeout', { status: 408 })],
    ["a captive portal's 200 page", () => new Response('<html>Sign in to Wi-Fi</html>', { status: 200 })],
  ])('keeps the order queued with its key after %s, and says nothing', async (_, answer) => {
    addToCart('s1', pin);
    queuePin();
    vi.stubGlobal('fetch', async () => answer());
    expect(await sendPendingOrders()).toEqual([]);
    expect(queued().map((order) => order.idempotencyKey)).toEqual(['key-1']);
    expect(readCart('s1')).toHaveLength(1);
  });

  it.each([400, 404, 409, 422])('settles an order the store refuses with %i as refused', async (status) => {
    addToCart('s1', pin);
    queuePin();
    vi.stubGlobal('fetch', async () => new Response('{"message":"Hinge Pin is sold out"}', { status }));
    expect((await sendPendingOrders()).map((outcome) => outcome.kind)).toEqual(['refused']);
    expect(queued()).toEqual([]);
    expect(readCart('s1')).toHaveLength(1);
  });

  it('resends with the same key after a failure, and places the order once', async () => {
    queuePin();
    const keys: (string | null)[] = [];
    const answers = [new Response('Bad Gateway', { status: 502 }), Response.json(placed, { status: 201 })];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      keys.push(new Headers(init.headers).get('Idempotency-Key'));
      return answers.shift();
    });
    expect(await sendPendingOrders()).toEqual([]);
    expect((await sendPendingOrders()).map((outcome) => outcome.kind)).toEqual(['placed']);
    expect(keys).toEqual(['key-1', 'key-1']);
    expect(queued()).toEqual([]);
  });

  it('aborts a POST that never answers after 20 s, and keeps the order queued with its key', async () => {
    vi.useFakeTimers();
    queuePin();
    let signal: AbortSignal | null | undefined;
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      signal = init.signal;
      return new Promise((_, reject) => signal?.addEventListener('abort', () => reject(signal?.reason)));
    });
    const outcomes = sendPendingOrders();
    await vi.advanceTimersByTimeAsync(19_999);
    expect(signal).toBeInstanceOf(AbortSignal);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(signal?.aborted).toBe(true);
    expect(await outcomes).toEqual([]);
    expect(queued().map((order) => order.idempotencyKey)).toEqual(['key-1']);
  });

  it('gives the outcomes only to the call that started the send', async () => {
    queuePin('key-1');
    queuePin('key-2');
    vi.stubGlobal('fetch', async () => Response.json(placed, { status: 201 }));
    const first = sendPendingOrders();
    const joined = sendPendingOrders();
    expect((await first).map((outcome) => outcome.kind)).toEqual(['placed', 'placed']);
    expect(await joined).toEqual([]);
  });

  it('takes only the queued lines out of the cart once the order is placed', async () => {
    const bracket = { id: 'p-bracket', name: 'Bracket', price: '9.00', stockQuantity: 5 };
    addToCart('s1', pin);
    queuePin();
    addToCart('s1', pin);
    addToCart('s1', bracket);
    vi.stubGlobal('fetch', async () => Response.json(placed, { status: 201 }));
    expect((await sendPendingOrders()).map((outcome) => outcome.kind)).toEqual(['placed']);
    expect(readCart('s1').map((line) => [line.product.name, line.quantity])).toEqual([
      ['Hinge Pin', 1],
      ['Bracket', 1],
    ]);
  });
});
