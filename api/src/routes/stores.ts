// Public store calls: the storefront, its products, placing an order and the workshop's custom-order request.
import { moneyTerms } from '@printfarm/db/payments/flow';
import { orderLinkQuerySchema, placeOrderSchema } from '@printfarm/domain/order';
import { customOrderSchema } from '@printfarm/domain/store';
import type { ApiDeps } from '../deps.ts';
import type { AppContext, AppRouter } from '../http/context.ts';
import { badRequest } from '../http/errors.ts';
import { pathId } from '../http/params.ts';
import { ipKey } from '../http/rateLimit.ts';
import { validate } from '../http/validate.ts';
import { type PlacedOrderView, presentOrderConfirmation, presentPlacedOrder } from '../presenters/order.ts';
import { presentNetworkProduct, presentPublicProduct } from '../presenters/product.ts';
import { presentPublicStore } from '../presenters/store.ts';
import { orderLinkPath } from '../services/orderLinks.ts';
import { findOrderByLink, ORDER_NOT_FOUND, placeOrder } from '../services/orders.ts';
import {
  findPublicStore,
  listNetworkProducts,
  listPublicProducts,
  requestCustomOrder,
  STORE_NOT_FOUND,
} from '../services/stores.ts';

const MAX_KEY_LENGTH = 200;
const STORE_ID = pathId('storeId', STORE_NOT_FOUND);
const ORDER_ID = pathId('orderId', ORDER_NOT_FOUND);

/** The checkout's Idempotency-Key header (or an idempotencyKey body field), when it sent one. */
function idempotencyKeyOf(ctx: AppContext): string | undefined {
  const body = (ctx.request as { body?: unknown }).body;
  const fromBody =
    typeof body === 'object' && body !== null
      ? (body as { idempotencyKey?: unknown }).idempotencyKey
      : undefined;
  const key = ctx.get('Idempotency-Key') || (typeof fromBody === 'string' ? fromBody : '');
  if (!key) return undefined;
  if (key.length > MAX_KEY_LENGTH || !/^[\x21-\x7e]+$/.test(key)) {
    const message = 'Idempotency key must be at most 200 visible characters';
    throw badRequest(message, { idempotencyKey: message });
  }
  return key;
}

export function registerStoreRoutes(
  router: AppRouter,
  { prisma, config, log, rateLimits, checkouts, payments }: ApiDeps,
): void {
  // Generous for real carts (a shop's checkout retries, a family behind one address), tight for scripts.
  const placeOrderLimit = rateLimits.limit({
    name: 'store-order',
    points: 60,
    durationSeconds: 600,
    key: ipKey,
  });
  const customOrderLimit = rateLimits.limit({
    name: 'custom-order',
    points: 10,
    durationSeconds: 3600,
    key: ipKey,
  });

  router.get('/api/public/store/:storeName', async (ctx) => {
    const store = await findPublicStore(prisma, ctx.params.storeName ?? '');
    ctx.body = presentPublicStore(store);
  });

  router.get('/api/public/store/:storeName/products', async (ctx) => {
    const store = await findPublicStore(prisma, ctx.params.storeName ?? '');
    const products = await listPublicProducts(prisma, store.id);
    ctx.body = products.map(presentPublicProduct);
  });

  // 'View All Products': what every store on the network sells.
  router.get('/api/public/products', async (ctx) => {
    ctx.body = (await listNetworkProducts(prisma)).map(presentNetworkProduct);
  });

  router.post(
    '/api/stores/:storeId/orders',
    placeOrderLimit,
    STORE_ID.required,
    validate(placeOrderSchema),
    async (ctx) => {
      const storeId = STORE_ID.of(ctx);
      const placed = await placeOrder(prisma, storeId, ctx.state.input, {
        checkouts,
        idempotencyKey: idempotencyKeyOf(ctx),
        publicUrl: config.PUBLIC_URL,
        linkSecret: config.SESSION_SECRET,
        payments,
        log: ctx.state.log ?? log,
      });
      ctx.status = placed.created ? 201 : 200;
      const presented = presentPlacedOrder(placed.order, placed.paymentWords);
      const body: PlacedOrderView = {
        ...presented,
        confirmationPath: orderLinkPath(config.SESSION_SECRET, placed.order.id),
      };
      ctx.body = body;
    },
  );

  // The confirmation page, without an account: only the order's signed link opens it.
  router.get('/api/orders/:orderId', validate(orderLinkQuerySchema, 'query'), async (ctx) => {
    const orderId = ORDER_ID.of(ctx);
    const { token } = ctx.state.query;
    const order = await findOrderByLink(prisma, orderId, token, config.SESSION_SECRET);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = presentOrderConfirmation(order, order.store, (await moneyTerms(prisma)).instructions);
  });

  router.post(
    '/api/stores/:storeId/custom-orders',
    customOrderLimit,
    STORE_ID.required,
    validate(customOrderSchema),
    async (ctx) => {
      const storeId = STORE_ID.of(ctx);
      const request = await requestCustomOrder(prisma, storeId, ctx.state.input);
      ctx.status = 201;
      ctx.body = { id: request.id, createdAt: request.createdAt.toISOString() };
    },
  );
}
