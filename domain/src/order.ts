import * as v from 'valibot';
import {
  emailAddress,
  formObject,
  optionalText,
  plainText,
  requiredText,
  ruleAcross,
  stateCode,
} from './fields.ts';
import { labelsOf } from './labels.ts';
import { isMoneyAmount, MAX_PAYMENT_CENTS } from './money.ts';
import {
  DEFAULT_SHIPPING_METHOD,
  NETWORK_SHIPPING_RATES,
  SHIPPING_METHOD_IDS,
  type ShippingMethodId,
  type ShippingRates,
  shippingFeeCents,
} from './shipping.ts';
import { CARRIERS } from './tracking.ts';

export const DEFAULT_COUNTRY = 'US';
export const MAX_ITEM_QUANTITY = 100;
/** The largest total an order's payment holds (its cents are a 32-bit integer): $21,474,836.47. */
export const MAX_ORDER_TOTAL_CENTS = MAX_PAYMENT_CENTS;
export const MAX_ORDER_LINES = 100;

export const ZIP_CODE_MESSAGE = 'Enter a 5-digit ZIP code or ZIP+4, such as 27601 or 27601-1234';

/** A US ZIP code as 5 digits or ZIP+4 (12345-6789); nothing else ships. */
const shippingZipCode = v.pipe(
  requiredText('ZIP code is required', 10),
  v.regex(/^\d{5}(?:-\d{4})?$/, ZIP_CODE_MESSAGE),
);

/** The checkout's address rules, shared by every address the product ships to. */
export const shippingAddressEntries = {
  street: requiredText('Street address is required'),
  city: requiredText('City is required', 100),
  // One of the 50 US state codes, as the signup form asks; the checkout offers them in a list.
  state: stateCode('State is required'),
  zipCode: shippingZipCode,
  country: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(56, 'Must be at most 56 characters'),
      ...plainText(),
      v.transform((country) => country || DEFAULT_COUNTRY),
    ),
    DEFAULT_COUNTRY,
  ),
};

export const shippingAddressSchema = formObject(shippingAddressEntries, 'Shipping address is required');

const orderDetailsEntries = {
  customerName: requiredText('Name is required'),
  customerEmail: emailAddress('Valid email is required'),
  customerPhone: optionalText(30),
  shippingAddress: shippingAddressSchema,
  shippingMethod: v.optional(
    v.picklist(SHIPPING_METHOD_IDS, 'Choose a shipping method'),
    DEFAULT_SHIPPING_METHOD,
  ),
  notes: optionalText(2000),
};

/** The checkout dialog's customer form. */
export const orderDetailsSchema = formObject(orderDetailsEntries);

const customizationValue = v.union([
  v.pipe(v.string(), v.maxLength(500, 'Must be at most 500 characters'), ...plainText()),
  v.number(),
  v.boolean(),
]);

export const orderItemSchema = formObject({
  // Lower case, as the database answers ids: an upper-case id is the same product.
  productId: v.pipe(v.string('Invalid product'), v.uuid('Invalid product'), v.toLowerCase()),
  quantity: v.pipe(
    v.number('Quantity must be a number'),
    v.integer('Quantity must be a whole number'),
    v.minValue(1, 'Quantity must be at least 1'),
    v.maxValue(MAX_ITEM_QUANTITY, `Quantity must be at most ${MAX_ITEM_QUANTITY}`),
  ),
  // The server prices every line from the stored product; a client's figure is only checked for shape.
  unitPrice: v.optional(v.pipe(v.union([v.string(), v.number()]), v.check(isMoneyAmount, 'Invalid price'))),
  customizations: v.optional(
    v.pipe(
      v.record(v.pipe(v.string(), v.maxLength(100), ...plainText()), customizationValue),
      v.maxEntries(20, 'At most 20 customizations per item'),
    ),
  ),
});

