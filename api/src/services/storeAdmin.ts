// The store admin's writes: store settings and the product catalogue of one store.
import type { PrismaClient } from '@printfarm/db';
import { isForeignKeyViolation } from '@printfarm/db/errors';
import type { Product, ProductUpdate, StoreSettings } from '@printfarm/domain/store';
import { notFound } from '../http/errors.ts';
import { WITH_SHIPPING } from './storeShipping.ts';

export const PRODUCT_NOT_FOUND = 'Product not found';

const orNull = (text: string | undefined) => (text ? text : null);

export function updateStoreSettings(prisma: PrismaClient, storeId: string, settings: StoreSettings) {
  return prisma.store.update({
    where: { id: storeId },
    data: {
      displayName: settings.displayName,
      description: orNull(settings.description),
      logoUrl: orNull(settings.logoUrl),
      bannerUrl: orNull(settings.bannerUrl),
    },
    include: WITH_SHIPPING,
  });
}

export function listStoreProducts(prisma: PrismaClient, storeId: string) {
  return prisma.product.findMany({ where: { storeId }, orderBy: [{ createdAt: 'asc' }, { name: 'asc' }] });
}

export function createProduct(prisma: PrismaClient, storeId: string, input: Product) {
  return prisma.product.create({
    data: {
      storeId,
      name: input.name,
      description: orNull(input.description),
      price: input.price,
      imageUrl: orNull(input.imageUrl),
      category: orNull(input.category),
      tags: input.tags ?? [],
      printTime: input.printTime ?? null,
      materialType: orNull(input.materialType),
      stockQuantity: input.stockQuantity,
      isActive: input.isActive ?? true,
    },
  });
}

export async function updateProduct(
  prisma: PrismaClient,
  storeId: string,
  productId: string,
  input: ProductUpdate,
) {
  const found = await prisma.product.findFirst({ where: { id: productId, storeId }, select: { id: true } });
  if (!found) throw notFound(PRODUCT_NOT_FOUND);
  const text = (value: string | undefined) => (value === undefined ? undefined : orNull(value));
  return prisma.product.update({
    where: { id: productId },
    data: {
      name: input.name,
      description: text(input.description),
      price: input.price,
      imageUrl: text(input.imageUrl),
      category: text(input.category),
      tags: input.tags,
      printTime: input.printTime,
      materialType: text(input.materialType),
      stockQuantity: input.stockQuantity,
      isActive: input.isActive,
    },
  });
}

/** Deletes a product; one that appears in orders is hidden instead so those orders stay whole. */
export async function deleteProduct(
  prisma: PrismaClient,
  storeId: string,
  productId: string,
): Promise<'deleted' | 'hidden'> {
  const product = await prisma.product.findFirst({
    where: { id: productId, storeId },
    select: { id: true, _count: { select: { orderItems: true } } },
  });
  if (!product) throw notFound(PRODUCT_NOT_FOUND);
  if (product._count.orderItems > 0) {
    await prisma.product.update({ where: { id: productId }, data: { isActive: false } });
    return 'hidden';
  }
  try {
    await prisma.product.delete({ where: { id: productId } });
    return 'deleted';
  } catch (error) {
    // An order for it arrived between the count and the delete: the foreign key refuses, so hide it.
    if (!isForeignKeyViolation(error)) throw error;
    await prisma.product.update({ where: { id: productId }, data: { isActive: false } });
    return 'hidden';
  }
}
