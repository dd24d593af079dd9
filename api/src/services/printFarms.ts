// Print farms: signup (farm, capabilities, geocode job and confirmation e-mail in one transaction),
// the public list, the map's marker feed and network figures, and the staff and owner views.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import {
  brotliCompress as brotliCompressCallback,
  gzip as gzipCallback,
  constants as zlibConstants,
} from 'node:zlib';
import type { Prisma, PrismaClient } from '@printfarm/db';
import { isUniqueViolation } from '@printfarm/db/errors';
import { recordJob } from '@printfarm/db/outbox';
import type { FarmAdminUpdate } from '@printfarm/domain/farmAdmin';
import { farmCapabilities } from '@printfarm/domain/farmCapabilities';
import { companyKey, type FarmSignup, farmSlug, summarizeInventory } from '@printfarm/domain/farmSignup';
import { farmSignupEmail } from '@printfarm/mail/farms';
import { promoteToOperator } from '../auth/roles.ts';
import { conflict, notFound } from '../http/errors.ts';
import {
  type FarmMarkerRow,
  type PublicFarm,
  presentMarkerFeed,
  presentPublicFarm,
  publicFarmListSql,
  publicFarmSelect,
} from '../presenters/printFarm.ts';
import { claimUrl, createFarmClaim } from './farmClaims.ts';

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
          },
        });
        await tx.printFarmCapability.createMany({ data: rows.map((row) => ({ ...row, farmId: farm.id })) });
        if (context.userId) await promoteToOperator(tx, context.userId);
        const token = context.userId ? undefined : await createFarmClaim(tx, farm);
        await recordJob(tx, 'farm.geocode', { farmId: farm.id });
        const networkUrl = `${context.publicUrl.replace(/\/+$/, '')}/print-farms`;
        await recordJob(
          tx,
          'email.send',
          await farmSignupEmail(farm, {
            networkUrl,
            ...(token ? { claimUrl: claimUrl(context.publicUrl, token) } : {}),
          }),
        );
        return farm;
      });
      invalidatePublicFarms(prisma);
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

// ---- The public list, the map's marker feed and network figures --------------------------------------

export interface NetworkStats {
  activeFarms: number;
  statesCovered: number;
  totalPrinters: number;
  /** Farms with coordinates, i.e. markers on the map. */
  mappedFarms: number;
  totalCapacity: number;
}

/** A JSON answer made once and kept in memory with its ETag and compressed copies. */
export interface EncodedJson {
  etag: string;
  json: Buffer;
  gzip: Buffer;
  brotli?: Buffer;
}

interface Snapshot {
  /** The table version it was read at (see tableVersion). */
  version: string;
  checkedAt: number;
}

export interface PublicSnapshot extends EncodedJson, Snapshot {
  stats: NetworkStats;
}

export interface MarkerSnapshot extends Required<EncodedJson>, Snapshot {}

interface SnapshotSlot<T extends Snapshot> {
  current?: T;
  loading?: Promise<T>;
  /** Bumped by writes in this process, so their result shows at once. */
  generation: number;
}

interface PublicCaches {
  list: SnapshotSlot<PublicSnapshot>;
  markers: SnapshotSlot<MarkerSnapshot>;
}

// The worker writes coordinates from another process, so a snapshot is re-validated against a cheap
// version query at most this often; writes made by this process drop it at once.
const RECHECK_MS = 1_000;
const caches = new WeakMap<PrismaClient, PublicCaches>();
const gzip = promisify(gzipCallback);
const brotli = promisify(brotliCompressCallback);

function cachesOf(prisma: PrismaClient): PublicCaches {
  let found = caches.get(prisma);
  if (!found) {
    found = { list: { generation: 0 }, markers: { generation: 0 } };
    caches.set(prisma, found);
  }
  return found;
}

export function invalidatePublicFarms(prisma: PrismaClient): void {
  for (const slot of Object.values(cachesOf(prisma)) as SnapshotSlot<Snapshot>[]) {
    slot.generation++;
    // A load already under way may have read the table before the write: later callers start afresh.
    delete slot.current;
    delete slot.loading;
  }
}

async function tableVersion(prisma: PrismaClient): Promise<string> {
  // Any insert, delete or update through Prisma (@updatedAt) moves one of these.
  const [row] = await prisma.$queryRaw<{ n: number; m: string | null; g: string | null }[]>`
    SELECT count(*)::int AS n, max(updated_at)::text AS m, max(geocoded_at)::text AS g FROM print_farms`;
  return `${row?.n ?? 0}|${row?.m ?? ''}|${row?.g ?? ''}`;
}