/** POST /api/stores/{storeId}/orders. */
export const placeOrderSchema = formObject({
  ...orderDetailsEntries,
  items: v.pipe(
    v.array(orderItemSchema, 'Your cart is empty'),
    v.minLength(1, 'Your cart is empty'),
    v.maxLength(MAX_ORDER_LINES, `At most ${MAX_ORDER_LINES} different products per order`),
    v.check(
      (items) => new Set(items.map((item) => item.productId)).size === items.length,
      'Each product may appear only once',
    ),
  ),
  totalAmount: v.optional(v.pipe(v.union([v.string(), v.number()]), v.check(isMoneyAmount, 'Invalid total'))),
});

export type ShippingAddress = v.InferOutput<typeof shippingAddressSchema>;
export type OrderDetailsInput = v.InferInput<typeof orderDetailsSchema>;
export type OrderDetails = v.InferOutput<typeof orderDetailsSchema>;
export type OrderItem = v.InferOutput<typeof orderItemSchema>;
export type PlaceOrderInput = v.InferInput<typeof placeOrderSchema>;
export type PlaceOrder = v.InferOutput<typeof placeOrderSchema>;

/** The sum of price times quantity, the figure the spec's checkout shows as its total. */
export function orderSubtotalCents(lines: readonly { unitPriceCents: number; quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
}

/** What the customer pays: the subtotal plus what the store charges for the method (0 if not offered). */
export function orderTotalCents(
  lines: readonly { unitPriceCents: number; quantity: number }[],
  shippingMethod: ShippingMethodId,
  rates: ShippingRates = NETWORK_SHIPPING_RATES,
): number {
  const subtotal = orderSubtotalCents(lines);
  return subtotal + (shippingFeeCents(rates, shippingMethod, subtotal) ?? 0);
}

/** The confirmation link's query: /orders/{id}?token=… (a missing token is an invalid link, not a form error). */
export const orderLinkQuerySchema = v.object({
  token: v.optional(v.pipe(v.string(), v.maxLength(200, 'Invalid link'), ...plainText()), ''),
});

export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How people read each status: on badges, in the status picker, in e-mails. */
export const ORDER_STATUS_LABELS = labelsOf(ORDER_STATUSES);
export const DEFAULT_ORDER_STATUS: OrderStatus = 'pending';

/** The status as people read it ('Pending'); an unknown status is shown as it is. */
export function orderStatusLabel(status: string): string {
  return (ORDER_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  pending: ['processing', 'cancelled'],
  processing: ['shipped', 'cancelled'],
  shipped: ['delivered'],
  delivered: [],
  cancelled: [],
};

export function canTransitionOrder(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

export const orderStatusUpdateSchema = v.pipe(
  formObject({
    status: v.picklist(ORDER_STATUSES, 'Choose a status'),
    carrier: v.optional(v.picklist(CARRIERS, 'Choose a carrier')),
    trackingNumber: optionalText(100),
  }),
  ruleAcross(
    ['status', 'carrier'],
    (update) => update.status !== 'shipped' || Boolean(update.carrier),
    'Choose a carrier',
  ),
  ruleAcross(
    ['status', 'trackingNumber'],
    (update) => update.status !== 'shipped' || Boolean(update.trackingNumber),
    'Tracking number is required',
  ),
);

export type OrderStatusUpdate = v.InferOutput<typeof orderStatusUpdateSchema>;

/**
 * How long a store order waits for its payment before it is cancelled and its items go back on sale
 * (workers/src/jobs/ordersExpire.ts): a week for a bank transfer, a day and an hour for a card (Stripe's
 * Checkout page lasts 24 hours at most).
 */
export const ORDER_PAYMENT_DAYS = 7;
export const CARD_ORDER_PAYMENT_HOURS = 25;

/** The sentence the order confirmation adds to how to pay. */
export function orderPaymentDeadline(card: boolean): string {
  return card
    ? 'An order not paid within a day is cancelled, and its items go back on sale.'
    : `An order not paid within ${ORDER_PAYMENT_DAYS} days is cancelled, and its items go back on sale.`;
}
