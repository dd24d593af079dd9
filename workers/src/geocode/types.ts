// One interface for turning an address into coordinates, whichever service answers.

export interface AddressQuery {
  street?: string | undefined;
  city: string;
  state: string;
  zipCode?: string | undefined;
}

export type GeocodeResult =
  | { status: 'located'; latitude: number; longitude: number; source: string }
  | { status: 'not_found'; reason: string };

/** The address will never geocode as it is (bad key, rejected request): do not retry, tell staff. */
export class PermanentGeocodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PermanentGeocodeError';
  }
}

/**
 * Answers located or not_found; throws PermanentGeocodeError when retrying cannot help, and any other
 * error for trouble that may pass (timeouts, 5xx, rate limits), so the job is retried.
 */
export interface Geocoder {
  readonly name: string;
  geocode(address: AddressQuery): Promise<GeocodeResult>;
}
