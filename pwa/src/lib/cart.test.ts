import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addToCart,
  cartSubtotalCents,
  clearCart,
  priceCents,
  readCart,
  removeFromCart,
  setCartQuantity,
  takeFromCart,
} from './cart.ts';

const knob = { id: 'p-knob', name: 'Dryer Knob', price: '12.50', stockQuantity: 3 };
const clip = { id: 'p-clip', name: 'Fridge Clip', price: '6.00', stockQuantity: 20 };

beforeEach(() => {
  const store = new Map<string, string>();
  vi.stubGlobal('window', {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    },
    addEventListener: () => {},
    removeEventListener: () => {},
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('cart', () => {
  it('raises the quantity of a product already in the cart and keeps one cart per store', () => {
    expect(addToCart('store-a', knob)).toBe(true);
    expect(addToCart('store-a', knob)).toBe(true);
    addToCart('store-b', clip);
    expect(readCart('store-a').map((line) => [line.product.id, line.quantity])).toEqual([['p-knob', 2]]);
    expect(readCart('store-b').map((line) => line.product.id)).toEqual(['p-clip']);
  });

  it('never holds more than the stock and refuses out-of-stock products', () => {
    addToCart('s', knob, 2);
    addToCart('s', knob, 5);
    expect(readCart('s')[0]?.quantity).toBe(3);
    expect(addToCart('s', knob)).toBe(false);
    setCartQuantity('s', 'p-knob', 10);
    expect(readCart('s')[0]?.quantity).toBe(3);
    expect(addToCart('s', { ...clip, stockQuantity: 0 })).toBe(false);
    expect(readCart('s')).toHaveLength(1);
  });

  it('removes a line at zero or less, on remove, and empties on clear', () => {
    addToCart('s', knob);
    addToCart('s', clip);
    setCartQuantity('s', 'p-knob', 0);
    expect(readCart('s').map((line) => line.product.id)).toEqual(['p-clip']);
    setCartQuantity('s', 'p-clip', -3);
    expect(readCart('s')).toEqual([]);
    addToCart('s', clip);
    removeFromCart('s', 'p-clip');
    expect(readCart('s')).toEqual([]);
    addToCart('s', clip);
    clearCart('s');
    expect(readCart('s')).toEqual([]);
  });

  it('survives a reload from storage and ignores what it cannot read', () => {
    addToCart('s', knob, 2);
    addToCart('s', clip);
    expect(cartSubtotalCents(readCart('s'))).toBe(3100);
    window.localStorage.setItem('printfarm.cart.s', '{not json');
    expect(readCart('s')).toEqual([]);
    window.localStorage.setItem('printfarm.cart.s', JSON.stringify([{ product: { id: 1 }, quantity: 2 }]));
    expect(readCart('s')).toEqual([]);
  });

  it('reads prices as cents', () => {
    expect([priceCents('12.5'), priceCents('0.99'), priceCents('7'), priceCents('x')]).toEqual([
      1250, 99, 700, 0,
    ]);
  });

  it("takes an order's quantities out, keeping lines and quantities added since", () => {
    addToCart('s', knob, 3);
    addToCart('s', clip);
    takeFromCart('s', [
      { productId: knob.id, quantity: 2 },
      { productId: clip.id, quantity: 1 },
      { productId: 'p-gone', quantity: 1 },
    ]);
    expect(readCart('s').map((line) => [line.product.id, line.quantity])).toEqual([[knob.id, 1]]);
  });
});
