// Print farms: signup (farm, capabilities, geocode job and confirmation e-mail in one transaction),
// a map marker's farm, and the staff and owner views. The public list and the marker feed are served
// from publicFarmCache.ts, which every write here drops.
import type { Prisma, PrismaClient } from '@printfarm/db';
import { isUniqueViolation } from '@printfarm/db/errors';
import { sealedFor, sealedPlaceholder } from '@printfarm/db/mailSecrets';
import { recordJob } from '@printfarm/db/outbox';
import type { FarmAdminUpdate } from '@printfarm/domain/farmAdmin';
import { farmCapabilities } from '@printfarm/domain/farmCapabilities';
import { companyKey, type FarmSignup, farmSlug, summarizeInventory } from '@printfarm/domain/farmSignup';
import { printersFromInventory } from '@printfarm/domain/printers';
import { deferredEmail } from '@printfarm/mail/deferred';
import { promoteToOperator } from '../auth/roles.ts';
import { conflict, notFound } from '../http/errors.ts';
import { claimUrl, createFarmClaim } from './farmClaims.ts';
import { invoiceSignupOnApproval } from './membership.ts';
import type { PublicFarmCache } from './publicFarmCache.ts';

export const FARM_NOT_FOUND = 'Print farm not found';

/** The farm's slug, or the slug with the first free '-2', '-3'... when it is taken. */
async function freeFarmName(
  tx: Prisma.TransactionClient,
  displayName: string,
  salt?: string,
): Promise<string> {
  const base = salt ? `${farmSlug(displayName)}-${salt}` : farmSlug(displayName);
  const taken = await tx.printFarm.findMany({
    where: { OR: [{ farmName: base }, { farmName: { startsWith: `${base}-` } }] },
    select: { farmName: true },
  });
  const names = new Set(taken.map((farm) => farm.farmName));
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) if (!names.has(`${base}-${n}`)) return `${base}-${n}`;
}

export interface SignupContext {
  /** The signed-in user, who then owns the farm; anonymous signups are claimed through an e-mailed link. */
  userId: string | null;
  publicUrl: string;
  /** Seals the claim link in the e-mail (db/src/mailSecrets.ts mailSecretsKey). */
  mailSecrets: Buffer;
  /** Dropped once the farm is stored, so the public list shows it at once. */
  publicFarms: PublicFarmCache;
}

const alreadyRegistered = (displayName: string) =>
  conflict(`A print farm named "${displayName}" is already registered.`, {
    displayName: `A print farm named "${displayName}" is already registered.`,
  });

export async function signupFarm(prisma: PrismaClient, input: FarmSignup, context: SignupContext) {
  const key = companyKey(input.displayName);
  const summary = summarizeInventory(input.printerInventory);
  const { capacity, capabilities, rows } = farmCapabilities(input.printerInventory);
  // A slug taken between the lookup and the insert (two signups at once) is retried with a random suffix.
  for (let attempt = 1; ; attempt++) {
    try {
      const farm = await prisma.$transaction(async (tx) => {
        const salt = attempt > 1 ? Math.random().toString(36).slice(2, 6) : undefined;
        const farm = await tx.printFarm.create({
          data: {
            userId: context.userId,
            farmName: await freeFarmName(tx, input.displayName, salt),
            displayName: input.displayName,
            companyKey: key,
            location: `${input.city}, ${input.state}`,
            contactName: input.contactName,
            contactEmail: input.contactEmail,
            contactPhone: input.contactPhone,
            fullStreetAddress: input.fullStreetAddress,
            streetName: input.streetName,
            city: input.city,
            state: input.state,
            zipCode: input.zipCode,
            totalPrinterCount: summary.totalPrinterCount,
            printerCount: summary.totalPrinterCount,
            printerInventory: input.printerInventory.map(({ technology, brand, model, count }) => ({
              technology,
              brand,
              model: model?.trim() || null,
              count,
            })),
            printerTypes: summary.printerTypes,
            website: input.website || null,
            wantsOrderingLink: input.wantsOrderingLink,
            capacity,
            availableCapacity: capacity,
            capabilities,
            printers: { createMany: { data: printersFromInventory(input.printerInventory) } },
          },
        });
        await tx.printFarmCapability.createMany({ data: rows.map((row) => ({ ...row, farmId: farm.id })) });
        if (context.userId) await promoteToOperator(tx, context.userId);
        const token = context.userId ? undefined : await createFarmClaim(tx, farm);
        await recordJob(tx, 'farm.geocode', { farmId: farm.id });
        const networkUrl = `${context.publicUrl.replace(/\/+$/, '')}/print-farms`;
        // The claim link hands the farm over: what is stored and queued holds it only sealed.
        const welcome = await deferredEmail('farmSignupEmail', farm, {
          networkUrl,
          ...(token ? { claimUrl: sealedPlaceholder(0) } : {}),
        });
        await recordJob(
          tx,
          'email.send',
          token ? sealedFor(context.mailSecrets, welcome, [claimUrl(context.publicUrl, token)]) : welcome,
        );
        return farm;
      });
      context.publicFarms.invalidate();
      return farm;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // The company's key is taken (registered before, or by a concurrent request): a conflict. Otherwise
      // it was the slug, taken between the lookup and the insert: retried with a random suffix.
      if (
        attempt >= 4 ||
        (await prisma.printFarm.findUnique({ where: { companyKey: key }, select: { id: true } }))
      ) {
        throw alreadyRegistered(input.displayName);
      }
    }
  }
}

