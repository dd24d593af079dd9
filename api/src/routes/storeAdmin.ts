// Store admin calls, for the store's owner or staff: settings, shipping rules, products, orders and
// custom order requests. Each call first finds
// the store the signed-in user manages (401 signed out, 404 for anyone else), then reads the body.
import { moneyTerms } from '@printfarm/db/payments/flow';
import { type OrderStatusUpdate, orderStatusUpdateSchema } from '@printfarm/domain/order';
import { storeShippingSchema } from '@printfarm/domain/shipping';
import {
  customOrderStatusSchema,
  type Product,
  type ProductUpdate,
  productSchema,
  productUpdateSchema,
  type StoreSettings,
  storeSettingsSchema,
} from '@printfarm/domain/store';
import { requireUser, userOf } from '../auth/guards.ts';
import type { ApiDeps } from '../deps.ts';
import type { AppContext, AppMiddleware, AppRouter } from '../http/context.ts';
import { pathId } from '../http/params.ts';
import { validate } from '../http/validate.ts';
import { presentCustomOrderRequest } from '../presenters/customOrder.ts';
import { presentStoreOrder } from '../presenters/order.ts';
import { presentManagedProduct, presentProductDeletion } from '../presenters/product.ts';
import { presentManagedStore } from '../presenters/store.ts';
import {
  CUSTOM_ORDER_NOT_FOUND,
  listCustomOrderRequests,
  setCustomOrderStatus,
} from '../services/customOrders.ts';
import { listStoreOrders, ORDER_NOT_FOUND, updateOrderStatus } from '../services/orders.ts';
import {
  createProduct,
  deleteProduct,
  listStoreProducts,
  PRODUCT_NOT_FOUND,
  updateProduct,
  updateStoreSettings,
} from '../services/storeAdmin.ts';
import { type StoreWithShipping, saveStoreShipping } from '../services/storeShipping.ts';
import { findManagedStore, listOwnStores, STORE_NOT_FOUND } from '../services/stores.ts';

const STORE_ID = pathId('storeId', STORE_NOT_FOUND);
const PRODUCT_ID = pathId('productId', PRODUCT_NOT_FOUND);
const ORDER_ID = pathId('orderId', ORDER_NOT_FOUND);
const CUSTOM_ORDER_ID = pathId('requestId', CUSTOM_ORDER_NOT_FOUND);

/** The state of a call that finds its store before it reads a body of type I. */
type Managed<I> = { store: StoreWithShipping; input: I };

export function registerStoreAdminRoutes(router: AppRouter, { prisma, config }: ApiDeps): void {
  const managedStore = <S>(ctx: AppContext<S>) =>
    findManagedStore(prisma, userOf(ctx), { id: STORE_ID.of(ctx) });
  const findStore: AppMiddleware<{ store: StoreWithShipping }> = async (ctx, next) => {
    ctx.state.store = await managedStore(ctx);
    await next();
  };

  router.get('/api/my/stores', requireUser, async (ctx) => {
    const stores = await listOwnStores(prisma, userOf(ctx).id);
    ctx.body = stores.map(presentManagedStore);
  });

  router.get('/api/stores/by-name/:storeName', async (ctx) => {
    const store = await findManagedStore(prisma, userOf(ctx), { storeName: ctx.params.storeName ?? '' });
    ctx.body = presentManagedStore(store);
  });

  router.patch<Managed<StoreSettings>>(
    '/api/stores/:storeId',
    findStore,
    validate(storeSettingsSchema),
    async (ctx) => {
      ctx.body = presentManagedStore(await updateStoreSettings(prisma, ctx.state.store.id, ctx.state.input));
    },
  );

  router.put('/api/stores/:storeId/shipping', validate(storeShippingSchema), async (ctx) => {
    const store = await managedStore(ctx);
    ctx.body = presentManagedStore(await saveStoreShipping(prisma, store.id, ctx.state.input));
  });

  router.get('/api/stores/:storeId/products', async (ctx) => {
    const store = await managedStore(ctx);
    ctx.body = (await listStoreProducts(prisma, store.id)).map(presentManagedProduct);
  });

  router.post<Managed<Product>>(
    '/api/stores/:storeId/products',
    findStore,
    validate(productSchema),
    async (ctx) => {
      ctx.status = 201;
      ctx.body = presentManagedProduct(await createProduct(prisma, ctx.state.store.id, ctx.state.input));
    },
  );

  router.patch<Managed<ProductUpdate>>(
    '/api/stores/:storeId/products/:productId',
    findStore,
    PRODUCT_ID.required,
    validate(productUpdateSchema),
    async (ctx) => {
      const productId = PRODUCT_ID.of(ctx);
      const product = await updateProduct(prisma, ctx.state.store.id, productId, ctx.state.input);
      ctx.body = presentManagedProduct(product);
    },
  );

  router.delete('/api/stores/:storeId/products/:productId', async (ctx) => {
    const store = await managedStore(ctx);
    const productId = PRODUCT_ID.of(ctx);
    ctx.body = presentProductDeletion(productId, await deleteProduct(prisma, store.id, productId));
  });

  router.get('/api/stores/:storeId/orders', async (ctx) => {
    const store = await managedStore(ctx);
    const { instructions } = await moneyTerms(prisma);
    ctx.body = (await listStoreOrders(prisma, store.id)).map((order) =>
      presentStoreOrder(order, instructions),
    );
  });

  router.patch<Managed<OrderStatusUpdate>>(
    '/api/stores/:storeId/orders/:orderId',
    findStore,
    ORDER_ID.required,
    validate(orderStatusUpdateSchema),
    async (ctx) => {
      const orderId = ORDER_ID.of(ctx);
      ctx.body = presentStoreOrder(
        await updateOrderStatus(prisma, ctx.state.store.id, orderId, ctx.state.input, {
          publicUrl: config.PUBLIC_URL,
          linkSecret: config.SESSION_SECRET,
        }),
        (await moneyTerms(prisma)).instructions,
      );
    },
  );

  router.get('/api/stores/:storeId/custom-orders', async (ctx) => {
    const store = await managedStore(ctx);
    ctx.body = (await listCustomOrderRequests(prisma, store.id)).map(presentCustomOrderRequest);
  });

  router.patch(
    '/api/stores/:storeId/custom-orders/:requestId',
    validate(customOrderStatusSchema),
    async (ctx) => {
      const store = await managedStore(ctx);
      const requestId = CUSTOM_ORDER_ID.of(ctx);
      const { status } = ctx.state.input;
      ctx.body = presentCustomOrderRequest(await setCustomOrderStatus(prisma, store.id, requestId, status));
    },
  );
}