/** The slot's snapshot while the table is unchanged; otherwise one load shared by every caller. */
async function cachedSnapshot<T extends Snapshot>(
  prisma: PrismaClient,
  slot: SnapshotSlot<T>,
  load: (version: string) => Promise<T>,
): Promise<T> {
  const current = slot.current;
  if (current && Date.now() - current.checkedAt < RECHECK_MS) return current;
  if (slot.loading) return slot.loading;
  const generation = slot.generation;
  const loading = (async () => {
    const version = await tableVersion(prisma);
    const snapshot =
      current && current.version === version ? { ...current, checkedAt: Date.now() } : await load(version);
    if (slot.generation === generation) slot.current = snapshot;
    return snapshot;
  })();
  slot.loading = loading;
  try {
    return await loading;
  } finally {
    if (slot.loading === loading) delete slot.loading;
  }
}

/** The ETag names the content, so every process serving the same farms answers the same tag. */
const etagOf = (prefix: string, json: Buffer) =>
  `"${prefix}-${createHash('sha1').update(json).digest('base64url')}"`;

async function loadPublicSnapshot(prisma: PrismaClient, version: string): Promise<PublicSnapshot> {
  const [[list], [figures]] = await Promise.all([
    prisma.$queryRaw<{ body: string }[]>(publicFarmListSql),
    prisma.$queryRaw<NetworkStats[]>`
      SELECT count(*)::int AS "activeFarms",
             count(DISTINCT state)::int AS "statesCovered",
             coalesce(sum(printer_count), 0)::int AS "totalPrinters",
             count(latitude)::int AS "mappedFarms",
             coalesce(sum(capacity), 0)::int AS "totalCapacity"
      FROM print_farms WHERE is_active`,
  ]);
  const json = Buffer.from(list?.body ?? '[]');
  const stats = figures ?? {
    activeFarms: 0,
    statesCovered: 0,
    totalPrinters: 0,
    mappedFarms: 0,
    totalCapacity: 0,
  };
  return { version, etag: etagOf('pf', json), json, gzip: await gzip(json), stats, checkedAt: Date.now() };
}

// Brotli at quality 5 compresses 10,000 markers in tens of milliseconds, within a few KB of quality 11
// (which takes over a second); the feed is rebuilt after every change to the farms.
const MARKER_BROTLI = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } };

async function loadMarkerSnapshot(prisma: PrismaClient, version: string): Promise<MarkerSnapshot> {
  const rows = await prisma.$queryRaw<FarmMarkerRow[]>`
    SELECT marker_id AS "markerId", display_name AS "displayName", city, state, latitude, longitude,
           printer_count AS "printerCount"
    FROM print_farms
    WHERE is_active AND latitude IS NOT NULL AND longitude IS NOT NULL
    ORDER BY marker_id`;
  const json = Buffer.from(JSON.stringify(presentMarkerFeed(rows)));
  const [gzipped, brotlied] = await Promise.all([gzip(json), brotli(json, MARKER_BROTLI)]);
  return { version, etag: etagOf('pm', json), json, gzip: gzipped, brotli: brotlied, checkedAt: Date.now() };
}

/** The public farm list (and figures derived from it), served from memory while the table is unchanged. */
export function publicFarms(prisma: PrismaClient): Promise<PublicSnapshot> {
  return cachedSnapshot(prisma, cachesOf(prisma).list, (version) => loadPublicSnapshot(prisma, version));
}

/** The map's marker feed, served from memory while the table is unchanged. */
export function farmMarkers(prisma: PrismaClient): Promise<MarkerSnapshot> {
  return cachedSnapshot(prisma, cachesOf(prisma).markers, (version) => loadMarkerSnapshot(prisma, version));
}

/** The public view of the active farm behind a map marker. */
export async function farmBehindMarker(prisma: PrismaClient, markerId: number): Promise<PublicFarm> {
  const farm = await prisma.printFarm.findFirst({
    where: { markerId, isActive: true },
    select: publicFarmSelect,
  });
  if (!farm) throw notFound(FARM_NOT_FOUND);
  return presentPublicFarm(farm);
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

/** Staff edit of contact, address, membership and fees; an address change sends the farm to the geocoder again. */
export async function updateFarmAsStaff(prisma: PrismaClient, farmId: string, input: FarmAdminUpdate) {
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
      return updated;
    });
    invalidatePublicFarms(prisma);
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
