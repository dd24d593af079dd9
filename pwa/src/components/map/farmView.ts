// The map's view of a farm, with the spec's defaults for missing fields (section 3, "Map farm view").
import type { PublicFarm } from '../../api/printFarms.ts';

export interface MapFarm {
  id: string;
  companyName: string;
  streetName: string;
  city: string;
  state: string;
  zipCode: string;
  printerCount: number;
  printerTypes: string[];
  website: string | null;
  wantsOrderingLink: boolean;
  assignedOrderingLink: string | null;
  coordinates: { lat: number; lng: number } | null;
}

/** A farm as the list or a marker answers it; the spec's defaults stand in for any field left out. */
export type ListedFarm = Pick<PublicFarm, 'id' | 'displayName'> & Partial<PublicFarm>;

function coordinatesOf(farm: ListedFarm): MapFarm['coordinates'] {
  const c = farm.coordinates;
  return c && Number.isFinite(c.lat) && Number.isFinite(c.lng) ? { lat: c.lat, lng: c.lng } : null;
}

export function toMapFarm(farm: ListedFarm): MapFarm {
  return {
    id: farm.id,
    companyName: farm.displayName,
    streetName: farm.streetName || 'Unknown Street',
    city: farm.city || 'Unknown City',
    state: farm.state || 'Unknown State',
    zipCode: farm.zipCode || '00000',
    printerCount: farm.printerCount ?? farm.capacity ?? 0,
    printerTypes: farm.printerTypes ?? [],
    website: farm.website || null,
    wantsOrderingLink: farm.wantsOrderingLink ?? false,
    assignedOrderingLink: farm.assignedOrderingLink ?? null,
    coordinates: coordinatesOf(farm),
  };
}

/** The farm a map shows selected, with its info window open or closed. */
export interface PickedFarm {
  /** Its marker in the feed, null for a farm from the list that the feed does not have yet. */
  markerId: number | null;
  name: string;
  /** 'City, ST'. */
  place: string;
  printers: number;
  /** Where it sits in the map's plane. */
  x: number;
  y: number;
  /** The whole public view: known at once for a farm from the list, fetched for a marker. */
  farm: MapFarm | null;
}

/** A farm picked from the list, placed at (x, y) by the marker worker. */
export function pickedFromList(
  farm: MapFarm,
  at: { x: number; y: number; markerId: number | null },
): PickedFarm {
  return {
    markerId: at.markerId,
    name: farm.companyName,
    place: `${farm.city}, ${farm.state}`,
    printers: farm.printerCount,
    x: at.x,
    y: at.y,
    farm,
  };
}

export function printerCountLabel(count: number): string {
  return count === 1 ? '1 printer' : `${count} printers`;
}
