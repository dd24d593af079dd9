// The operator's side of a print job to read: the inbox, one job, the badge's count, and whether a user
// may work on a farm's jobs. Every answer and report on a job is a command (api/src/commands).
import type { Prisma, PrismaClient } from '@printfarm/db';
import { JOB_TABS, type JobTab } from '@printfarm/domain/printJob';
import type { SessionUser } from '../auth/guards.ts';
import { notFound } from '../http/errors.ts';

/** The farms whose jobs the user may see: their own, or for staff any (one at a time). */
export async function operatorFarmIds(
  prisma: PrismaClient | Prisma.TransactionClient,
  user: SessionUser,
  farmId?: string,
): Promise<string[]> {
  if (user.role === 'staff') {
    if (!farmId) return [];
    const farm = await prisma.printFarm.findUnique({ where: { id: farmId }, select: { id: true } });
    return farm ? [farm.id] : [];
  }
  const farms = await prisma.printFarm.findMany({
    where: { userId: user.id, ...(farmId ? { id: farmId } : {}) },
    select: { id: true },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return farms.map((farm) => farm.id);
}

export const jobDetailInclude = {
  farm: { select: { id: true, displayName: true } },
  request: {
    include: {
      files: { where: { deletedAt: null }, orderBy: { uploadedAt: 'asc' }, include: { analysis: true } },
      customer: { select: { firstName: true } },
    },
  },
  rating: true,
  claim: { include: { photos: { select: { id: true } } } },
  // A counter-offer the customer accepted waits for the price difference (db/requests/counterDifference).
  payments: {
    where: { purpose: 'difference', offerId: null, status: 'awaiting' },
    select: { id: true },
  },
} satisfies Prisma.PrintJobInclude;

export type JobDetailRow = Prisma.PrintJobGetPayload<{ include: typeof jobDetailInclude }>;

export async function listOperatorJobs(
  prisma: PrismaClient,
  user: SessionUser,
  tab: JobTab,
  farmId?: string,
): Promise<JobDetailRow[]> {
  const farmIds = await operatorFarmIds(prisma, user, farmId);
  if (farmIds.length === 0) return [];
  return prisma.printJob.findMany({
    where: { farmId: { in: farmIds }, state: { in: [...JOB_TABS[tab]] } },
    orderBy: tab === 'new' ? { respondBy: 'asc' } : { updatedAt: 'desc' },
    include: jobDetailInclude,
    take: 200,
  });
}

/** How many jobs wait for the operator's answer: the badge in the navigation (staff: of one farm). */
export async function countNewJobs(
  prisma: PrismaClient,
  user: SessionUser,
  farmId?: string,
): Promise<number> {
  const farmIds = await operatorFarmIds(prisma, user, farmId);
  if (farmIds.length === 0) return 0;
  return prisma.printJob.count({ where: { farmId: { in: farmIds }, state: 'offered' } });
}

export async function getOperatorJob(
  prisma: PrismaClient,
  user: SessionUser,
  jobId: string,
): Promise<JobDetailRow> {
  const job = await prisma.printJob.findUnique({ where: { id: jobId }, include: jobDetailInclude });
  if (!job || !(await mayWorkOn(prisma, user, job.farmId))) throw notFound('Job not found');
  return job;
}

/** Whether the user may work on the farm's jobs: its owner, or staff. */
export async function mayWorkOn(
  prisma: PrismaClient | Prisma.TransactionClient,
  user: SessionUser,
  farmId: string,
) {
  if (user.role === 'staff') return true;
  const farm = await prisma.printFarm.findUnique({ where: { id: farmId }, select: { userId: true } });
  return farm?.userId === user.id;
}
