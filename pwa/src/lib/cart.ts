// The shopper's cart: one per store, kept in localStorage so it survives reloads, offline use and other
// tabs. Quantities are capped by the stock the shopper last saw; the server has the final word.
import { useCallback, useMemo, useSyncExternalStore } from 'react';

export interface CartProduct {
  id: string;
  name: string;
  /** Decimal string, e.g. '12.50'. */
  price: string;
  stockQuantity: number;
  imageUrl?: string | null;
}

export interface CartLine {
  product: CartProduct;
  quantity: number;
  customizations?: Record<string, string | number | boolean>;
}

const PREFIX = 'printfarm.cart.';
const EMPTY: readonly CartLine[] = [];
const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; lines: readonly CartLine[] }>();

function storageKey(storeKey: string): string {
  return `${PREFIX}${storeKey}`;
}

function isLine(value: unknown): value is CartLine {
  if (typeof value !== 'object' || value === null) return false;
  const line = value as Partial<CartLine>;
  return (
    typeof line.quantity === 'number' &&
    typeof line.product?.id === 'string' &&
    typeof line.product.name === 'string' &&
    typeof line.product.price === 'string' &&
    typeof line.product.stockQuantity === 'number'
  );
}

function readRaw(storeKey: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(storeKey));
  } catch {
    return null;
  }
}

/** The lines stored for a store; the same array while storage is unchanged (for useSyncExternalStore). */
export function readCart(storeKey: string): readonly CartLine[] {
  const raw = readRaw(storeKey);
  const cached = cache.get(storeKey);
  if (cached && cached.raw === raw) return cached.lines;
  let lines: readonly CartLine[] = EMPTY;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      lines = Array.isArray(parsed) ? parsed.filter(isLine).filter((line) => line.quantity > 0) : EMPTY;
    } catch {
      lines = EMPTY;
    }
  }
  cache.set(storeKey, { raw, lines });
  return lines;
}

function writeCart(storeKey: string, lines: readonly CartLine[]): void {
  try {
    if (lines.length === 0) window.localStorage.removeItem(storageKey(storeKey));
    else window.localStorage.setItem(storageKey(storeKey), JSON.stringify(lines));
  } catch {
    // Storage full or blocked (private mode): the cart still works for this page view.
    cache.set(storeKey, { raw: readRaw(storeKey), lines });
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const clamp = (quantity: number, stock: number) => Math.min(Math.floor(quantity), Math.max(0, stock));

/** Adding an existing product raises its quantity; out-of-stock products are refused (returns false). */
export function addToCart(storeKey: string, product: CartProduct, quantity = 1): boolean {
  if (product.stockQuantity <= 0) return false;
  const lines = readCart(storeKey);
  const existing = lines.find((line) => line.product.id === product.id);
  if (existing && existing.quantity >= product.stockQuantity) return false;
  const next = existing
    ? lines.map((line) =>
        line === existing
          ? { ...line, product, quantity: clamp(line.quantity + quantity, product.stockQuantity) }
          : line,
      )
    : [...lines, { product, quantity: clamp(quantity, product.stockQuantity) }];
  writeCart(storeKey, next);
  return true;
}

/** Sets a line's quantity; zero or less removes it, more than the stock is capped at the stock. */
export function setCartQuantity(storeKey: string, productId: string, quantity: number): void {
  const lines = readCart(storeKey);
  const next =
    quantity <= 0
      ? lines.filter((line) => line.product.id !== productId)
      : lines.map((line) =>
          line.product.id === productId
            ? { ...line, quantity: Math.max(1, clamp(quantity, line.product.stockQuantity)) }
            : line,
        );
  writeCart(storeKey, next);
}

export function removeFromCart(storeKey: string, productId: string): void {
  setCartQuantity(storeKey, productId, 0);
}

export function clearCart(storeKey: string): void {
  writeCart(storeKey, EMPTY);
}

/** Takes an order's quantities out of the cart, keeping whatever was added since it was placed. */
export function takeFromCart(
  storeKey: string,
  ordered: readonly { productId: string; quantity: number }[],
): void {
  const next = readCart(storeKey)
    .map((line) => {
      const taken = ordered.find((item) => item.productId === line.product.id)?.quantity ?? 0;
      return { ...line, quantity: line.quantity - taken };
    })
    .filter((line) => line.quantity > 0);
  writeCart(storeKey, next);
}

/** '12.50' → 1250; a malformed price counts as 0. */
export function priceCents(price: string): number {
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(price.trim());
  if (!match) return 0;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function cartSubtotalCents(lines: readonly CartLine[]): number {
  return lines.reduce((sum, line) => sum + priceCents(line.product.price) * line.quantity, 0);
}

/** The cart of one store (key: the store's id), live across components and tabs. */
export function useCart(storeKey: string) {
  const lines = useSyncExternalStore(
    subscribe,
    () => readCart(storeKey),
    () => EMPTY,
  );
  const add = useCallback(
    (product: CartProduct, quantity?: number) => addToCart(storeKey, product, quantity),
    [storeKey],
  );
  const setQuantity = useCallback(
    (productId: string, quantity: number) => setCartQuantity(storeKey, productId, quantity),
    [storeKey],
  );
  const remove = useCallback((productId: string) => removeFromCart(storeKey, productId), [storeKey]);
  const take = useCallback(
    (ordered: readonly { productId: string; quantity: number }[]) => takeFromCart(storeKey, ordered),
    [storeKey],
  );
  return useMemo(
    () => ({
      lines,
      count: lines.reduce((sum, line) => sum + line.quantity, 0),
      subtotalCents: cartSubtotalCents(lines),
      quantityOf: (productId: string) => lines.find((line) => line.product.id === productId)?.quantity ?? 0,
      add,
      setQuantity,
      remove,
      take,
    }),
    [lines, add, setQuantity, remove, take],
  );
}

export type Cart = ReturnType<typeof useCart>;
