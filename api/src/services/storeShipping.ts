// A store's own shipping rules: the methods it offers at its fees and when Standard ships free. A store
// that never set them charges the network's table.
import type { PrismaClient, Store, StoreShippingMethod } from '@printfarm/db';
import { formatCents } from '@printfarm/domain/money';
import { SHIPPING_METHOD_IDS, type ShippingRates } from '@printfarm/domain/shipping';

export type StoreWithShipping = Store & { shippingMethods: StoreShippingMethod[] };

/** Include this in every store query whose answer shows or applies the shipping rules. */
export const WITH_SHIPPING = { shippingMethods: true } as const;

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
