// A checkout in two round trips. One query reads what pricing needs (the store with its owner's e-mail
// and shipping rules, the products, and an order the Idempotency-Key made before). One call writes:
// place_store_orders (a SQL function, prisma/migrations) takes the stock of every line (never below
// zero, at the price the order was priced at), inserts the order and its items, and records its outbox
// events, all or nothing for each order.
//
// That call writes a batch: the orders a store receives while its previous batch is being written wait
// for it and go together, in one transaction with one commit. A store's popular product is then locked
// once per batch instead of once per order, and the orders waiting for it wait here, not in PostgreSQL.
// A store that receives one order at a time writes it at once.
import type { Order, OrderItem, PrismaClient, StoreShippingMethod } from '@printfarm/db';
import { Prisma } from '@printfarm/db';
import { OUTBOX_CHANNEL } from '@printfarm/db/outbox';
import type { JobName } from '@printfarm/domain/queues';
import type { OrderWithItems } from '../presenters/order.ts';

export interface CheckoutLine {
  productId: string;
  productName: string;
  quantity: number;
  /** Decimal string, as priced ('12.50'). */
  unitPrice: string;
  customizations?: Record<string, unknown> | undefined;
}

export interface CheckoutOrder {
  id: string;
  storeId: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  shippingAddress: Record<string, unknown>;
  shippingMethod: string;
  notes: string | null;
  subtotal: string;
  shippingFee: string;
  totalAmount: string;
  idempotencyKey: string | null;
  requestHash: string | null;
  lines: CheckoutLine[];
  events: { job: JobName; payload: unknown }[];
}

export interface CheckoutStore {
  id: string;
  storeName: string;
  displayName: string;
  isActive: boolean;
  ownerEmail: string | null;
  freeShippingOver: Prisma.Decimal | null;
  shippingMethods: StoreShippingMethod[];
}

export interface CheckoutProduct {
  id: string;
  name: string;
  price: Prisma.Decimal;
  stockQuantity: number;
}

export interface CheckoutReading {
  store: CheckoutStore | null;
  /** The store's active products among those asked for. */
  products: CheckoutProduct[];
  /** The order this store already has for the Idempotency-Key, if any. */
  earlierOrderId: string | null;
}

interface ReadingRow {
  store: {
    id: string;
    storeName: string;
    displayName: string;
    isActive: boolean;
    ownerEmail: string | null;
    freeShippingOver: string | null;
    shippingMethods: { method: string; fee: string }[];
  } | null;
  products: { id: string; name: string; price: string; stockQuantity: number }[];
  earlierOrderId: string | null;
}

/** Everything pricing an order needs, in one query. */
export async function readCheckout(
  prisma: PrismaClient,
  storeId: string,
  productIds: string[],
  idempotencyKey: string | null,
): Promise<CheckoutReading> {
  const [row] = await prisma.$queryRaw<ReadingRow[]>`
    SELECT
      (SELECT json_build_object(
                'id', s.id, 'storeName', s.store_name, 'displayName', s.display_name, 'isActive', s.is_active,
                'ownerEmail', u.email, 'freeShippingOver', s.free_shipping_over::text,
                'shippingMethods', (SELECT coalesce(json_agg(json_build_object('method', m.method, 'fee', m.fee::text)), '[]')
                                      FROM store_shipping_methods m WHERE m.store_id = s.id))
         FROM stores s JOIN users u ON u.id = s.user_id
        WHERE s.id = ${storeId}::uuid) AS store,
      (SELECT coalesce(json_agg(json_build_object('id', p.id, 'name', p.name, 'price', p.price::text,
                                                  'stockQuantity', p.stock_quantity)), '[]')
         FROM products p
        WHERE p.id = ANY(${productIds}::uuid[]) AND p.store_id = ${storeId}::uuid AND p.is_active) AS products,
      (SELECT o.id FROM orders o
        WHERE o.store_id = ${storeId}::uuid AND o.idempotency_key = ${idempotencyKey}) AS "earlierOrderId"`;
  if (!row) throw new Error('the checkout reading returned no row');
  const store = row.store;
  return {
    store: store && {
      ...store,
      freeShippingOver: store.freeShippingOver === null ? null : new Prisma.Decimal(store.freeShippingOver),
      shippingMethods: store.shippingMethods.map((method) => ({
        storeId: store.id,
        method: method.method,
        fee: new Prisma.Decimal(method.fee),
      })),
    },
    products: row.products.map((product) => ({ ...product, price: new Prisma.Decimal(product.price) })),
    earlierOrderId: row.earlierOrderId,
  };
}

/** What became of an order in its batch. */
export type CheckoutOutcome =
  | { outcome: 'placed'; order: OrderWithItems }
  /** A line could not be taken (gone, hidden, short, or repriced since): nothing was written. */
  | { outcome: 'refused' }
  /** The store already has an order with this Idempotency-Key: nothing was written. */
  | { outcome: 'duplicate' };

export interface CheckoutWriter {
  /** Writes one priced order, in the next batch of its store. */
  place(order: CheckoutOrder): Promise<CheckoutOutcome>;
}

