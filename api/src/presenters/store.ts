// What the API shows of a store: the public header fields and what it charges for shipping, plus the
// active flag for its admins.
import { ownShippingRates, shippingRatesOf, shippingRatesView } from '@printfarm/domain/shipping';
import type { StoreWithShipping } from '../services/storeShipping.ts';

export function presentPublicStore(store: StoreWithShipping) {
  return {
    id: store.id,
    storeName: store.storeName,
    displayName: store.displayName,
    description: store.description,
    logoUrl: store.logoUrl,
    bannerUrl: store.bannerUrl,
    /** What checkout charges: the store's own rules, or the network's table. */
    shipping: shippingRatesView(shippingRatesOf(store)),
    /** False while the store charges the network's table. */
    hasOwnShipping: ownShippingRates(store) !== null,
  };
}

export function presentManagedStore(store: StoreWithShipping) {
  return { ...presentPublicStore(store), isActive: store.isActive, createdAt: store.createdAt.toISOString() };
}

export type PublicStoreView = ReturnType<typeof presentPublicStore>;
export type ManagedStoreView = ReturnType<typeof presentManagedStore>;
