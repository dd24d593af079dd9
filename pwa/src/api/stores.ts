// Stores: the public storefront and checkout, the workshop's custom-order request, and the store admin.
import type { OrderStatusUpdate, PlaceOrderInput } from '@printfarm/domain/order';
import type { StoreShippingInput } from '@printfarm/domain/shipping';
import type {
  CustomOrderInput,
  CustomOrderStatus,
  ProductInput,
  StoreSettingsInput,
} from '@printfarm/domain/store';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CustomOrderRequestView,
  ManagedProductView,
  ManagedStoreView,
  NetworkProductView,
  OrderConfirmationView,
  PlacedOrderView,
  ProductDeletionView,
  PublicProductView,
  PublicStoreView,
  StoreOrderView,
} from '../../../api/src/views/index.ts';
import { ApiError, apiJson, getQueryFn, sendOnline } from './request.ts';

export type PublicStore = PublicStoreView;
export type PublicProduct = PublicProductView;
export type ManagedStore = ManagedStoreView;
export type ManagedProduct = ManagedProductView;
/** The answer to a placed order, with its confirmation page's signed path: /orders/{id}?token=… */
export type PlacedOrder = PlacedOrderView;
export type OrderLine = PlacedOrder['items'][number];
export type StoreOrder = StoreOrderView;
export type OrderConfirmation = OrderConfirmationView;
export type NetworkProduct = NetworkProductView;
export type CustomOrderRequest = CustomOrderRequestView;

export const storeKeys = {
  public: (storeName: string) => ['/api/public/store', storeName] as const,
  publicProducts: (storeName: string) => ['/api/public/store', storeName, 'products'] as const,
  networkProducts: ['/api/public/products'] as const,
  mine: ['/api/my/stores'] as const,
  managed: (storeName: string) => ['/api/stores/by-name', storeName] as const,
  products: (storeId: string) => ['/api/stores', storeId, 'products'] as const,
  orders: (storeId: string) => ['/api/stores', storeId, 'orders'] as const,
  customOrders: (storeId: string) => ['/api/stores', storeId, 'custom-orders'] as const,
};

export const storeQueries = {
  publicStore: (storeName: string) =>
    queryOptions({ queryKey: storeKeys.public(storeName), queryFn: getQueryFn<PublicStore>() }),
  publicProducts: (storeName: string) =>
    queryOptions({ queryKey: storeKeys.publicProducts(storeName), queryFn: getQueryFn<PublicProduct[]>() }),
  /** What every store on the network sells ('View All Products'). */
  networkProducts: () =>
    queryOptions({ queryKey: storeKeys.networkProducts, queryFn: getQueryFn<NetworkProduct[]>() }),
  mine: () => queryOptions({ queryKey: storeKeys.mine, queryFn: getQueryFn<ManagedStore[]>() }),
  managed: (storeName: string) =>
    queryOptions({ queryKey: storeKeys.managed(storeName), queryFn: getQueryFn<ManagedStore>() }),
  products: (storeId: string) =>
    queryOptions({ queryKey: storeKeys.products(storeId), queryFn: getQueryFn<ManagedProduct[]>() }),
  orders: (storeId: string) =>
    queryOptions({ queryKey: storeKeys.orders(storeId), queryFn: getQueryFn<StoreOrder[]>() }),
  customOrders: (storeId: string) =>
    queryOptions({ queryKey: storeKeys.customOrders(storeId), queryFn: getQueryFn<CustomOrderRequest[]>() }),
  /** The confirmation page's order, opened with the token of its signed link. */
  confirmation: (orderId: string, token: string) =>
    queryOptions({
      queryKey: ['/api/orders', orderId, { token }] as const,
      queryFn: () =>
        apiJson<OrderConfirmation>(
          'GET',
          `/api/orders/${encodeURIComponent(orderId)}?token=${encodeURIComponent(token)}`,
        ),
    }),
};

/** POST an order with the checkout's Idempotency-Key, so a retry or double click makes one order. */
export async function postOrder(
  storeId: string,
  order: PlaceOrderInput,
  idempotencyKey: string,
  signal?: AbortSignal,
): Promise<PlacedOrder> {
  const response = await sendOnline(`/api/stores/${encodeURIComponent(storeId)}/orders`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(order),
    signal,
  });
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text().catch(() => ''));
  }
  return (await response.json()) as PlacedOrder;
}

export function usePlaceOrder(storeId: string, storeName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ order, idempotencyKey }: { order: PlaceOrderInput; idempotencyKey: string }) =>
      postOrder(storeId, order, idempotencyKey),
    // Stock changed either way (sold, or someone else sold it first).
    onSettled: () => queryClient.invalidateQueries({ queryKey: storeKeys.publicProducts(storeName) }),
  });
}

export function useRequestCustomOrder(storeId: string) {
  return useMutation({
    mutationFn: (request: CustomOrderInput) =>
      apiJson<{ id: string }>('POST', `/api/stores/${encodeURIComponent(storeId)}/custom-orders`, request),
  });
}

export function useUpdateStoreSettings(store: ManagedStore) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: StoreSettingsInput) =>
      apiJson<ManagedStore>('PATCH', `/api/stores/${store.id}`, settings),
    onSuccess: (updated) => {
      queryClient.setQueryData(storeKeys.managed(store.storeName), updated);
      void queryClient.invalidateQueries({ queryKey: storeKeys.public(store.storeName) });
      void queryClient.invalidateQueries({ queryKey: storeKeys.mine });
    },
  });
}

/** A product saved or deleted: the store's own list and its public catalogue are stale. */
function invalidateProducts(queryClient: QueryClient, store: ManagedStore): void {
  void queryClient.invalidateQueries({ queryKey: storeKeys.products(store.id) });
  void queryClient.invalidateQueries({ queryKey: storeKeys.publicProducts(store.storeName) });
}

export function useSaveProduct(store: ManagedStore) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, product }: { productId?: string; product: ProductInput }) =>
      productId
        ? apiJson<ManagedProduct>('PATCH', `/api/stores/${store.id}/products/${productId}`, product)
        : apiJson<ManagedProduct>('POST', `/api/stores/${store.id}/products`, product),
    onSuccess: () => invalidateProducts(queryClient, store),
  });
}

export function useDeleteProduct(store: ManagedStore) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) =>
      apiJson<ProductDeletionView>('DELETE', `/api/stores/${store.id}/products/${productId}`),
    onSuccess: () => invalidateProducts(queryClient, store),
  });
}

export function useUpdateOrderStatus(store: ManagedStore) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, update }: { orderId: string; update: OrderStatusUpdate }) =>
      apiJson<StoreOrder>('PATCH', `/api/stores/${store.id}/orders/${orderId}`, update),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: storeKeys.orders(store.id) });
      void queryClient.invalidateQueries({ queryKey: storeKeys.products(store.id) });
    },
  });
}

export function useSaveShipping(store: ManagedStore) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: StoreShippingInput) =>
      apiJson<ManagedStore>('PUT', `/api/stores/${store.id}/shipping`, rules),
    onSuccess: (updated) => {
      queryClient.setQueryData(storeKeys.managed(store.storeName), updated);
      void queryClient.invalidateQueries({ queryKey: storeKeys.public(store.storeName) });
    },
  });
}

export function useSetCustomOrderStatus(store: ManagedStore) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ requestId, status }: { requestId: string; status: CustomOrderStatus }) =>
      apiJson<CustomOrderRequest>('PATCH', `/api/stores/${store.id}/custom-orders/${requestId}`, { status }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: storeKeys.customOrders(store.id) }),
  });
}
