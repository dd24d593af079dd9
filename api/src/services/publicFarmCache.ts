// The public farm list (with the network figures) and the map's marker feed, kept in memory while the
// print_farms table is unchanged. One cache per process: createApp makes it, with the presenters that
// write both answers, and hands it to the routes and to the services that write farms, which drop it so
// their change shows at once.
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import {
  brotliCompress as brotliCompressCallback,
  gzip as gzipCallback,
  constants as zlibConstants,
} from 'node:zlib';
import type { Prisma, PrismaClient } from '@printfarm/db';

/** What the map's marker feed reads of a located, active farm. */
export interface FarmMarkerRow {
  markerId: number;
  displayName: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  printerCount: number;
}

/** How the two answers are written: given by the presenters (presenters/printFarm.ts). */
export interface PublicFarmPresenters {
  /** One row, `body`: the public farm list as a JSON array, built by PostgreSQL. */
  farmListSql: Prisma.Sql;
  markerFeed(rows: readonly FarmMarkerRow[]): unknown;
}

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

export interface PublicFarmCache {
  /** The public farm list (and figures derived from it). */
  list(): Promise<PublicSnapshot>;
  /** The map's marker feed. */
  markers(): Promise<MarkerSnapshot>;
  /** Drops both after a write to the farms, so the next request reads them again. */
  invalidate(): void;
}

// The worker writes coordinates from another process, so a snapshot is re-validated against a cheap
// version query at most this often; writes made by this process drop it at once.
const RECHECK_MS = 1_000;
const gzip = promisify(gzipCallback);
const brotli = promisify(brotliCompressCallback);

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

async function loadPublicSnapshot(
  prisma: PrismaClient,
  present: PublicFarmPresenters,
  version: string,
): Promise<PublicSnapshot> {
  const [[list], [figures]] = await Promise.all([
    prisma.$queryRaw<{ body: string }[]>(present.farmListSql),
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

async function loadMarkerSnapshot(
  prisma: PrismaClient,
  present: PublicFarmPresenters,
  version: string,
): Promise<MarkerSnapshot> {
  const rows = await prisma.$queryRaw<FarmMarkerRow[]>`
    SELECT marker_id AS "markerId", display_name AS "displayName", city, state, latitude, longitude,
           printer_count AS "printerCount"
    FROM print_farms
    WHERE is_active AND latitude IS NOT NULL AND longitude IS NOT NULL
    ORDER BY marker_id`;
  const json = Buffer.from(JSON.stringify(present.markerFeed(rows)));
  const [gzipped, brotlied] = await Promise.all([gzip(json), brotli(json, MARKER_BROTLI)]);
  return { version, etag: etagOf('pm', json), json, gzip: gzipped, brotli: brotlied, checkedAt: Date.now() };
}

export function createPublicFarmCache(prisma: PrismaClient, present: PublicFarmPresenters): PublicFarmCache {
  const list: SnapshotSlot<PublicSnapshot> = { generation: 0 };
  const markers: SnapshotSlot<MarkerSnapshot> = { generation: 0 };
  return {
    list: () => cachedSnapshot(prisma, list, (version) => loadPublicSnapshot(prisma, present, version)),
    markers: () => cachedSnapshot(prisma, markers, (version) => loadMarkerSnapshot(prisma, present, version)),
    invalidate() {
      for (const slot of [list, markers] as SnapshotSlot<Snapshot>[]) {
        slot.generation++;
        // A load already under way may have read the table before the write: later callers start afresh.
        delete slot.current;
        delete slot.loading;
      }
    },
  };
}
