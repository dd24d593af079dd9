// The workshop's custom order requests as the store sees them in its Requests tab: newest first, each
// with a status the store moves along.
import type { PrismaClient } from '@printfarm/db';
import type { CustomOrderStatus } from '@printfarm/domain/store';
import { notFound } from '../http/errors.ts';

export const CUSTOM_ORDER_NOT_FOUND = 'Request not found';

export function listCustomOrderRequests(prisma: PrismaClient, storeId: string) {
  return prisma.customOrderRequest.findMany({ where: { storeId }, orderBy: { createdAt: 'desc' } });
}

export async function setCustomOrderStatus(
  prisma: PrismaClient,
  storeId: string,
  requestId: string,
  status: CustomOrderStatus,
) {
  const updated = await prisma.customOrderRequest.updateManyAndReturn({
    where: { id: requestId, storeId },
    data: { status },
  });
  const request = updated[0];
  if (!request) throw notFound(CUSTOM_ORDER_NOT_FOUND);
  return request;
}
