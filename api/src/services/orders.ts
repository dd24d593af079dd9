// Placing an order and moving it through its states. Every line is priced from the database; the stock,
// the order, its items, its payment and its e-mails are written in one call, in the store's next batch
// (services/checkout.ts), and an idempotency key makes a repeated submit answer the order it already made.
// Cancelling gives the money back (or fails the payment still awaited); delivering releases the store's
// share (db/src/payments/orderCancel.ts, orderRelease.ts).

import { createHash, randomUUID } from 'node:crypto';
import type { Prisma, PrismaClient } from '@printfarm/db';
import type { Logger } from '@printfarm/db/logger';
import { recordJob } from '@printfarm/db/outbox';
import type { PaymentProvider } from '@printfarm/db/payments';
import { newReference } from '@printfarm/db/payments/flow';
import { cancelOrderPayment, lockOrderPayment, restockOrder } from '@printfarm/db/payments/orderCancel';
import { releaseOrderShare } from '@printfarm/db/payments/orderRelease';
import { formatCents, formatUsd, parseCents } from '@printfarm/domain/money';
import {
  canTransitionOrder,
  MAX_ORDER_TOTAL_CENTS,
  ORDER_STATUSES,
  type OrderStatus,
  type OrderStatusUpdate,
  type PlaceOrder,
} from '@printfarm/domain/order';
import { SHIPPING_METHODS, shippingFeeCents, shippingRatesOf } from '@printfarm/domain/shipping';
import { deferredEmail } from '@printfarm/mail/deferred';
import { type MailOrder, mailOrderOf, mailOrderPayment, mailStore } from '@printfarm/mail/orders';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors.ts';
import type { CheckoutOrder, CheckoutPayment, Checkouts, OrderWithItems } from './checkout.ts';
import { isOrderLinkToken, orderLinkUrl } from './orderLinks.ts';

import { STORE_NOT_FOUND } from './stores.ts';

export const ORDER_NOT_FOUND = 'Order not found';
export const ORDER_LINK_INVALID =
  'This order link is not valid. Please open the link from your confirmation e-mail.';

export interface PlaceOrderContext {
  /** Reads and writes checkouts a store's batch at a time (one per process: createApp makes it). */
  checkouts: Checkouts;
  idempotencyKey?: string | undefined;
  publicUrl: string;
  /** Signs the order's confirmation link (the session secret). */
  linkSecret: string;
  /** The payment processor the order's payment is asked through. */
  payments: PaymentProvider;
  log?: Logger;
}

export interface PlacedOrder {
  order: OrderWithItems;
  /** False when the idempotency key named an order made before. */
  created: boolean;
  /** Staff's words on paying by bank transfer (platform settings), for the payment's instructions. */
  paymentWords: string;
}

/** What every read of an order brings: its items in the cart's order, and its payment. */
export const ORDER_WITH_ITEMS = {
  items: { orderBy: { createdAt: 'asc' } },
  payments: true,
} satisfies Prisma.OrderInclude;

/** The same order request always hashes the same, whatever order its keys came in. */
function requestHash(input: PlaceOrder): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : typeof value === 'object' && value !== null
        ? Object.fromEntries(
            Object.entries(value)
              .filter(([, entry]) => entry !== undefined)
              .sort(([a], [b]) => (a < b ? -1 : 1))
              .map(([key, entry]) => [key, canonical(entry)]),
          )
        : value;
  return createHash('sha256')
    .update(JSON.stringify(canonical(input)))
    .digest('hex');
}

/** The order an earlier request with this key made; 422 when that request was a different order. */
async function findByKey(prisma: PrismaClient, storeId: string, idempotencyKey: string, hash: string) {
  const earlier = await prisma.order.findUnique({
    where: { storeId_idempotencyKey: { storeId, idempotencyKey } },
    include: ORDER_WITH_ITEMS,
  });
  if (earlier?.requestHash && earlier.requestHash !== hash) {
    throw new HttpError(422, 'This Idempotency-Key was used for a different order');
  }
  return earlier;
}

/** Why a line cannot be taken: 400 when the product is gone or hidden, 409 naming it when stock is short. */
async function refuseLine(
  tx: Prisma.TransactionClient | PrismaClient,
  storeId: string,
  line: { productId: string; index: number },
): Promise<never> {
  const product = await tx.product.findFirst({
    where: { id: line.productId, storeId, isActive: true },
    select: { name: true, stockQuantity: true },
  });
  if (!product) {
    const message = 'This product is no longer available';
    throw badRequest(message, { [`items.${line.index}.productId`]: message });
  }
  const message = `Only ${product.stockQuantity} left of "${product.name}"`;
  throw conflict(message, { [`items.${line.index}.quantity`]: message });
}

/** A checkout raced a price change or a concurrent order for the last units: priced again this often. */
const PRICING_ATTEMPTS = 3;

