// Picks the geocoder for this process: Google when a key is configured, the offline ZIP table otherwise.
import { googleGeocoder } from './google.ts';
import type { Geocoder } from './types.ts';
import { zipTableGeocoder } from './zipTable.ts';

export type { AddressQuery, GeocodeResult, Geocoder } from './types.ts';
export { PermanentGeocodeError } from './types.ts';

const google = new Map<string, Geocoder>();

export function geocoderFor(config: { GOOGLE_MAPS_API_KEY?: string | undefined }): Geocoder {
  const key = config.GOOGLE_MAPS_API_KEY?.trim();
  if (!key) return zipTableGeocoder;
  let geocoder = google.get(key);
  if (!geocoder) {
    geocoder = googleGeocoder(key);
    google.set(key, geocoder);
  }
  return geocoder;
}
