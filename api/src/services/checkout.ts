// A checkout in two round trips. One query reads what pricing needs (the store with its owner's e-mail
// and shipping rules, the products, and an order the Idempotency-Key made before). One statement writes:
// it takes the stock of every line (never below zero, at the price the order was priced at), inserts
// the order and its items, and records its outbox events. One statement is one atomic step: if any
// line cannot be taken, raise_exception aborts it whole, stock included; a repeated Idempotency-Key
// aborts it on the orders' unique key.
import type { Order, OrderItem, PrismaClient, StoreShippingMethod } from '@printfarm/db';
import { Prisma } from '@printfarm/db';
import { OUTBOX_CHANNEL } from '@printfarm/db/outbox';
import type { JobName } from '@printfarm/domain/queues';
import type { OrderWithItems } from '../presenters/order.ts';

export const STOCK_REFUSED = 'checkout: a line could not be taken';

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

interface PlacedRow {
  status: string;
  payment_status: string;
  created_at: Date;
  updated_at: Date;
  items: { id: string; productId: string; createdAt: string }[];
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

/** True for the refusal raised when a line's stock (or price) changed after the order was priced. */
export function isStockRefusal(error: unknown): boolean {
  return String((error as { message?: unknown })?.message ?? '').includes(STOCK_REFUSED);
}

export async function insertCheckout(prisma: PrismaClient, order: CheckoutOrder): Promise<OrderWithItems> {
  const { lines } = order;
  const [placed] = await prisma.$queryRaw<PlacedRow[]>`
    WITH lines AS (
      SELECT * FROM unnest(
        ${lines.map((line) => line.productId)}::uuid[],
        ${lines.map((line) => line.quantity)}::int[],
        ${lines.map((line) => line.unitPrice)}::numeric[],
        ${lines.map((line) => line.productName)}::text[],
        ${lines.map((line) => (line.customizations ? JSON.stringify(line.customizations) : null))}::jsonb[],
        ${lines.map((_, index) => index)}::int[]
      ) AS l(product_id, quantity, unit_price, product_name, customizations, position)
    ),
    taken AS (
      UPDATE products p
         SET stock_quantity = p.stock_quantity - l.quantity, updated_at = now()
        FROM lines l
       WHERE p.id = l.product_id AND p.store_id = ${order.storeId}::uuid AND p.is_active
         AND p.stock_quantity >= l.quantity AND p.price = l.unit_price
      RETURNING p.id
    ),
    checked AS (
      SELECT CASE WHEN count(*) < ${lines.length}::int THEN raise_exception(${STOCK_REFUSED}) ELSE true END AS ok
        FROM taken
    ),
    placed AS (
      INSERT INTO orders (id, store_id, customer_name, customer_email, customer_phone, shipping_address,
                          shipping_method, notes, subtotal, shipping_fee, total_amount, idempotency_key,
                          request_hash)
      SELECT ${order.id}::uuid, ${order.storeId}::uuid, ${order.customerName}, ${order.customerEmail},
             ${order.customerPhone}, ${JSON.stringify(order.shippingAddress)}::jsonb, ${order.shippingMethod},
             ${order.notes}, ${order.subtotal}::numeric, ${order.shippingFee}::numeric,
             ${order.totalAmount}::numeric, ${order.idempotencyKey}, ${order.requestHash}
        FROM checked WHERE checked.ok
      RETURNING status, payment_status, created_at, updated_at
    ),
    items AS (
      INSERT INTO order_items (order_id, product_id, quantity, unit_price, product_name, customizations)
      SELECT ${order.id}::uuid, l.product_id, l.quantity, l.unit_price, l.product_name, l.customizations
        FROM lines l, placed
      RETURNING id, product_id, created_at
    ),
    events AS (
      INSERT INTO outbox_events (job, payload)
      SELECT e.job, e.payload
        FROM unnest(
          ${order.events.map((event) => event.job)}::text[],
          ${order.events.map((event) => JSON.stringify(event.payload))}::jsonb[]
        ) AS e(job, payload), placed
      RETURNING id
    ),
    -- Wakes the relays at commit, as recordJob does.
    notified AS (SELECT pg_notify(${OUTBOX_CHANNEL}, '') FROM placed)
    SELECT placed.status, placed.payment_status, placed.created_at, placed.updated_at,
           (SELECT json_agg(json_build_object('id', id, 'productId', product_id, 'createdAt', created_at))
              FROM items) AS items,
           (SELECT count(*) FROM events)::int AS events,
           (SELECT count(*) FROM notified)::int AS notified
      FROM placed`;
  if (!placed) throw new Error('the checkout statement placed no order');
  return orderWithItems(order, placed);
}

/** The order as Prisma would read it back, from what was written and what the database filled in. */
function orderWithItems(order: CheckoutOrder, placed: PlacedRow): OrderWithItems {
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
    status: placed.status,
    paymentStatus: placed.payment_status,
    paymentId: null,
    trackingNumber: null,
    shippingMethod: order.shippingMethod,
    notes: order.notes,
    idempotencyKey: order.idempotencyKey,
    requestHash: order.requestHash,
    createdAt: placed.created_at,
    updatedAt: placed.updated_at,
  };
  // In the cart's order, whatever order the database returned them in.
  const items: OrderItem[] = order.lines.map((line) => {
    const written = placed.items.find((item) => item.productId === line.productId);
    if (!written) throw new Error(`the checkout statement wrote no item for ${line.productId}`);
    return {
      id: written.id,
      orderId: order.id,
      productId: line.productId,
      quantity: line.quantity,
      unitPrice: new Prisma.Decimal(line.unitPrice),
      productName: line.productName,
      customizations: (line.customizations ?? null) as Prisma.JsonValue,
      createdAt: new Date(written.createdAt),
    };
  });
  return { ...row, items };
}
