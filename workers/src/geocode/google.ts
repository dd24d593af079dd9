// Google Geocoding, used when GOOGLE_MAPS_API_KEY is set. Transient trouble throws (the job retries);
// a refused request throws PermanentGeocodeError; no match answers not_found.
import { Client, Status } from '@googlemaps/google-maps-services-js';
import { type AddressQuery, type GeocodeResult, type Geocoder, PermanentGeocodeError } from './types.ts';

const TRANSIENT_STATUSES = new Set<string>([Status.OVER_QUERY_LIMIT, Status.UNKNOWN_ERROR]);

interface HttpFailure {
  response?: { status?: number; data?: { status?: string; error_message?: string } };
  code?: string;
  message?: string;
}

/** Sorts a failed HTTP call: passing trouble (retry) or a refusal (PermanentGeocodeError). */
export function classifyGoogleFailure(error: unknown): Error {
  const failure = (typeof error === 'object' && error !== null ? error : {}) as HttpFailure;
  const httpStatus = failure.response?.status;
  const detail =
    failure.response?.data?.error_message ??
    failure.response?.data?.status ??
    failure.message ??
    String(error);
  // No answer at all (timeout, reset), a 5xx or a 429 may pass; any other 4xx will not.
  if (httpStatus === undefined || httpStatus >= 500 || httpStatus === 429) {
    return new Error(`Google Geocoding unavailable: ${detail}`);
  }
  return new PermanentGeocodeError(`Google Geocoding refused the request (${httpStatus}): ${detail}`);
}

export function googleGeocoder(apiKey: string, timeoutMs = 10_000): Geocoder {
  const client = new Client({});
  return {
    name: 'google',
    async geocode(address: AddressQuery): Promise<GeocodeResult> {
      const text = [address.street, address.city, `${address.state} ${address.zipCode ?? ''}`.trim()]
        .filter((part) => part?.trim())
        .join(', ');
      let data: Awaited<ReturnType<Client['geocode']>>['data'];
      try {
        ({ data } = await client.geocode({
          params: { address: text, key: apiKey, components: { country: 'US' } },
          timeout: timeoutMs,
        }));
      } catch (error) {
        throw classifyGoogleFailure(error);
      }
      if (data.status === Status.ZERO_RESULTS)
        return { status: 'not_found', reason: `Google found no match for "${text}"` };
      if (TRANSIENT_STATUSES.has(data.status)) throw new Error(`Google Geocoding answered ${data.status}`);
      if (data.status !== Status.OK) {
        throw new PermanentGeocodeError(
          `Google Geocoding answered ${data.status}: ${data.error_message ?? ''}`.trim(),
        );
      }
      const location = data.results[0]?.geometry.location;
      if (!location) return { status: 'not_found', reason: `Google found no match for "${text}"` };
      return { status: 'located', latitude: location.lat, longitude: location.lng, source: 'google' };
    },
  };
}