// ---- The map's markers ----------------------------------------------------------------------------------

/** The active farm behind a map marker, with the columns its presenter asks for. */
export async function farmBehindMarker<Select extends Prisma.PrintFarmSelect>(
  prisma: PrismaClient,
  markerId: number,
  select: Select,
): Promise<Prisma.PrintFarmGetPayload<{ select: Select }>> {
  const farm = await prisma.printFarm.findFirst({ where: { markerId, isActive: true }, select });
  if (!farm) throw notFound(FARM_NOT_FOUND);
  return farm as Prisma.PrintFarmGetPayload<{ select: Select }>;
}

// ---- Staff and owners ---------------------------------------------------------------------------------

export function listAllFarms(prisma: PrismaClient) {
  return prisma.printFarm.findMany({ orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] });
}

export function listFarmsOwnedBy(prisma: PrismaClient, userId: string) {
  return prisma.printFarm.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'asc' }] });
}

const blankToNull = (value: string | null | undefined) =>
  value === undefined ? undefined : value?.trim() || null;

/**
 * Staff edit of contact, address, membership and fees; an address change sends the farm to the geocoder
 * again, and turning the membership to Paid approves the farm as a member: its signup fee is invoiced.
 */
export async function updateFarmAsStaff(
  prisma: PrismaClient,
  publicFarms: PublicFarmCache,
  farmId: string,
  input: FarmAdminUpdate,
  appUrl: string,
) {
  try {
    const farm = await prisma.$transaction(async (tx) => {
      const farm = await tx.printFarm.findUnique({ where: { id: farmId } });
      if (!farm) throw notFound('Print farm not found');
      const city = input.city ?? farm.city;
      const state = input.state ?? farm.state;
      const zipCode = input.zipCode ?? farm.zipCode;
      const moved = city !== farm.city || state !== farm.state || zipCode !== farm.zipCode;
      const displayName = input.displayName ?? farm.displayName;
      const key = companyKey(displayName);
      if (key !== farm.companyKey) {
        const other = await tx.printFarm.findUnique({ where: { companyKey: key }, select: { id: true } });
        if (other && other.id !== farm.id) throw alreadyRegistered(displayName);
      }
      const updated = await tx.printFarm.update({
        where: { id: farm.id },
        data: {
          displayName,
          companyKey: key,
          contactName: input.contactName,
          contactEmail: input.contactEmail,
          contactPhone: input.contactPhone,
          streetName: input.streetName,
          city,
          state,
          zipCode,
          location: `${city}, ${state}`,
          website: blankToNull(input.website),
          customWebsite: blankToNull(input.customWebsite),
          description: blankToNull(input.description),
          isPaidMember: input.isPaidMember,
          monthlyFee: input.monthlyFee,
          signupFee: input.signupFee,
          ...(moved ? { geocodeStatus: 'pending' as const, geocodeError: null } : {}),
        },
      });
      if (moved) await recordJob(tx, 'farm.geocode', { farmId: farm.id });
      if (input.isPaidMember && !farm.isPaidMember) await invoiceSignupOnApproval(tx, farm.id, appUrl);
      return updated;
    });
    publicFarms.invalidate();
    return farm;
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRegistered(input.displayName ?? 'that name');
    throw error;
  }
}

// ---- What the network offers -------------------------------------------------------------------------

export interface NetworkOffering {
  technology: string;
  farms: number;
  materials: { material: string; farms: number }[];
}

/** The technologies and materials that farms taking work offer today, with how many offer each. */
export async function networkOfferings(prisma: PrismaClient): Promise<NetworkOffering[]> {
  const rows = await prisma.$queryRaw<
    { technology: string; material: string; farms: number; tech_farms: number }[]
  >`
    SELECT c.print_technology AS technology, c.material_type AS material, count(DISTINCT c.farm_id)::int AS farms,
           max(t.farms)::int AS tech_farms
    FROM print_farm_capabilities c
    JOIN print_farms f ON f.id = c.farm_id
    JOIN (
      SELECT c2.print_technology, count(DISTINCT c2.farm_id) AS farms
      FROM print_farm_capabilities c2 JOIN print_farms f2 ON f2.id = c2.farm_id
      WHERE c2.is_active AND f2.is_active AND f2.node_status = 'online' AND NOT f2.is_paused
      GROUP BY c2.print_technology
    ) t ON t.print_technology = c.print_technology
    WHERE c.is_active AND f.is_active AND f.node_status = 'online' AND NOT f.is_paused
    GROUP BY c.print_technology, c.material_type
    ORDER BY max(t.farms) DESC, c.print_technology, count(DISTINCT c.farm_id) DESC, c.material_type`;
  const byTechnology = new Map<string, NetworkOffering>();
  for (const row of rows) {
    const offering = byTechnology.get(row.technology) ?? {
      technology: row.technology,
      farms: row.tech_farms,
      materials: [],
    };
    offering.materials.push({ material: row.material, farms: row.farms });
    byTechnology.set(row.technology, offering);
  }
  return [...byTechnology.values()];
}
