import { OPEN_JOB_STATES } from '@printfarm/domain/printJob';
// A customer's print requests: the dashboard's list and one request with its files, history, current
// job and rating.

import type { Prisma, PrismaClient } from '@printfarm/db';
import { lockPrintRequest } from '@printfarm/db/requests/transition';
import { isUuid } from '@printfarm/domain/ids';
import type { SessionUser } from '../auth/guards.ts';
import { notFound } from '../http/errors.ts';

/** The request's jobs, newest first: the first is the one the customer follows. */
const withJobs = {
  orderBy: { createdAt: 'desc' },
  include: { farm: { select: { id: true, displayName: true, city: true, state: true } } },
  take: 10,
} satisfies Prisma.CustomPrintRequest$jobsArgs;

const withFileCount = {
  _count: { select: { files: { where: { deletedAt: null } } } },
  statusHistory: { orderBy: { createdAt: 'asc' } },
  jobs: withJobs,
  rating: true,
} satisfies Prisma.CustomPrintRequestInclude;

export type PrintRequestListRow = Prisma.CustomPrintRequestGetPayload<{ include: typeof withFileCount }>;

const withFiles = {
  files: { where: { deletedAt: null }, orderBy: { uploadedAt: 'asc' }, include: { analysis: true } },
  statusHistory: { orderBy: { createdAt: 'asc' } },
  jobs: withJobs,
  rating: true,
  payments: { orderBy: { createdAt: 'asc' }, include: { offer: { select: { breakdown: true } } } },
  claim: { include: { _count: { select: { photos: true } } } },
} satisfies Prisma.CustomPrintRequestInclude;

export type PrintRequestDetailRow = Prisma.CustomPrintRequestGetPayload<{ include: typeof withFiles }>;

/** The signed-in user's own requests, drafts included, newest first. */
export function listOwnPrintRequests(
  prisma: PrismaClient,
  user: SessionUser,
): Promise<PrintRequestListRow[]> {
  return prisma.customPrintRequest.findMany({
    where: { userId: user.id },
    orderBy: { createdAt: 'desc' },
    include: withFileCount,
    take: 500,
  });
}

/** One request with its files and analyses; someone else's answers 404 (staff may read any). */
export async function getPrintRequest(
  prisma: PrismaClient | Prisma.TransactionClient,
  user: SessionUser,
  id: string,
): Promise<PrintRequestDetailRow> {
  const request = await prisma.customPrintRequest.findUnique({ where: { id }, include: withFiles });
  if (!request || (request.userId !== user.id && user.role !== 'staff'))
    throw notFound('Print request not found');
  return request;
}

/** Inside a transaction: the user's own request by id, or null when it is not theirs or missing. */
export function findOwnPrintRequest(tx: Prisma.TransactionClient, userId: string, id: string) {
  if (!isUuid(id)) return Promise.resolve(null);
  return tx.customPrintRequest.findFirst({ where: { id, userId }, select: { id: true, status: true } });
}

/** Inside a transaction: the signed-in customer's own request, locked; anyone else's answers 404. */
async function lockOwnPrintRequest(tx: Prisma.TransactionClient, user: SessionUser, id: string) {
  const request = await lockPrintRequest(tx, id);
  if (!request || request.userId !== user.id) throw notFound('Print request not found');
  return request;
}

type OwnRequest = Awaited<ReturnType<typeof lockOwnPrintRequest>>;

/** A customer's change to their own request: one transaction, the request locked first (404 if not theirs). */
export function onOwnRequest<T>(
  prisma: PrismaClient,
  user: SessionUser,
  id: string,
  change: (tx: Prisma.TransactionClient, request: OwnRequest) => Promise<T>,
): Promise<T> {
  return prisma.$transaction(async (tx) => change(tx, await lockOwnPrintRequest(tx, user, id)));
}

/** The request's job that is still open (offered, accepted or printing), if any. */
export function openJobOf(tx: Prisma.TransactionClient, requestId: string) {
  return tx.printJob.findFirst({ where: { requestId, state: { in: [...OPEN_JOB_STATES] } } });
}
