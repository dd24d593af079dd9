import { describe, expect, it } from 'vitest';
import { classifyGoogleFailure } from './google.ts';
import { geocoderFor } from './index.ts';
import { PermanentGeocodeError } from './types.ts';
import { zip5, zipTableGeocoder } from './zipTable.ts';

describe('offline ZIP table', () => {
  it('locates a ZIP code at its centroid', async () => {
    expect(await zipTableGeocoder.geocode({ city: 'Austin', state: 'TX', zipCode: '78701' })).toEqual({
      status: 'located',
      latitude: 30.2713,
      longitude: -97.7426,
      source: 'zip-table',
    });
    expect(
      await zipTableGeocoder.geocode({ city: 'Austin', state: 'TX', zipCode: '78701-1234' }),
    ).toMatchObject({
      status: 'located',
      latitude: 30.2713,
    });
  });

  it('answers not_found for a ZIP code it does not know, and for a Canadian postal code', async () => {
    const unknown = await zipTableGeocoder.geocode({ city: 'Nowhere', state: 'TX', zipCode: '00001' });
    expect(unknown).toMatchObject({ status: 'not_found' });
    const canadian = await zipTableGeocoder.geocode({ city: 'Toronto', state: 'ON', zipCode: 'M5V 2T6' });
    expect(canadian.status).toBe('not_found');
  });

  it('locates a city and state without a ZIP code', async () => {
    const result = await zipTableGeocoder.geocode({ city: 'austin', state: 'tx' });
    expect(result.status).toBe('located');
    if (result.status === 'located') expect(result.latitude).toBeCloseTo(30.3, 0);
    expect((await zipTableGeocoder.geocode({ city: 'Atlantis', state: 'TX' })).status).toBe('not_found');
  });

  it('reads the five-digit ZIP', () => {
    expect(zip5(' 02108-0001')).toBe('02108');
    expect(zip5('2108')).toBeUndefined();
  });
});

describe('geocoder choice and Google failures', () => {
  it('uses the ZIP table without a key and Google with one', () => {
    expect(geocoderFor({}).name).toBe('zip-table');
    expect(geocoderFor({ GOOGLE_MAPS_API_KEY: '  ' }).name).toBe('zip-table');
    expect(geocoderFor({ GOOGLE_MAPS_API_KEY: 'test-key' }).name).toBe('google');
  });

  it('retries timeouts, 5xx and 429, and gives up on other refusals', () => {
    expect(classifyGoogleFailure({ code: 'ECONNABORTED', message: 'timeout' })).not.toBeInstanceOf(
      PermanentGeocodeError,
    );
    expect(classifyGoogleFailure({ response: { status: 503 } })).not.toBeInstanceOf(PermanentGeocodeError);
    expect(classifyGoogleFailure({ response: { status: 429 } })).not.toBeInstanceOf(PermanentGeocodeError);
    const denied = classifyGoogleFailure({
      response: {
        status: 403,
        data: { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' },
      },
    });
    expect(denied).toBeInstanceOf(PermanentGeocodeError);
    expect(denied.message).toContain('API key is invalid');
  });
});
