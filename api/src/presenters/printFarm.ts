// What each audience sees of a print farm. The public view (map, landing page) never carries contact
// details or the full street address; staff and the owning operator see the whole record. The map's
// marker feed carries less still: where each farm is, its name, place and printer count.

import { Prisma } from '@printfarm/db';
import type { FarmMarkerFeed } from '@printfarm/map/markerFeed';
import type { FarmMarkerRow, PublicFarmPresenters } from '../services/publicFarmCache.ts';
import type { Wire } from './wire.ts';

type Coordinates = { lat: number; lng: number } | null;

const coordinates = (farm: { latitude: number | null; longitude: number | null }): Coordinates =>
  farm.latitude === null || farm.longitude === null ? null : { lat: farm.latitude, lng: farm.longitude };

/** The columns the public view needs: a marker's farm is read with these (the list is built in SQL). */
export const publicFarmSelect = {
  id: true,
  displayName: true,
  streetName: true,
  city: true,
  state: true,
  zipCode: true,
  printerCount: true,
  capacity: true,
  printerTypes: true,
  website: true,
  wantsOrderingLink: true,
  assignedOrderingLink: true,
  latitude: true,
  longitude: true,
} satisfies Prisma.PrintFarmSelect;

export type PublicFarmRow = Prisma.PrintFarmGetPayload<{ select: typeof publicFarmSelect }>;

export function presentPublicFarm(farm: PublicFarmRow) {
  return {
    id: farm.id,
    displayName: farm.displayName,
    streetName: farm.streetName,
    city: farm.city,
    state: farm.state,
    zipCode: farm.zipCode,
    printerCount: farm.printerCount,
    capacity: farm.capacity,
    printerTypes: farm.printerTypes,
    website: farm.website,
    wantsOrderingLink: farm.wantsOrderingLink,
    assignedOrderingLink: farm.assignedOrderingLink,
    coordinates: coordinates(farm),
  };
}

export type PublicFarm = ReturnType<typeof presentPublicFarm>;

/** GET /api/print-farms/signup: whether staff have the network open to new farms, and if not, why. */
export function presentSignupStatus(accepting: boolean, closedMessage: string) {
  return { accepting, message: accepting ? null : closedMessage };
}

export type SignupStatusView = ReturnType<typeof presentSignupStatus>;

/**
 * The same public view built by PostgreSQL as one JSON array of every active farm: serializing 10,000
 * farms there takes a fraction of reading them into Prisma objects and stringifying them here.
 * Keep its keys in step with presentPublicFarm (the integration test compares both).
 */
export const publicFarmListSql = Prisma.sql`
  SELECT coalesce(json_agg(view.farm ORDER BY p.created_at, p.id), '[]'::json)::text AS body
  FROM print_farms p
  CROSS JOIN LATERAL (
    SELECT row_to_json(f) AS farm FROM (
      SELECT p.id AS "id",
             p.display_name AS "displayName",
             p.street_name AS "streetName",
             p.city AS "city",
             p.state AS "state",
             p.zip_code AS "zipCode",
             p.printer_count AS "printerCount",
             p.capacity AS "capacity",
             p.printer_types AS "printerTypes",
             p.website AS "website",
             p.wants_ordering_link AS "wantsOrderingLink",
             p.assigned_ordering_link AS "assignedOrderingLink",
             CASE WHEN p.latitude IS NULL OR p.longitude IS NULL THEN NULL
                  ELSE json_build_object('lat', p.latitude, 'lng', p.longitude) END AS "coordinates"
    ) AS f
  ) AS view
  WHERE p.is_active`;

/** Marker coordinates are sent in 1/10,000 of a degree (about 11 m): plenty for a marker, fewer digits. */
export const MARKER_COORDINATE_SCALE = 10_000;

export function presentMarkerFeed(rows: readonly FarmMarkerRow[]): FarmMarkerFeed {
  const feed: FarmMarkerFeed = {
    scale: MARKER_COORDINATE_SCALE,
    id: [],
    lat: [],
    lng: [],
    name: [],
    printers: [],
    place: [],
    places: [],
  };
  const placeIndex = new Map<string, number>();
  let previousId = 0;
  for (const row of rows) {
    const place = `${row.city}, ${row.state}`;
    let index = placeIndex.get(place);
    if (index === undefined) {
      index = feed.places.push(place) - 1;
      placeIndex.set(place, index);
    }
    feed.id.push(row.markerId - previousId);
    previousId = row.markerId;
    feed.lat.push(Math.round(row.latitude * MARKER_COORDINATE_SCALE));
    feed.lng.push(Math.round(row.longitude * MARKER_COORDINATE_SCALE));
    feed.name.push(row.displayName);
    feed.printers.push(row.printerCount);
    feed.place.push(index);
  }
  return feed;
}

type FarmRow = Prisma.PrintFarmGetPayload<object>;

/** Staff and owner view: the admin fields of the operator spec plus where geocoding left the farm. */
export function presentFullFarm(farm: FarmRow) {
  return {
    ...presentPublicFarm(farm),
    farmName: farm.farmName,
    userId: farm.userId,
    description: farm.description,
    location: farm.location,
    contactName: farm.contactName,
    contactEmail: farm.contactEmail,
    contactPhone: farm.contactPhone,
    fullStreetAddress: farm.fullStreetAddress,
    customWebsite: farm.customWebsite,
    isPaidMember: farm.isPaidMember,
    monthlyFee: farm.monthlyFee.toFixed(2),
    signupFee: farm.signupFee.toFixed(2),
    totalPrinterCount: farm.totalPrinterCount,
    printerInventory: farm.printerInventory,
    availableCapacity: farm.availableCapacity,
    capabilities: farm.capabilities,
    isActive: farm.isActive,
    geocodeStatus: farm.geocodeStatus,
    geocodeError: farm.geocodeError,
    geocodedAt: farm.geocodedAt,
    createdAt: farm.createdAt,
    updatedAt: farm.updatedAt,
  };
}

/** geocodedAt, createdAt and updatedAt are Dates here and ISO strings on the wire. */
export type FullFarmView = Wire<ReturnType<typeof presentFullFarm>>;

/** How the public farm cache writes its two answers. */
export const publicFarmPresenters: PublicFarmPresenters = {
  farmListSql: publicFarmListSql,
  markerFeed: presentMarkerFeed,
};
