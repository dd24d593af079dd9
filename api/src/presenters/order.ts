// Orders as the shopper's checkout, the confirmation page and the store admin see them; money as
// decimal strings, except the payment's (integer cents, as every payment is shown).

import type { OrderItem, Store } from '@printfarm/db';
import { shippingMethodName } from '@printfarm/domain/shipping';
import { shortId } from '@printfarm/domain/shortId';
import { trackingUrl } from '@printfarm/domain/tracking';
import type { OrderWithItems } from '../services/checkout.ts';
import { presentPayment } from './payment.ts';
import { pick } from './wire.ts';

/** An order with its items and its payment (one; none for an order placed before orders took payment). */

/** The address an order keeps (stored as JSON; an older one may name its state instead of its code). */
type StoredAddress = { street: string; city: string; state: string; zipCode: string; country?: string };

function presentItem(item: OrderItem) {
  return {
    ...pick(item, 'id', 'productId', 'productName', 'quantity'),
    unitPrice: item.unitPrice.toFixed(2),
    customizations: item.customizations,
  };
}

/** The order's payment: what is asked, its status, and (by bank transfer, until paid) how to pay. */
function presentOrderPayment(order: OrderWithItems, paymentWords: string) {
  const [payment] = order.payments;
  return payment ? presentPayment(payment, paymentWords) : null;
}

/**
 * The answer to a placed order: enough for a receipt and its payment, nothing about the store's
 * internals. `paymentWords` are staff's words on paying by bank transfer (platform settings).
 */
export function presentPlacedOrder(order: OrderWithItems, paymentWords: string) {
  return {
    id: order.id,
    status: order.status,
    /** pending until the payment is captured, then paid; failed or refunded. */
    paymentStatus: order.paymentStatus,
    payment: presentOrderPayment(order, paymentWords),
    subtotal: order.subtotal.toFixed(2),
    shippingFee: order.shippingFee.toFixed(2),
    totalAmount: order.totalAmount.toFixed(2),
    shippingMethod: order.shippingMethod,
    createdAt: order.createdAt.toISOString(),
    items: order.items.map(presentItem),
  };
}

export function presentStoreOrder(order: OrderWithItems, paymentWords: string) {
  return {
    ...presentPlacedOrder(order, paymentWords),
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    customerPhone: order.customerPhone,
    shippingAddress: order.shippingAddress as StoredAddress,
    notes: order.notes,
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    updatedAt: order.updatedAt.toISOString(),
  };
}

/** The confirmation page (reached through the order's signed link): the receipt and where it went. */
export function presentOrderConfirmation(
  order: OrderWithItems,
  store: Pick<Store, 'storeName' | 'displayName'>,
  paymentWords: string,
) {
  return {
    ...presentPlacedOrder(order, paymentWords),
    number: shortId(order.id),
    customerName: order.customerName,
    customerEmail: order.customerEmail,
    shippingAddress: order.shippingAddress as StoredAddress,
    shippingMethodName: shippingMethodName(order.shippingMethod),
    carrier: order.carrier,
    trackingNumber: order.trackingNumber,
    trackingUrl:
      order.carrier && order.trackingNumber ? trackingUrl(order.carrier, order.trackingNumber) : null,
    store: { storeName: store.storeName, displayName: store.displayName },
  };
}

/**
 * The answer to POST /api/stores/{id}/orders: the order, its confirmation page's signed path, and, for
 * a card payment, the secret the browser confirms the card with (null by bank transfer).
 */
export type PlacedOrderView = ReturnType<typeof presentPlacedOrder> & {
  confirmationPath: string;
};
export type StoreOrderView = ReturnType<typeof presentStoreOrder>;
export type OrderConfirmationView = ReturnType<typeof presentOrderConfirmation>;
