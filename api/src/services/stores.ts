// Finding stores: the public lookup by storeName, and the store an operator (or staff) manages.

import type { PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import type { CustomOrder } from '@printfarm/domain/store';
import { deferredEmail } from '@printfarm/mail/deferred';
import { mailStore } from '@printfarm/mail/orders';
import { assertOwnerOrStaff, type SessionUser } from '../auth/guards.ts';
import { notFound } from '../http/errors.ts';
import { type StoreWithShipping, WITH_SHIPPING } from './storeShipping.ts';

export const STORE_NOT_FOUND = 'Store not found';

/** An active store by its public name, or a 404. */
export async function findPublicStore(prisma: PrismaClient, storeName: string): Promise<StoreWithShipping> {
  const store = await prisma.store.findUnique({ where: { storeName }, include: WITH_SHIPPING });
  if (!store?.isActive) throw notFound(STORE_NOT_FOUND);
  return store;
}

export function listPublicProducts(prisma: PrismaClient, storeId: string) {
  return prisma.product.findMany({
    where: { storeId, isActive: true },
    orderBy: [{ createdAt: 'asc' }, { name: 'asc' }],
  });
}

/** The network's product list shows at most this many (the seeded stores hold 40). */
export const MAX_NETWORK_PRODUCTS = 500;

/** Every active product of every active store, for the network's product list: store by store. */
export function listNetworkProducts(prisma: PrismaClient) {
  return prisma.product.findMany({
    where: { isActive: true, store: { isActive: true } },
    include: { store: { select: { storeName: true, displayName: true } } },
    orderBy: [{ store: { displayName: 'asc' } }, { createdAt: 'asc' }, { name: 'asc' }],
    take: MAX_NETWORK_PRODUCTS,
  });
}

/** The store the signed-in user may manage: its owner, or staff. Anyone else gets a 404. */
export async function findManagedStore(
  prisma: PrismaClient,
  user: SessionUser,
  where: { id: string } | { storeName: string },
): Promise<StoreWithShipping> {
  const store = await prisma.store.findUnique({ where, include: WITH_SHIPPING });
  if (!store) throw notFound(STORE_NOT_FOUND);
  assertOwnerOrStaff(user, store.userId);
  return store;
}

export function listOwnStores(prisma: PrismaClient, userId: string) {
  return prisma.store.findMany({ where: { userId }, orderBy: { createdAt: 'asc' }, include: WITH_SHIPPING });
}

/** Records the workshop's custom-order request, e-mails the store's owner and thanks the requester, in one transaction. */
export async function requestCustomOrder(prisma: PrismaClient, storeId: string, input: CustomOrder) {
  const store = await prisma.store.findUnique({
    where: { id: storeId },
    include: { owner: { select: { email: true } } },
  });
  if (!store?.isActive) throw notFound(STORE_NOT_FOUND);
  return prisma.$transaction(async (tx) => {
    const request = await tx.customOrderRequest.create({
      data: {
        storeId,
        fullName: input.fullName,
        email: input.email,
        phone: input.phone || null,
        description: input.description,
        timeline: input.timeline || null,
        budget: input.budget || null,
      },
    });
    if (store.owner.email) {
      await recordJob(
        tx,
        'email.send',
        await deferredEmail('customOrderRequestEmail', request, mailStore(store), store.owner.email),
      );
    }
    await recordJob(
      tx,
      'email.send',
      await deferredEmail('customOrderAcknowledgementEmail', request, mailStore(store)),
    );
    return request;
  });
}
