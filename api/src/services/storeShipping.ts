// A store's own shipping rules: the methods it offers at its fees and when Standard ships free. A store
// that never set them charges the network's table.
import type { PrismaClient, Store, StoreShippingMethod } from '@printfarm/db';
import { formatCents, parseCents } from '@printfarm/domain/money';
import {
  isShippingMethodId,
  NETWORK_SHIPPING_RATES,
  SHIPPING_METHOD_IDS,
  type ShippingMethodId,
  type ShippingRates,
} from '@printfarm/domain/shipping';

export type StoreWithShipping = Store & { shippingMethods: StoreShippingMethod[] };

/** Include this in every store query whose answer shows or applies the shipping rules. */
export const WITH_SHIPPING = { shippingMethods: true } as const;

const cents = (amount: { toFixed(digits: number): string }) => parseCents(amount.toFixed(2)) ?? 0;

/** The store's own rules, or null when it charges the network's table. */
export function ownShippingRates(
  store: Pick<StoreWithShipping, 'freeShippingOver' | 'shippingMethods'>,
): ShippingRates | null {
  const feesCents: Partial<Record<ShippingMethodId, number>> = {};
  for (const row of store.shippingMethods) {
    if (isShippingMethodId(row.method)) feesCents[row.method] = cents(row.fee);
  }
  if (feesCents.standard === undefined) return null;
  return {
    feesCents: { ...feesCents, standard: feesCents.standard },
    freeOverCents: store.freeShippingOver === null ? null : cents(store.freeShippingOver),
  };
}

/** What the store charges: its own rules, else the network's table. */
export function shippingRatesOf(store: Pick<StoreWithShipping, 'freeShippingOver' | 'shippingMethods'>) {
  return ownShippingRates(store) ?? NETWORK_SHIPPING_RATES;
}

/** Replaces the store's rules in one transaction, so a checkout never sees half of them. */
export function saveStoreShipping(
  prisma: PrismaClient,
  storeId: string,
  rates: ShippingRates,
): Promise<StoreWithShipping> {
  return prisma.$transaction(async (tx) => {
    // The store's row first: its lock makes two saves at once take turns instead of racing on the
    // methods' unique key (the second then deletes what the first wrote).
    await tx.store.update({
      where: { id: storeId },
      data: { freeShippingOver: rates.freeOverCents === null ? null : formatCents(rates.freeOverCents) },
    });
    await tx.storeShippingMethod.deleteMany({ where: { storeId } });
    await tx.storeShippingMethod.createMany({
      data: SHIPPING_METHOD_IDS.flatMap((method) => {
        const fee = rates.feesCents[method];
        return fee === undefined ? [] : [{ storeId, method, fee: formatCents(fee) }];
      }),
    });
    return tx.store.findUniqueOrThrow({ where: { id: storeId }, include: WITH_SHIPPING });
  });
}
