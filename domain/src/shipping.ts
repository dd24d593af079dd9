import * as v from 'valibot';
import { formObject } from './fields.ts';
import { formatCents, formatUsd, parseCents } from './money.ts';

export const SHIPPING_METHOD_IDS = ['standard', 'expedited', 'overnight'] as const;
export type ShippingMethodId = (typeof SHIPPING_METHOD_IDS)[number];
export const DEFAULT_SHIPPING_METHOD: ShippingMethodId = 'standard';

export type ShippingMethod = {
  id: ShippingMethodId;
  name: string;
  /** How long delivery takes, as it reads inside a sentence: '2–3 days'. */
  deliveryTime: string;
  feeCents: number;
  /** What the checkout's Shipping Method select shows. */
  label: string;
};

const feeText = (feeCents: number) => (feeCents === 0 ? 'Free' : formatUsd(feeCents));

function shippingMethod(id: ShippingMethodId, name: string, deliveryTime: string, feeCents: number) {
  return { id, name, deliveryTime, feeCents, label: `${name} (${deliveryTime}) - ${feeText(feeCents)}` };
}

/** The network's table: what a store charges until it sets its own rules in its Shipping tab. */
export const SHIPPING_METHODS: Record<ShippingMethodId, ShippingMethod> = {
  standard: shippingMethod('standard', 'Standard', '5–7 days', 0),
  expedited: shippingMethod('expedited', 'Expedited', '2–3 days', 999),
  overnight: shippingMethod('overnight', 'Overnight', 'next business day', 2499),
};

export function isShippingMethodId(value: unknown): value is ShippingMethodId {
  return typeof value === 'string' && (SHIPPING_METHOD_IDS as readonly string[]).includes(value);
}

/** 'Expedited, 2–3 days': how e-mails, slips and receipts name a method. */
export function shippingMethodName(method: string): string {
  return isShippingMethodId(method)
    ? `${SHIPPING_METHODS[method].name}, ${SHIPPING_METHODS[method].deliveryTime}`
    : method;
}

/** What one store charges: the methods it offers with their fees, and when Standard ships free. */
export interface ShippingRates {
  /** Offered methods only; Standard is always offered. */
  feesCents: Partial<Record<ShippingMethodId, number>> & { standard: number };
  /** Standard ships free once the order's subtotal reaches this; null: never. */
  freeOverCents: number | null;
}

export const NETWORK_SHIPPING_RATES: ShippingRates = {
  feesCents: { standard: 0, expedited: 999, overnight: 2499 },
  freeOverCents: null,
};

/** What a method costs for a cart of this subtotal; undefined when the store does not offer it. */
export function shippingFeeCents(
  rates: ShippingRates,
  method: ShippingMethodId,
  subtotalCents: number,
): number | undefined {
  const fee = rates.feesCents[method];
  if (fee === undefined) return undefined;
  if (method === 'standard' && rates.freeOverCents !== null && subtotalCents >= rates.freeOverCents) return 0;
  return fee;
}

/** The methods a checkout offers for this cart, each labelled with what it costs now. */
export function shippingOptions(rates: ShippingRates, subtotalCents: number): ShippingMethod[] {
  return SHIPPING_METHOD_IDS.flatMap((id) => {
    const fee = shippingFeeCents(rates, id, subtotalCents);
    if (fee === undefined) return [];
    const { name, deliveryTime } = SHIPPING_METHODS[id];
    return [shippingMethod(id, name, deliveryTime, fee)];
  });
}

/** How much more the cart needs for free Standard shipping; null when it has it or never will. */
export function freeShippingShortfallCents(rates: ShippingRates, subtotalCents: number): number | null {
  if (rates.freeOverCents === null || rates.feesCents.standard === 0) return null;
  return subtotalCents >= rates.freeOverCents ? null : rates.freeOverCents - subtotalCents;
}

/** '$5.00' → '$5'; cents stay: '$4.99'. */
function shortUsd(cents: number): string {
  return formatUsd(cents).replace(/\.00$/, '');
}

/** The line a storefront advertises: 'Flat $5, free over $75', 'Free over $50', 'Free shipping'. */
export function shippingSummary(rates: ShippingRates): string {
  const standard = rates.feesCents.standard;
  if (standard === 0) return 'Free shipping';
  if (rates.freeOverCents === null) return `Flat ${shortUsd(standard)}`;
  return `Flat ${shortUsd(standard)}, free over ${shortUsd(rates.freeOverCents)}`;
}

// ---------------------------------------------------------------- a store's rules over the wire

/** A store's rules as the API shows them: money as decimal strings. */
/** A decimal amount as the database returns it (Prisma's Decimal), read to cents. */
type StoredAmount = { toFixed(digits: number): string };

