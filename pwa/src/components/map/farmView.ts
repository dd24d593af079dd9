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

function coordinatesOf(farm: PublicFarm): MapFarm['coordinates'] {
  const c = farm.coordinates;
  if (!c) return null;
  const lat = 'lat' in c ? c.lat : c.latitude;
  const lng = 'lng' in c ? c.lng : c.longitude;
  return Number.isFinite(lat) && Number.isFinite(lng) ? { lat, lng } : null;
}

export function toMapFarm(farm: PublicFarm): MapFarm {
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

/** The marker's title: 'Company, City, ST'. */
export function markerTitle(farm: MapFarm): string {
  return `${farm.companyName}, ${farm.city}, ${farm.state}`;
}

export function printerCountLabel(count: number): string {
  return count === 1 ? '1 printer' : `${count} printers`;
}

export const MAP_START_ZOOM = 4;
export const MAP_FIT_MAX_ZOOM = 15;
export const MAP_SELECT_MIN_ZOOM = 12;
export const MARKER_SIZE_PX = 32;
export const US_CENTRE = { lat: 39.8283, lng: -98.5795 };
