// farm.geocode: a farm's address → coordinates for the map. An address that cannot be found is recorded
// for staff (not_found / failed) and the job ends; only passing trouble (timeouts, 5xx) is retried.
import { JOB_RETRY } from '@printfarm/domain/queues';
import { geocoderFor, PermanentGeocodeError } from '../geocode/index.ts';
import type { JobHandler } from './types.ts';

export const farmGeocode: JobHandler<'farm.geocode'> = async (
  { farmId },
  { prisma, config, log, attempt },
) => {
  const farm = await prisma.printFarm.findUnique({
    where: { id: farmId },
    select: { fullStreetAddress: true, city: true, state: true, zipCode: true, geocodeStatus: true },
  });
  // Gone, or already settled for its current address (an address change sets the status back to pending).
  if (farm?.geocodeStatus !== 'pending') return 'skipped';

  const address = {
    street: farm.fullStreetAddress,
    city: farm.city,
    state: farm.state,
    zipCode: farm.zipCode,
  };
  // Written only if the address is still the one that was geocoded; a newer event handles a newer address.
  const sameAddress = {
    id: farmId,
    geocodeStatus: 'pending' as const,
    city: farm.city,
    state: farm.state,
    zipCode: farm.zipCode,
  };
  const geocoder = geocoderFor(config);
  let data: {
    latitude: number | null;
    longitude: number | null;
    geocodeStatus: 'located' | 'not_found' | 'failed';
    geocodeError: string | null;
  };
  try {
    const result = await geocoder.geocode(address);
    data =
      result.status === 'located'
        ? {
            latitude: result.latitude,
            longitude: result.longitude,
            geocodeStatus: 'located' as const,
            geocodeError: null,
          }
        : {
            latitude: null,
            longitude: null,
            geocodeStatus: 'not_found' as const,
            geocodeError: result.reason,
          };
  } catch (error) {
    // Passing trouble is retried; on the last attempt it is recorded so staff see why the farm is off the map.
    if (!(error instanceof PermanentGeocodeError) && attempt < JOB_RETRY.attempts) throw error;
    data = {
      latitude: null,
      longitude: null,
      geocodeStatus: 'failed' as const,
      geocodeError: String(error instanceof Error ? error.message : error).slice(0, 1000),
    };
  }
  const written = await prisma.printFarm.updateMany({
    where: sameAddress,
    data: { ...data, geocodedAt: new Date() },
  });
  if (written.count === 0) return 'skipped';
  log.info({ farmId, geocoder: geocoder.name, status: data.geocodeStatus }, 'farm geocoded');
  return 'done';
};
