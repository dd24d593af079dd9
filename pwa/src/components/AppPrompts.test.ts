// @vitest-environment jsdom
import type { PlaceOrderInput } from '@printfarm/domain/order';
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueOrder } from '../lib/pendingOrders.ts';
import AppPrompts from './AppPrompts.tsx';
import { toast } from './ui/toast.tsx';

vi.mock('./UpdatePrompt.tsx', () => ({ UpdatePrompt: () => null }));
vi.mock('./ui/toast.tsx', () => ({ toast: vi.fn() }));

const placed = { id: 'o-1', confirmationPath: '/orders/o-1?token=t' };
let root: Root;

function queue(idempotencyKey: string, storeDisplayName: string): void {
  const order = { items: [{ productId: 'p-pin', quantity: 1, unitPrice: '2.00' }] } as PlaceOrderInput;
  queueOrder({ storeId: idempotencyKey, storeName: 'parts', storeDisplayName, order, idempotencyKey });
}

function announced(): string[] {
  return vi.mocked(toast).mock.calls.map(([options]) => String(options.title));
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.localStorage.clear();
  vi.mocked(toast).mockClear();
  root = createRoot(document.body.appendChild(document.createElement('div')));
});

afterEach(async () => {
  await act(async () => root.unmount());
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('orders checked out offline', () => {
  it('announces each outcome once when several orders go out', async () => {
    vi.stubGlobal('fetch', async () => Response.json(placed, { status: 201 }));
    queue('key-1', 'Parts');
    queue('key-2', 'Knobs');
    await act(async () => root.render(createElement(AppPrompts)));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(announced()).toEqual(['Order placed successfully!', 'Order placed successfully!']);
    expect(window.localStorage.getItem('printfarm.pending-orders')).toBeNull();
  });

  describe('when the network answers late', () => {
    let posts: number;
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      posts = 0;
    });

    function serve(first: () => Promise<Response>): void {
      vi.stubGlobal('fetch', () => {
        posts += 1;
        return posts === 1 ? first() : Promise.resolve(Response.json(placed, { status: 201 }));
      });
    }

    async function openAppWithQueuedOrder(): Promise<void> {
      queue('key-1', 'Parts');
      await act(async () => root.render(createElement(AppPrompts)));
      await act(() => vi.advanceTimersByTimeAsync(10));
    }

    it('places an order queued on a network up without internet, without an online event', async () => {
      serve(() => Promise.reject(new TypeError('Failed to fetch')));
      await openAppWithQueuedOrder();
      expect(posts).toBe(1);
      expect(document.body.textContent).toContain('is being placed');
      await act(() => vi.advanceTimersByTimeAsync(5_000));
      expect(posts).toBe(2);
      expect(announced()).toEqual(['Order placed successfully!']);
      expect(document.body.textContent).not.toContain('is being placed');
    });

    it('sends again as soon as the app is focused', async () => {
      serve(() => Promise.reject(new TypeError('Failed to fetch')));
      await openAppWithQueuedOrder();
      await act(async () => {
        window.dispatchEvent(new Event('focus'));
        await vi.advanceTimersByTimeAsync(10);
      });
      expect(posts).toBe(2);
      expect(announced()).toEqual(['Order placed successfully!']);
    });

    it('gives up on a POST that never answers after 20 s and sends it again', async () => {
      serve(() => new Promise<Response>(() => {}));
      await openAppWithQueuedOrder();
      await act(() => vi.advanceTimersByTimeAsync(20_000 + 5_000));
      expect(posts).toBe(2);
      expect(announced()).toEqual(['Order placed successfully!']);
      expect(window.localStorage.getItem('printfarm.pending-orders')).toBeNull();
    });
  });
});