interface PlacedRow {
  order_id: string;
  outcome: 'placed' | 'refused' | 'duplicate';
  order_status: string | null;
  order_payment_status: string | null;
  order_created_at: Date | null;
  order_updated_at: Date | null;
  order_items: { id: string; productId: string; createdAt: string }[] | null;
}

interface Waiting {
  order: CheckoutOrder;
  resolve(outcome: CheckoutOutcome): void;
  reject(error: unknown): void;
}

export interface CheckoutWriterOptions {
  /** Orders one call writes at most (each is a few statements inside the function). */
  maxBatch?: number;
  /** Told the size of every batch written (the API's metrics). */
  onBatch?: (orders: number) => void;
}

export function createCheckoutWriter(
  prisma: PrismaClient,
  { maxBatch = 32, onBatch }: CheckoutWriterOptions = {},
): CheckoutWriter {
  /** Per store with a batch being written: the orders that arrived since. */
  const queued = new Map<string, Waiting[]>();

  async function call(storeId: string, orders: CheckoutOrder[]): Promise<CheckoutOutcome[]> {
    onBatch?.(orders.length);
    const rows = await prisma.$queryRaw<PlacedRow[]>`
      SELECT * FROM place_store_orders(${storeId}::uuid, ${JSON.stringify(orders.map(batchEntry))}::jsonb, ${OUTBOX_CHANNEL})`;
    return orders.map((order, index) => {
      const row = rows[index];
      if (row?.order_id !== order.id) throw new Error('place_store_orders answered out of order');
      if (row.outcome === 'placed') return { outcome: 'placed', order: orderWithItems(order, row) };
      return { outcome: row.outcome };
    });
  }

  async function write(storeId: string, batch: Waiting[]): Promise<void> {
    try {
      const outcomes = await call(
        storeId,
        batch.map(({ order }) => order),
      );
      for (const [index, { resolve }] of batch.entries()) resolve(outcomes[index] as CheckoutOutcome);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // One order the database refuses must not fail the orders that happened to share its batch:
      // each is written again on its own and answered with its own outcome.
      for (const waiting of batch) await write(storeId, [waiting]);
    }
  }

  async function drain(storeId: string): Promise<void> {
    for (;;) {
      const waiting = queued.get(storeId) ?? [];
      if (waiting.length === 0) {
        queued.delete(storeId);
        return;
      }
      await write(storeId, waiting.splice(0, maxBatch));
    }
  }

  return {
    place(order) {
      return new Promise((resolve, reject) => {
        const waiting = queued.get(order.storeId);
        if (waiting) {
          waiting.push({ order, resolve, reject });
          return;
        }
        queued.set(order.storeId, [{ order, resolve, reject }]);
        void drain(order.storeId);
      });
    },
  };
}

/** An order as place_store_orders reads it. */
function batchEntry(order: CheckoutOrder) {
  return {
    id: order.id,
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    shippingAddress: order.shippingAddress,
    shippingMethod: order.shippingMethod,
    notes: order.notes,
    subtotal: order.subtotal,
    shippingFee: order.shippingFee,
    totalAmount: order.totalAmount,
    idempotencyKey: order.idempotencyKey,
    requestHash: order.requestHash,
    lines: order.lines.map((line) => ({ ...line, customizations: line.customizations ?? null })),
    events: order.events,
  };
}

/** The order as Prisma would read it back, from what was written and what the database filled in. */
function orderWithItems(order: CheckoutOrder, placed: PlacedRow): OrderWithItems {
  const {
    order_status: status,
    order_payment_status: paymentStatus,
    order_created_at: createdAt,
    order_updated_at: updatedAt,
    order_items: written,
  } = placed;
  if (status === null || paymentStatus === null || createdAt === null || updatedAt === null || !written) {
    throw new Error(`place_store_orders placed order ${order.id} without its row`);
  }
  const row: Order = {
    id: order.id,
    storeId: order.storeId,
    customerEmail: order.customerEmail,
    customerName: order.customerName,
    customerPhone: order.customerPhone,
    shippingAddress: order.shippingAddress as Prisma.JsonObject,
    billingAddress: null,
    subtotal: new Prisma.Decimal(order.subtotal),
    shippingFee: new Prisma.Decimal(order.shippingFee),
    totalAmount: new Prisma.Decimal(order.totalAmount),
    status,
    paymentStatus,
    paymentId: null,
    trackingNumber: null,
    shippingMethod: order.shippingMethod,
    notes: order.notes,
    idempotencyKey: order.idempotencyKey,
    requestHash: order.requestHash,
    createdAt,
    updatedAt,
  };
  // In the cart's order, whatever order the database returned them in.
  const items: OrderItem[] = order.lines.map((line) => {
    const item = written.find((entry) => entry.productId === line.productId);
    if (!item) throw new Error(`place_store_orders wrote no item for ${line.productId}`);
    return {
      id: item.id,
      orderId: order.id,
      productId: line.productId,
      quantity: line.quantity,
      unitPrice: new Prisma.Decimal(line.unitPrice),
      productName: line.productName,
      customizations: (line.customizations ?? null) as Prisma.JsonValue,
      createdAt: new Date(item.createdAt),
    };
  });
  return { ...row, items };
}
