// An operator's farm settings: prices per technology and material, availability, public profile and
// custom ordering page. Staff may open any farm's.
import { Prisma, type PrismaClient } from '@printfarm/db';
import { isUniqueViolation } from '@printfarm/db/errors';
import type { FarmSettings } from '@printfarm/domain/farmSettings';
import { companyKey, farmSlug } from '@printfarm/domain/farmSignup';
import type { SessionUser } from '../auth/guards.ts';
import { badRequest, conflict, notFound } from '../http/errors.ts';
import { operatorFarmIds } from './operatorJobs.ts';
import type { PublicFarmCache } from './publicFarmCache.ts';

export const farmSettingsInclude = {
  rates: { orderBy: [{ technology: 'asc' }, { material: 'asc' }] },
  capabilityRows: {
    where: { isActive: true },
    orderBy: [{ printTechnology: 'asc' }, { materialType: 'asc' }],
  },
} satisfies Prisma.PrintFarmInclude;

export type FarmSettingsRow = Prisma.PrintFarmGetPayload<{ include: typeof farmSettingsInclude }>;

/** The farm the user may manage: the one named (own, or any for staff), else their first. */
export async function findManagedFarm(prisma: PrismaClient, user: SessionUser, farmId?: string) {
  const ids = await operatorFarmIds(prisma, user, farmId);
  const id = ids[0];
  if (!id) throw notFound(user.role === 'staff' ? 'Print farm not found' : 'You do not run a print farm yet');
  return id;
}

export function jobsInLast90Days(prisma: PrismaClient, farmId: string): Promise<number> {
  return prisma.printJob.count({
    where: { farmId, offeredAt: { gte: new Date(Date.now() - 90 * 86_400_000) } },
  });
}

export async function loadFarmSettings(prisma: PrismaClient, farmId: string) {
  const [farm, jobsLast90Days] = await Promise.all([
    prisma.printFarm.findUniqueOrThrow({ where: { id: farmId }, include: farmSettingsInclude }),
    jobsInLast90Days(prisma, farmId),
  ]);
  return { farm, jobsLast90Days };
}

/** The operator's farms, for choosing one when they run several. */
export function listManagedFarms(prisma: PrismaClient, user: SessionUser) {
  return prisma.printFarm.findMany({
    where: user.role === 'staff' ? {} : { userId: user.id },
    select: { id: true, displayName: true, city: true, state: true },
    orderBy: { displayName: 'asc' },
    take: user.role === 'staff' ? 500 : 50,
  });
}

/** The name another farm is registered under (the same company key), on the settings form's field. */
function nameTaken(displayName: string) {
  const message = `A print farm named "${displayName}" is already registered.`;
  return conflict(message, { 'profile.displayName': message });
}

/** Whether a farm other than `farmId` holds the company key. */
async function keyHeldByAnother(db: Prisma.TransactionClient, key: string, farmId: string) {
  const other = await db.printFarm.findFirst({
    where: { companyKey: key, id: { not: farmId } },
    select: { id: true },
  });
  return other !== null;
}

/**
 * Saves the settings. A new name gets its company key, so a name another farm is registered under is
 * refused (409), as at signup and in the staff edit, and a renamed farm frees its old name.
 */
export async function saveFarmSettings(
  prisma: PrismaClient,
  publicFarms: PublicFarmCache,
  farmId: string,
  settings: FarmSettings,
): Promise<void> {
  const { displayName } = settings.profile;
  const key = companyKey(displayName);
  try {
    await writeFarmSettings(prisma, farmId, settings, key);
  } catch (error) {
    // Another farm took the name between the check and the write.
    if (isUniqueViolation(error) && (await keyHeldByAnother(prisma, key, farmId)))
      throw nameTaken(displayName);
    throw error;
  }
  publicFarms.invalidate();
}

function writeFarmSettings(prisma: PrismaClient, farmId: string, settings: FarmSettings, key: string) {
  return prisma.$transaction(async (tx) => {
    const saved = await tx.printFarm.findUniqueOrThrow({
      where: { id: farmId },
      select: { displayName: true },
    });
    // Only a new name is checked and re-keyed: a save that keeps the name leaves its key as it is.
    const renamed = saved.displayName !== settings.profile.displayName;
    if (renamed && (await keyHeldByAnother(tx, key, farmId))) throw nameTaken(settings.profile.displayName);
    const capabilities = await tx.printFarmCapability.findMany({
      where: { farmId, isActive: true },
      select: { printTechnology: true },
    });
    const offered = new Set(capabilities.map((c) => c.printTechnology));
    const stray = settings.rates.findIndex((rate) => !offered.has(rate.technology));
    if (stray !== -1) {
      const technology = settings.rates[stray]?.technology ?? '';
      throw badRequest(`This farm has no ${technology} printers`, {
        [`rates.${stray}.technology`]: `Add ${technology} printers to your farm before pricing them`,
      });
    }
    await tx.farmRate.deleteMany({ where: { farmId } });
    await tx.farmRate.createMany({
      data: settings.rates.map((rate) => ({
        farmId,
        technology: rate.technology,
        material: rate.material,
        priceBasis: rate.priceBasis,
        materialRate: new Prisma.Decimal(rate.materialRate).div(100),
        machineHourRate: new Prisma.Decimal(rate.machineHourRate).div(100),
        setupFee: new Prisma.Decimal(rate.setupFee).div(100),
        minimumOrder: new Prisma.Decimal(rate.minimumOrder).div(100),
        leadTimeDays: rate.leadTimeDays,
      })),
    });
    await tx.printFarm.update({
      where: { id: farmId },
      data: {
        availableCapacity: settings.availability.availableCapacity,
        isPaused: settings.availability.isPaused,
        operatingHours: settings.availability.operatingHours ?? Prisma.DbNull,
        displayName: settings.profile.displayName,
        ...(renamed ? { companyKey: key } : {}),
        description: settings.profile.description || null,
        website: settings.profile.website || null,
        contactPhone: settings.profile.contactPhone,
        wantsOrderingLink: settings.wantsOrderingLink,
      },
    });
  });
}

/**
 * The farm's custom ordering page: links the operator's own store (the first, or a new one named after
 * the farm) and records its address on the farm.
 */
export async function linkOrderingPage(prisma: PrismaClient, farmId: string): Promise<string> {
  const farm = await prisma.printFarm.findUniqueOrThrow({
    where: { id: farmId },
    select: { userId: true, displayName: true, description: true },
  });
  if (!farm.userId) throw badRequest('Claim this farm before opening its ordering page');
  let store = await prisma.store.findFirst({ where: { userId: farm.userId }, orderBy: { createdAt: 'asc' } });
  for (let attempt = 0; !store; attempt++) {
    const suffix = attempt === 0 ? '' : `-${Math.random().toString(36).slice(2, 6)}`;
    try {
      store = await prisma.store.create({
        data: {
          userId: farm.userId,
          storeName: `${farmSlug(farm.displayName)}${suffix}`,
          displayName: farm.displayName,
          description: farm.description,
        },
      });
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
    }
  }
  const link = `/store/${store.storeName}`;
  await prisma.printFarm.update({
    where: { id: farmId },
    data: { wantsOrderingLink: true, assignedOrderingLink: link },
  });
  return link;
}