export async function placeOrder(
  prisma: PrismaClient,
  storeId: string,
  input: PlaceOrder,
  context: PlaceOrderContext,
  attempt = 1,
): Promise<PlacedOrder> {
  const { idempotencyKey, log } = context;
  const hash = requestHash(input);
  const lines = input.items.map((item, index) => ({ ...item, index }));
  // What pricing needs, read in one query (with the store's other checkouts of the moment); an order
  // the key made before is answered as it is.
  const { store, products, earlierOrderId, paymentWords } = await context.checkouts.read(
    storeId,
    lines.map((line) => line.productId),
    idempotencyKey ?? null,
  );
  if (!store?.isActive) throw notFound(STORE_NOT_FOUND);
  if (idempotencyKey && earlierOrderId) {
    const earlier = await findByKey(prisma, storeId, idempotencyKey, hash);
    if (earlier) return { order: earlier, created: false, paymentWords };
  }

  const byId = new Map(products.map((product) => [product.id, product]));
  const priced: ((typeof lines)[number] & { name: string; unitPriceCents: number })[] = [];
  for (const line of lines) {
    const product = byId.get(line.productId);
    // Gone, hidden or already short (sold out): refuse before writing anything.
    if (!product || product.stockQuantity < line.quantity) await refuseLine(prisma, storeId, line);
    if (!product) continue;
    const unitPriceCents = parseCents(product.price.toFixed(2)) ?? 0;
    if (line.unitPrice !== undefined && parseCents(line.unitPrice) !== unitPriceCents) {
      log?.info(
        { productId: line.productId, sent: line.unitPrice, price: product.price.toFixed(2) },
        'client price ignored',
      );
    }
    priced.push({ ...line, name: product.name, unitPriceCents });
  }
  const subtotalCents = priced.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
  // The store's own shipping rules (or the network's table) for this subtotal.
  const feeCents = shippingFeeCents(shippingRatesOf(store), input.shippingMethod, subtotalCents);
  if (feeCents === undefined) {
    const message = `${store.displayName} does not ship ${SHIPPING_METHODS[input.shippingMethod].name}`;
    throw badRequest(message, { shippingMethod: message });
  }
  const totalCents = subtotalCents + feeCents;
  if (totalCents > MAX_ORDER_TOTAL_CENTS) {
    throw badRequest(
      `This order's total passes ${formatUsd(MAX_ORDER_TOTAL_CENTS)}, more than one order can hold. Please split it into smaller orders.`,
    );
  }
  if (input.totalAmount !== undefined && parseCents(input.totalAmount) !== totalCents) {
    log?.info({ sent: input.totalAmount, total: formatCents(totalCents) }, 'client total ignored');
  }

  // The order's and its payment's ids (and the payment's reference) are chosen here, so its e-mails
  // can be written before the one statement stores all.
  const orderId = randomUUID();
  const payment: CheckoutPayment = {
    id: randomUUID(),
    provider: context.payments.name,
    amountCents: totalCents,
    reference: newReference(),
  };
  const mail: MailOrder = {
    id: orderId,
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    shippingMethod: input.shippingMethod,
    subtotal: formatCents(subtotalCents),
    shippingFee: formatCents(feeCents),
    totalAmount: formatCents(totalCents),
    trackingNumber: null,
    shippingAddress: input.shippingAddress as MailOrder['shippingAddress'],
    items: priced.map((line) => ({
      productName: line.name,
      quantity: line.quantity,
      unitPrice: formatCents(line.unitPriceCents),
    })),
    payment: mailOrderPayment({ ...payment, receivedCents: 0, status: 'awaiting' }, paymentWords),
  };
  const orderUrl = orderLinkUrl(context.publicUrl, context.linkSecret, orderId);
  const events: CheckoutOrder['events'] = [
    {
      job: 'email.send',
      payload: await deferredEmail('orderConfirmationEmail', mail, mailStore(store), orderUrl),
    },
  ];
  if (store.ownerEmail) {
    const adminUrl = new URL(`/admin/store/${store.storeName}?tab=orders`, context.publicUrl).href;
    events.push({
      job: 'email.send',
      payload: await deferredEmail('newOrderEmail', mail, mailStore(store), store.ownerEmail, adminUrl),
    });
  }
  const placed = await context.checkouts.place({
    id: orderId,
    storeId,
    customerName: input.customerName,
    customerEmail: input.customerEmail,
    customerPhone: input.customerPhone || null,
    shippingAddress: input.shippingAddress,
    shippingMethod: input.shippingMethod,
    notes: input.notes || null,
    subtotal: formatCents(subtotalCents),
    shippingFee: formatCents(feeCents),
    totalAmount: formatCents(totalCents),
    idempotencyKey: idempotencyKey ?? null,
    requestHash: idempotencyKey ? hash : null,
    lines: priced.map((line) => ({
      productId: line.productId,
      productName: line.name,
      quantity: line.quantity,
      unitPrice: formatCents(line.unitPriceCents),
      customizations: line.customizations,
    })),
    payment,
    events,
  });
  if (placed.outcome === 'placed') return { order: placed.order, created: true, paymentWords };
  // The same key raced us and won: its order is committed (the unique index waited for it).
  if (placed.outcome === 'duplicate' && idempotencyKey) {
    const raced = await findByKey(prisma, storeId, idempotencyKey, hash);
    if (raced) return { order: raced, created: false, paymentWords };
  }
  // Another payment has this reference: the same order again, with a fresh one (and fresh e-mails).
  if (placed.outcome === 'clash') return placeOrder(prisma, storeId, input, context, attempt);
  // Sold out or gone since it was priced: say which line. Otherwise its price changed: price again.
  for (const line of lines) {
    const left = await prisma.product.findFirst({
      where: { id: line.productId, storeId, isActive: true, stockQuantity: { gte: line.quantity } },
      select: { id: true },
    });
    if (!left) await refuseLine(prisma, storeId, line);
  }
  if (attempt < PRICING_ATTEMPTS) return placeOrder(prisma, storeId, input, context, attempt + 1);
  throw conflict('The products in this order changed while it was placed. Please try again.');
}

