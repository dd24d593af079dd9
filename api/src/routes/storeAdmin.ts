// Store admin calls, for the store's owner or staff: settings, shipping rules, products, orders and
// custom order requests. Each call first finds
// the store the signed-in user manages (401 signed out, 404 for anyone else), then reads the body.
import { orderStatusUpdateSchema } from '@printfarm/domain/order';
import { storeShippingSchema } from '@printfarm/domain/shipping';
import {
  customOrderStatusSchema,
  productSchema,
  productUpdateSchema,
  storeSettingsSchema,
} from '@printfarm/domain/store';
import { requireUser, userOf } from '../auth/guards.ts';
import type { ApiDeps, AppContext, AppRouter } from '../http/context.ts';
import { parseInput, validate } from '../http/validate.ts';
import { presentCustomOrderRequest } from '../presenters/customOrder.ts';
import { presentStoreOrder } from '../presenters/order.ts';
import { presentManagedProduct } from '../presenters/product.ts';
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
import { saveStoreShipping } from '../services/storeShipping.ts';
import { assertRecordId, assertStoreId, findManagedStore, listOwnStores } from '../services/stores.ts';

export function registerStoreAdminRoutes(router: AppRouter, { prisma }: ApiDeps): void {
  const managedStore = <S>(ctx: AppContext<S>) =>
    findManagedStore(prisma, userOf(ctx), { id: assertStoreId(ctx.params.storeId) });

  router.get('/api/my/stores', requireUser, async (ctx) => {
    const stores = await listOwnStores(prisma, userOf(ctx).id);
    ctx.body = stores.map(presentManagedStore);
  });

  router.get('/api/stores/by-name/:storeName', async (ctx) => {
    const store = await findManagedStore(prisma, userOf(ctx), { storeName: ctx.params.storeName ?? '' });
    ctx.body = presentManagedStore(store);
  });

  router.patch('/api/stores/:storeId', async (ctx) => {
    const store = await managedStore(ctx);
    const settings = parseInput(ctx, storeSettingsSchema);
    ctx.body = presentManagedStore(await updateStoreSettings(prisma, store.id, settings));
  });

  router.put('/api/stores/:storeId/shipping', validate(storeShippingSchema), async (ctx) => {
    const store = await managedStore(ctx);
    ctx.body = presentManagedStore(await saveStoreShipping(prisma, store.id, ctx.state.input));
  });

  router.get('/api/stores/:storeId/products', async (ctx) => {
    const store = await managedStore(ctx);
    ctx.body = (await listStoreProducts(prisma, store.id)).map(presentManagedProduct);
  });

  router.post('/api/stores/:storeId/products', async (ctx) => {
    const store = await managedStore(ctx);
    const product = parseInput(ctx, productSchema);
    ctx.status = 201;
    ctx.body = presentManagedProduct(await createProduct(prisma, store.id, product));
  });

  router.patch('/api/stores/:storeId/products/:productId', async (ctx) => {
    const store = await managedStore(ctx);
    const productId = assertRecordId(ctx.params.productId, PRODUCT_NOT_FOUND);
    const changes = parseInput(ctx, productUpdateSchema);
    ctx.body = presentManagedProduct(await updateProduct(prisma, store.id, productId, changes));
  });

  router.delete('/api/stores/:storeId/products/:productId', async (ctx) => {
    const store = await managedStore(ctx);
    const productId = assertRecordId(ctx.params.productId, PRODUCT_NOT_FOUND);
    ctx.body = { id: productId, outcome: await deleteProduct(prisma, store.id, productId) };
  });

  router.get('/api/stores/:storeId/orders', async (ctx) => {
    const store = await managedStore(ctx);
    ctx.body = (await listStoreOrders(prisma, store.id)).map(presentStoreOrder);
  });

  router.patch('/api/stores/:storeId/orders/:orderId', async (ctx) => {
    const store = await managedStore(ctx);
    const orderId = assertRecordId(ctx.params.orderId, ORDER_NOT_FOUND);
    const update = parseInput(ctx, orderStatusUpdateSchema);
    ctx.body = presentStoreOrder(await updateOrderStatus(prisma, store.id, orderId, update));
  });

  router.get('/api/stores/:storeId/custom-orders', async (ctx) => {
    const store = await managedStore(ctx);
    ctx.body = (await listCustomOrderRequests(prisma, store.id)).map(presentCustomOrderRequest);
  });

  router.patch(
    '/api/stores/:storeId/custom-orders/:requestId',
    validate(customOrderStatusSchema),
    async (ctx) => {
      const store = await managedStore(ctx);
      const requestId = assertRecordId(ctx.params.requestId, CUSTOM_ORDER_NOT_FOUND);
      const { status } = ctx.state.input;
      ctx.body = presentCustomOrderRequest(await setCustomOrderStatus(prisma, store.id, requestId, status));
    },
  );
}
