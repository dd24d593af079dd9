// A checkout reads what pricing needs (the store with its owner's e-mail and shipping rules, the
// products, and an order the Idempotency-Key made before), prices the order in TypeScript, then writes it:
// place_store_orders (a SQL function, prisma/migrations) takes the stock of every line (never below
// zero, at the price the order was priced at), inserts the order and its items, and records its outbox
// events, all or nothing for each order.
//
// Both go a store's batch at a time (storeBatches.ts): the checkouts a store receives while its previous
// read or write is running wait for it and go together, one query and one transaction for all of them.
// Each order's payment is written with it, by the same function (see its migration for why).
// A store's popular product is then locked once per batch instead of once per order, and the orders
// waiting for it wait here, not in PostgreSQL. A store that receives one order at a time goes at once.
import type { Order, OrderItem, Payment, PrismaClient, StoreShippingMethod } from '@printfarm/db';
import { Prisma } from '@printfarm/db';
import { OUTBOX_CHANNEL } from '@printfarm/db/outbox';
import type { ProviderName } from '@printfarm/db/payments';
import type { JobName } from '@printfarm/domain/queues';
import { storeBatches } from './storeBatches.ts';

/** An order with its items and payments: the row its presenter (presenters/order.ts) writes out. */
export type OrderWithItems = Order & { items: OrderItem[]; payments: Payment[] };

export interface CheckoutLine {
  productId: string;
  productName: string;
  quantity: number;
  /** Decimal string, as priced ('12.50'). */
  unitPrice: string;
  customizations?: Record<string, unknown> | undefined;
}

/** The payment asked for with the order: its whole total, chosen (id and reference) before the write. */
export interface CheckoutPayment {
  id: string;
  provider: ProviderName;
  amountCents: number;
  reference: string;
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
  payment: CheckoutPayment;
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
  /** Staff's words on paying by bank transfer (the platform's payments.paymentInstructions). */
  paymentWords: string;
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
  earlierOrders: { key: string; id: string }[];
  paymentWords: string;
}

interface ReadingRequest {
  productIds: string[];
  idempotencyKey: string | null;
}