/** A store's shipping rows as stored: its methods at their fees, and when Standard ships free. */
export interface StoredShipping {
  freeShippingOver: StoredAmount | null;
  shippingMethods: readonly { method: string; fee: StoredAmount }[];
}

const storedCents = (amount: StoredAmount) => parseCents(amount.toFixed(2)) ?? 0;

/** The store's own rules, or null when it charges the network's table. */
export function ownShippingRates(store: StoredShipping): ShippingRates | null {
  const feesCents: Partial<Record<ShippingMethodId, number>> = {};
  for (const row of store.shippingMethods) {
    if (isShippingMethodId(row.method)) feesCents[row.method] = storedCents(row.fee);
  }
  if (feesCents.standard === undefined) return null;
  return {
    feesCents: { ...feesCents, standard: feesCents.standard },
    freeOverCents: store.freeShippingOver === null ? null : storedCents(store.freeShippingOver),
  };
}

/** What the store charges: its own rules, else the network's table. */
export function shippingRatesOf(store: StoredShipping): ShippingRates {
  return ownShippingRates(store) ?? NETWORK_SHIPPING_RATES;
}

export interface ShippingRatesView {
  methods: { id: ShippingMethodId; fee: string }[];
  freeShippingOver: string | null;
}

export function shippingRatesView(rates: ShippingRates): ShippingRatesView {
  return {
    methods: SHIPPING_METHOD_IDS.flatMap((id) => {
      const fee = rates.feesCents[id];
      return fee === undefined ? [] : [{ id, fee: formatCents(fee) }];
    }),
    freeShippingOver: rates.freeOverCents === null ? null : formatCents(rates.freeOverCents),
  };
}

/** The view back into cents; anything unreadable falls back to the network's table. */
export function shippingRatesFromView(view: ShippingRatesView | null | undefined): ShippingRates {
  if (!view) return NETWORK_SHIPPING_RATES;
  const feesCents: Partial<Record<ShippingMethodId, number>> = {};
  for (const method of view.methods) {
    const cents = parseCents(method.fee);
    if (isShippingMethodId(method.id) && cents !== undefined) feesCents[method.id] = cents;
  }
  if (feesCents.standard === undefined) return NETWORK_SHIPPING_RATES;
  const freeOver = view.freeShippingOver === null ? undefined : parseCents(view.freeShippingOver);
  return { feesCents: { ...feesCents, standard: feesCents.standard }, freeOverCents: freeOver ?? null };
}

/** The most a fee or threshold may be: $9,999.99. */
export const MAX_SHIPPING_CENTS = 999_999;

const feeMessage = 'Enter a fee such as 5 or 4.99';
const thresholdMessage = 'Enter an amount such as 75, or leave it empty';

/** A fee in dollars, '' or 0 for free: normalised to cents. */
const feeSchema = v.pipe(
  v.union([v.string(), v.number()], feeMessage),
  v.transform((fee) => (typeof fee === 'number' ? fee : fee.trim() || '0')),
  v.transform((fee) => parseCents(fee)),
  v.number(feeMessage),
  v.maxValue(MAX_SHIPPING_CENTS, 'A fee must be at most $9,999.99'),
);

const offeredMethod = formObject({ offered: v.boolean('Choose whether you offer it'), fee: feeSchema });

/** The Shipping tab's form: Standard's fee, which faster methods the store offers at what fee, free over. */
export const storeShippingSchema = v.pipe(
  formObject({
    standard: formObject({ fee: feeSchema }),
    expedited: offeredMethod,
    overnight: offeredMethod,
    freeShippingOver: v.optional(
      v.pipe(
        v.union([v.string(), v.number(), v.null()], thresholdMessage),
        v.transform((amount) => (typeof amount === 'string' ? amount.trim() : amount)),
        v.transform((amount) => (amount === '' || amount === null ? null : (parseCents(amount) ?? -1))),
        v.check((cents) => cents === null || cents > 0, thresholdMessage),
        v.check((cents) => cents === null || cents <= MAX_SHIPPING_CENTS, 'Must be at most $9,999.99'),
      ),
      null,
    ),
  }),
  v.transform(
    (form): ShippingRates => ({
      feesCents: {
        standard: form.standard.fee,
        ...(form.expedited.offered ? { expedited: form.expedited.fee } : {}),
        ...(form.overnight.offered ? { overnight: form.overnight.fee } : {}),
      },
      freeOverCents: form.freeShippingOver,
    }),
  ),
);

export type StoreShippingInput = v.InferInput<typeof storeShippingSchema>;
