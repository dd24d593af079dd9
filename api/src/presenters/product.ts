// A product as shoppers see it (price as a decimal string), and with its admin fields for the store admin.
import type { Product, Store } from '@printfarm/db';

export function presentPublicProduct(product: Product) {
  return {
    id: product.id,
    name: product.name,
    description: product.description,
    price: product.price.toFixed(2),
    imageUrl: product.imageUrl,
    category: product.category,
    tags: product.tags,
    printTime: product.printTime,
    materialType: product.materialType,
    stockQuantity: product.stockQuantity,
  };
}

export function presentManagedProduct(product: Product) {
  return {
    ...presentPublicProduct(product),
    isActive: product.isActive,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

/** A product in the network's list, with the store that sells it. */
export function presentNetworkProduct(
  product: Product & { store: Pick<Store, 'storeName' | 'displayName'> },
) {
  return {
    ...presentPublicProduct(product),
    store: { storeName: product.store.storeName, displayName: product.store.displayName },
  };
}

/** DELETE answers how the product went: deleted, or hidden because orders name it. */
export function presentProductDeletion(productId: string, outcome: 'deleted' | 'hidden') {
  return { id: productId, outcome };
}

export type PublicProductView = ReturnType<typeof presentPublicProduct>;
export type ManagedProductView = ReturnType<typeof presentManagedProduct>;
export type NetworkProductView = ReturnType<typeof presentNetworkProduct>;
export type ProductDeletionView = ReturnType<typeof presentProductDeletion>;
