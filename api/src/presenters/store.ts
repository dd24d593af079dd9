// What the API shows of a store: the public header fields, plus the active flag for its admins.
import type { Store } from '@printfarm/db';

export function presentPublicStore(store: Store) {
  return {
    id: store.id,
    storeName: store.storeName,
    displayName: store.displayName,
    description: store.description,
    logoUrl: store.logoUrl,
    bannerUrl: store.bannerUrl,
  };
}

export function presentManagedStore(store: Store) {
  return { ...presentPublicStore(store), isActive: store.isActive, createdAt: store.createdAt.toISOString() };
}