export function listStoreOrders(prisma: PrismaClient, storeId: string) {
  return prisma.order.findMany({
    where: { storeId },
    include: ORDER_WITH_ITEMS,
    orderBy: { createdAt: 'desc' },
  });
}

function asStatus(status: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : 'pending';
}

/**
 * Moves an order along pending → processing → shipped → delivered, or cancels it from pending or
 * processing (its stock goes back in the same transaction, and its money: a refund job, or the payment
 * still awaited fails). Delivered releases the store's share. The shopper hears about shipped and
 * cancelled (and the refund job about the refund).
 */
export async function updateOrderStatus(
  prisma: PrismaClient,
  storeId: string,
  orderId: string,
  update: OrderStatusUpdate,
  links: { publicUrl: string; linkSecret: string },
): Promise<OrderWithItems> {
  const orderUrl = orderLinkUrl(links.publicUrl, links.linkSecret, orderId);
  const store = await prisma.store.findUnique({ where: { id: storeId } });
  if (!store) throw notFound(STORE_NOT_FOUND);
  return prisma.$transaction(async (tx) => {
    const payment = await lockOrderPayment(tx, storeId, orderId);
    // Lock the order row so two admins changing it at once are applied one after the other.
    const locked = await tx.$queryRaw<{ status: string }[]>`
      SELECT status FROM orders WHERE id = ${orderId}::uuid AND store_id = ${storeId}::uuid FOR UPDATE`;
    const current = locked[0];
    if (!current) throw notFound(ORDER_NOT_FOUND);
    const from = asStatus(current.status);
    if (from === update.status && update.status === 'shipped' && update.trackingNumber) {
      // Correcting the tracking number of a shipped order is allowed and mails nobody.
      return tx.order.update({
        where: { id: orderId },
        data: { trackingNumber: update.trackingNumber, carrier: update.carrier ?? null },
        include: ORDER_WITH_ITEMS,
      });
    }
    if (!canTransitionOrder(from, update.status)) {
      const message = `An order that is ${from} cannot become ${update.status}`;
      throw conflict(message, { status: message });
    }
    const order = await tx.order.update({
      where: { id: orderId },
      data: {
        status: update.status,
        ...(update.status === 'shipped'
          ? { trackingNumber: update.trackingNumber ?? null, carrier: update.carrier ?? null }
          : {}),
      },
      include: ORDER_WITH_ITEMS,
    });
    if (update.status === 'cancelled') {
      if (payment) await cancelOrderPayment(tx, payment);
      await restockOrder(tx, order.items);
      await recordJob(
        tx,
        'email.send',
        await deferredEmail('orderCancelledEmail', mailOrderOf(order), mailStore(store)),
      );
    }
    if (update.status === 'shipped') {
      await recordJob(
        tx,
        'email.send',
        await deferredEmail('orderShippedEmail', mailOrderOf(order), mailStore(store), orderUrl),
      );
    }
    if (update.status === 'delivered') {
      await recordJob(
        tx,
        'email.send',
        await deferredEmail('orderDeliveredEmail', mailOrderOf(order), mailStore(store), orderUrl),
      );
    }
    if (update.status === 'delivered' && payment) {
      await releaseOrderShare(tx, { id: order.id, storeId, paymentId: payment.id });
    }
    // A cancel that failed the payment changed the order's payment status too.
    if (update.status === 'cancelled' && payment) {
      return tx.order.findUniqueOrThrow({ where: { id: orderId }, include: ORDER_WITH_ITEMS });
    }
    return order;
  });
}

/** The order a confirmation link names: 403 when the token is not the link's, 404 when the order is gone. */
export async function findOrderByLink(prisma: PrismaClient, orderId: string, token: string, secret: string) {
  if (!isOrderLinkToken(secret, orderId, token)) throw forbidden(ORDER_LINK_INVALID);
  const order = await prisma.order.findUnique({
    where: { id: orderId },
    include: { ...ORDER_WITH_ITEMS, store: { select: { storeName: true, displayName: true } } },
  });
  if (!order) throw notFound(ORDER_NOT_FOUND);
  return order;
}
