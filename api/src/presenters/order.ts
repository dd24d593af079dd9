// Orders as the shopper's checkout, the confirmation page and the store admin see them; money as
// decimal strings.
import type { Order, OrderItem, Store } from '@printfarm/db';
import { shippingMethodName } from '@printfarm/domain/shipping';
import { shortId } from '@printfarm/domain/shortId';

export type OrderWithItems = Order & { items: OrderItem[] };

/** The address an order keeps (stored as JSON; an older one may name its state instead of its code). */
type StoredAddress = { street: string; city: string; state: string; zipCode: string; country?: string };

function presentItem(item: OrderItem) {
  return {
    id: item.id,
    productId: item.productId,
    productName: item.productName,
    quantity: item.quantity,
    unitPrice: item.unitPrice.toFixed(2),
    customizations: item.customizations,
  };
}

/** The answer to a placed order: enough for a receipt, nothing about the store's internals. */
export function presentPlacedOrder(order: OrderWithItems) {
  return {
    id: order.id,
    status: order.status,
    subtotal: order.subtotal.toFixed(2),
    shippingFee: order.shippingFee.toFixed(2),
    totalAmount: order.totalAmount.toFixed(2),
    shippingMethod: order.shippingMethod,
    createdAt: order.createdAt.toISOString(),
    items: order.items.map(presentItem),
  };
}

export function presentStoreOrder(order: OrderWithItems) {
  return {
    ...presentPlacedOrder(order),
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    shippingAddress: order.shippingAddress as StoredAddress,
    notes: order.notes,
    paymentStatus: order.paymentStatus,
    trackingNumber: order.trackingNumber,
    updatedAt: order.updatedAt.toISOString(),
  };
}

/** The confirmation page (reached through the order's signed link): the receipt and where it went. */
export function presentOrderConfirmation(
  order: OrderWithItems,
  store: Pick<Store, 'storeName' | 'displayName'>,
) {
  return {
    ...presentPlacedOrder(order),
    number: shortId(order.id),
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    shippingAddress: order.shippingAddress as StoredAddress,
    shippingMethodName: shippingMethodName(order.shippingMethod),
    trackingNumber: order.trackingNumber,
    store: { storeName: store.storeName, displayName: store.displayName },
  };
}

export type PlacedOrderView = ReturnType<typeof presentPlacedOrder> & { confirmationPath: string };
export type StoreOrderView = ReturnType<typeof presentStoreOrder>;
export type OrderConfirmationView = ReturnType<typeof presentOrderConfirmation>;
