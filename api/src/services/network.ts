// Staff tools: the farms seen as manufacturing nodes, platform settings and user roles.
import type { PrismaClient } from '@printfarm/db';
import type { Role } from '@printfarm/domain/auth';
import {
  canActivateNode,
  DEFAULT_SETTINGS,
  type NodeUpdate,
  type SettingKey,
  type Settings,
} from '@printfarm/domain/network';
import { conflict, notFound } from '../http/errors.ts';

/** Request statuses that occupy a node's printers. */
const WORKING_STATUSES = ['accepted', 'printing'];

const nodeSelect = {
  id: true,
  displayName: true,
  city: true,
  state: true,
  latitude: true,
  longitude: true,
  printerCount: true,
  nodeStatus: true,
  isActive: true,
  coverageRadiusMiles: true,
  totalJobs: true,
  contactName: true,
  contactEmail: true,
  capacity: true,
  availableCapacity: true,
  updatedAt: true,
  rating: true,
  routedJobs: true,
  declinedJobs: true,
  shippedJobs: true,
  onTimeJobs: true,
  medianResponseMinutes: true,
} as const;

/** Every node, or the one with `farmId`, with its job counts. */
export async function listNodes(prisma: PrismaClient, farmId?: string) {
  const assigned = farmId ? { assignedFarmId: farmId } : { assignedFarmId: { not: null } };
  const since = new Date(Date.now() - 90 * 86_400_000);
  const [farms, working, completed, recent] = await Promise.all([
    prisma.printFarm.findMany({
      where: farmId ? { id: farmId } : {},
      select: nodeSelect,
      orderBy: [{ state: 'asc' }, { displayName: 'asc' }],
    }),
    prisma.customPrintRequest.groupBy({
      by: ['assignedFarmId'],
      where: { ...assigned, status: { in: WORKING_STATUSES } },
      _count: { _all: true },
    }),
    prisma.customPrintRequest.groupBy({
      by: ['assignedFarmId'],
      where: { ...assigned, status: 'completed' },
      _count: { _all: true },
      _avg: { actualCompletionTime: true },
    }),
    prisma.printJob.groupBy({
      by: ['farmId'],
      where: { ...(farmId ? { farmId } : {}), offeredAt: { gte: since } },
      _count: { _all: true },
    }),
  ]);
  const recentByFarm = new Map(recent.map((row) => [row.farmId, row._count._all]));
  const workingByFarm = new Map(working.map((row) => [row.assignedFarmId, row._count._all]));
  const completedByFarm = new Map(completed.map((row) => [row.assignedFarmId, row]));
  return farms.map((farm) => ({
    farm,
    currentJobs: workingByFarm.get(farm.id) ?? 0,
    completedJobs: farm.totalJobs + (completedByFarm.get(farm.id)?._count._all ?? 0),
    avgPrintTimeHours: completedByFarm.get(farm.id)?._avg.actualCompletionTime ?? null,
    jobsLast90Days: recentByFarm.get(farm.id) ?? 0,
  }));
}

export type NodeRecord = Awaited<ReturnType<typeof listNodes>>[number];

export async function updateNode(prisma: PrismaClient, id: string, update: NodeUpdate): Promise<NodeRecord> {
  await prisma.$transaction(async (tx) => {
    const farm = await tx.printFarm.findUnique({
      where: { id },
      select: { nodeStatus: true, isActive: true },
    });
    if (!farm) throw notFound('Node not found');
    const status = update.status ?? farm.nodeStatus;
    if (update.isActive === true && !canActivateNode(status)) {
      throw conflict(`A node in ${status} cannot accept orders`, { isActive: 'Set the node online first' });
    }
    await tx.printFarm.update({
      where: { id },
      data: {
        nodeStatus: status,
        // Taking a node down for maintenance or offline also stops routing orders to it.
        isActive: canActivateNode(status) ? (update.isActive ?? farm.isActive) : false,
        ...(update.coverageRadiusMiles !== undefined
          ? { coverageRadiusMiles: update.coverageRadiusMiles }
          : {}),
      },
    });
  });
  const [node] = await listNodes(prisma, id);
  if (!node) throw notFound('Node not found');
  return node;
}

export async function readSettings(prisma: PrismaClient): Promise<Settings> {
  const rows = await prisma.platformSetting.findMany();
  const settings = structuredClone(DEFAULT_SETTINGS);
  for (const row of rows) {
    if (row.key in settings) {
      const key = row.key as SettingKey;
      Object.assign(settings[key], row.value as object);
    }
  }
  return settings;
}

export async function writeSetting<K extends SettingKey>(
  prisma: PrismaClient,
  key: K,
  value: Settings[K],
  userId: string,
): Promise<Settings> {
  await prisma.platformSetting.upsert({
    where: { key },
    create: { key, value, updatedByUserId: userId },
    update: { value, updatedByUserId: userId },
  });
  return readSettings(prisma);
}

export async function listUsers(prisma: PrismaClient, search: string | undefined) {
  const term = search?.trim();
  return prisma.user.findMany({
    where: term
      ? {
          OR: [
            { email: { contains: term, mode: 'insensitive' } },
            { firstName: { contains: term, mode: 'insensitive' } },
            { lastName: { contains: term, mode: 'insensitive' } },
          ],
        }
      : {},
    select: { id: true, email: true, firstName: true, lastName: true, role: true, createdAt: true },
    orderBy: { createdAt: 'desc' },
    take: 200,
  });
}

export async function changeRole(prisma: PrismaClient, actingUserId: string, userId: string, role: Role) {
  if (actingUserId === userId)
    throw conflict('You cannot change your own role', { role: 'Ask another staff member' });
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { id: true } });
  if (!user) throw notFound('User not found');
  return prisma.user.update({
    where: { id: userId },
    data: { role },
    select: { id: true, email: true, firstName: true, lastName: true, role: true, createdAt: true },
  });
}
