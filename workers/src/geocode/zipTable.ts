// Offline geocoding from the `zipcodes` package's US ZIP-centroid table: no network, no key.
import zipcodes from 'zipcodes';
import type { AddressQuery, GeocodeResult, Geocoder } from './types.ts';

/** '78701-1234' → '78701'; undefined when it does not start with five digits. */
export function zip5(zipCode: string | undefined): string | undefined {
  return /^\s*(\d{5})/.exec(zipCode ?? '')?.[1];
}

function byZip(zipCode: string): GeocodeResult {
  const zip = zip5(zipCode);
  const entry = zip ? zipcodes.lookup(zip) : undefined;
  if (entry?.country !== 'US')
    return { status: 'not_found', reason: `ZIP code ${zipCode} is not in the US ZIP table` };
  return { status: 'located', latitude: entry.latitude, longitude: entry.longitude, source: 'zip-table' };
}

/** The centre of a city's ZIP centroids, for addresses given as city and state only. */
function byCity(city: string, state: string): GeocodeResult {
  const entries = zipcodes
    .lookupByName(city.trim(), state.trim().toUpperCase())
    .filter((e) => e.country === 'US');
  if (entries.length === 0)
    return { status: 'not_found', reason: `${city}, ${state} is not in the US ZIP table` };
  const mean = (pick: (e: (typeof entries)[number]) => number) =>
    Math.round((entries.reduce((sum, e) => sum + pick(e), 0) / entries.length) * 10_000) / 10_000;
  return {
    status: 'located',
    latitude: mean((e) => e.latitude),
    longitude: mean((e) => e.longitude),
    source: 'zip-table',
  };
}

export const zipTableGeocoder: Geocoder = {
  name: 'zip-table',
  async geocode(address: AddressQuery): Promise<GeocodeResult> {
    return address.zipCode?.trim() ? byZip(address.zipCode) : byCity(address.city, address.state);
  },
};