/** Everything pricing a batch of a store's orders needs, in one query; each order gets its own part. */
async function readCheckouts(
  prisma: PrismaClient,
  storeId: string,
  requests: ReadingRequest[],
): Promise<PromiseSettledResult<CheckoutReading>[]> {
  const productIds = [...new Set(requests.flatMap((request) => request.productIds))];
  const keys = requests.flatMap((request) => (request.idempotencyKey ? [request.idempotencyKey] : []));
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
      (SELECT coalesce(json_agg(json_build_object('key', o.idempotency_key, 'id', o.id)), '[]')
         FROM orders o
        WHERE o.store_id = ${storeId}::uuid AND o.idempotency_key = ANY(${keys}::text[])) AS "earlierOrders",
      -- As moneyTerms reads it: unsaved, the setting is empty.
      coalesce((SELECT s.value->>'paymentInstructions' FROM platform_settings s WHERE s.key = 'payments'), '')
        AS "paymentWords"`;
  if (!row) throw new Error('the checkout reading returned no row');
  const found = row.store;
  const store: CheckoutStore | null = found && {
    ...found,
    freeShippingOver: found.freeShippingOver === null ? null : new Prisma.Decimal(found.freeShippingOver),
    shippingMethods: found.shippingMethods.map((method) => ({
      storeId: found.id,
      method: method.method,
      fee: new Prisma.Decimal(method.fee),
    })),
  };
  const products = new Map(
    row.products.map((product) => [product.id, { ...product, price: new Prisma.Decimal(product.price) }]),
  );
  const earlier = new Map(row.earlierOrders.map((order) => [order.key, order.id]));
  return requests.map((request) => ({
    status: 'fulfilled',
    value: {
      store,
      products: request.productIds.flatMap((id) => products.get(id) ?? []),
      earlierOrderId: request.idempotencyKey ? (earlier.get(request.idempotencyKey) ?? null) : null,
      paymentWords: row.paymentWords,
    },
  }));
}

/** What became of an order in its batch. */
export type CheckoutOutcome =
  | { outcome: 'placed'; order: OrderWithItems }
  /** A line could not be taken (gone, hidden, short, or repriced since): nothing was written. */
  | { outcome: 'refused' }
  /** The store already has an order with this Idempotency-Key: nothing was written. */
  | { outcome: 'duplicate' }
  /** Another payment has the reference this order's payment was given: nothing was written. */
  | { outcome: 'clash' };

export interface Checkouts {
  /** What pricing an order needs, in its store's next batch of readings. */
  read(storeId: string, productIds: string[], idempotencyKey: string | null): Promise<CheckoutReading>;
  /** Writes one priced order, in its store's next batch of orders. */
  place(order: CheckoutOrder): Promise<CheckoutOutcome>;
}

interface PlacedRow {
  order_id: string;
  outcome: 'placed' | 'refused' | 'duplicate' | 'clash';
  order_status: string | null;
  order_payment_status: string | null;
  order_created_at: Date | null;
  order_updated_at: Date | null;
  order_items: { id: string; productId: string; createdAt: string }[] | null;
}

export interface CheckoutOptions {
  /** Orders one call of place_store_orders writes at most (each is a few statements inside it). */
  maxBatch?: number;
  /** Told the size of every batch of orders written (the API's metrics). */
  onBatch?: (orders: number) => void;
}

export function createCheckouts(
  prisma: PrismaClient,
  { maxBatch = 32, onBatch }: CheckoutOptions = {},
): Checkouts {
  async function write(storeId: string, orders: CheckoutOrder[]): Promise<CheckoutOutcome[]> {
    onBatch?.(orders.length);
    // The orders as they are: place_store_orders reads the fields it needs (a missing one is NULL).
    const rows = await prisma.$queryRaw<PlacedRow[]>`
      SELECT * FROM place_store_orders(${storeId}::uuid, ${JSON.stringify(orders)}::jsonb, ${OUTBOX_CHANNEL})`;
    return orders.map((order, index) => {
      const row = rows[index];
      if (row?.order_id !== order.id) throw new Error('place_store_orders answered out of order');
      if (row.outcome === 'placed') return { outcome: 'placed', order: orderWithItems(order, row) };
      return { outcome: row.outcome };
    });
  }

  const read = storeBatches<ReadingRequest, CheckoutReading>(
    (storeId, requests) => readCheckouts(prisma, storeId, requests),
    { maxBatch: 64 },
  );
  const place = storeBatches<CheckoutOrder, CheckoutOutcome>(
    async (storeId, orders) => {
      try {
        return settled(await write(storeId, orders));
      } catch (error) {
        if (orders.length === 1) throw error;
        // One order the database refuses must not fail the orders that happened to share its batch:
        // each is written again on its own and answered with its own outcome.
        const alone: PromiseSettledResult<CheckoutOutcome>[] = [];
        for (const order of orders) {
          alone.push(
            await write(storeId, [order]).then(
              ([outcome]) => ({ status: 'fulfilled', value: outcome as CheckoutOutcome }),
              (reason: unknown) => ({ status: 'rejected', reason }),
            ),
          );
        }
        return alone;
      }
    },
    { maxBatch },
  );
  return {
    read: (storeId, productIds, idempotencyKey) => read(storeId, { productIds, idempotencyKey }),
    place: (order) => place(order.storeId, order),
  };
}

function settled<T>(values: T[]): PromiseSettledResult<T>[] {
  return values.map((value) => ({ status: 'fulfilled', value }));
}

/** The order and its payment as Prisma would read them back, from what was written and what the database filled in. */
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
    paymentId: order.payment.id,
    carrier: null,
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
  const payment: Payment = {
    id: order.payment.id,
    provider: order.payment.provider,
    purpose: 'order',
    status: 'awaiting',
    amountCents: order.payment.amountCents,
    receivedCents: 0,
    capturedCents: 0,
    refundedCents: 0,
    shareCents: 0,
    reference: order.payment.reference,
    providerRef: null,
    checkoutSessionId: null,
    checkoutUrl: null,
    checkoutExpiresAt: null,
    payerName: order.customerName,
    payerEmail: order.customerEmail,
    userId: null,
    requestId: null,
    offerId: null,
    jobId: null,
    orderId: order.id,
    invoiceId: null,
    failureReason: null,
    securedAt: null,
    capturedAt: null,
    refundedAt: null,
    createdAt,
    updatedAt: createdAt,
  };
  return { ...row, items, payments: [payment] };
}
