import { formatUsd } from './money.ts';

export const SHIPPING_METHOD_IDS = ['standard', 'expedited', 'overnight'] as const;
export type ShippingMethodId = (typeof SHIPPING_METHOD_IDS)[number];
export const DEFAULT_SHIPPING_METHOD: ShippingMethodId = 'standard';

export type ShippingMethod = {
  id: ShippingMethodId;
  name: string;
  /** How long delivery takes, when the spec says. */
  deliveryTime: string | null;
  feeCents: number;
  /** What the checkout's Shipping Method select shows. */
  label: string;
};

function shippingMethod(id: ShippingMethodId, name: string, deliveryTime: string | null, feeCents: number) {
  const fee = feeCents === 0 ? 'Free' : formatUsd(feeCents);
  const label = deliveryTime ? `${name} (${deliveryTime}) - ${fee}` : `${name} - ${fee}`;
  return { id, name, deliveryTime, feeCents, label };
}

export const SHIPPING_METHODS: Record<ShippingMethodId, ShippingMethod> = {
  standard: shippingMethod('standard', 'Standard', '5-7 days', 0),
  expedited: shippingMethod('expedited', 'Expedited', '2-3 days', 999),
  overnight: shippingMethod('overnight', 'Overnight', null, 2499),
};

export function isShippingMethodId(value: unknown): value is ShippingMethodId {
  return typeof value === 'string' && (SHIPPING_METHOD_IDS as readonly string[]).includes(value);
}

export function shippingFeeCents(method: ShippingMethodId): number {
  return SHIPPING_METHODS[method].feeCents;
}
