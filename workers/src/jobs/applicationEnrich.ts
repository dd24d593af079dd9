// Enriches a new operator application for staff: where it is (offline ZIP table), how many farms and
// printers already work within 50 and 100 miles, whether it repeats an earlier application, a lead score.
import type { Prisma } from '@printfarm/db';
import { haversineMiles, type LatLng } from '@printfarm/domain/geo';
import { leadScore } from '@printfarm/domain/leadScore';
import { zipTableGeocoder } from '../geocode/zipTable.ts';
import type { JobHandler } from './types.ts';

const NEAR_MILES = 50;
const FAR_MILES = 100;
const MILES_PER_DEGREE_LATITUDE = 69;

/** The centre of a US city from the offline ZIP table (mean of its ZIP centroids), or null when unknown. */
export async function geocodeCity(city: string, state: string): Promise<LatLng | null> {
  const found = await zipTableGeocoder.geocode({ city, state });
  return found.status === 'located' ? { latitude: found.latitude, longitude: found.longitude } : null;
}

type Db = Prisma.TransactionClient;

async function territoryDensity(db: Db, centre: LatLng) {
  // Bounding-box prefilter in SQL (indexed on latitude, longitude), exact distance in code.
  const dLat = FAR_MILES / MILES_PER_DEGREE_LATITUDE;
  const cosLat = Math.max(0.01, Math.cos((centre.latitude * Math.PI) / 180));
  const dLng = Math.min(180, FAR_MILES / (MILES_PER_DEGREE_LATITUDE * cosLat));
  const farms = await db.printFarm.findMany({
    where: {
      isActive: true,
      latitude: { gte: centre.latitude - dLat, lte: centre.latitude + dLat },
      longitude: { gte: centre.longitude - dLng, lte: centre.longitude + dLng },
    },
    select: { latitude: true, longitude: true, totalPrinterCount: true },
  });
  const counts = {
    farmsWithin50Miles: 0,
    printersWithin50Miles: 0,
    farmsWithin100Miles: 0,
    printersWithin100Miles: 0,
  };
  for (const farm of farms) {
    if (farm.latitude === null || farm.longitude === null) continue;
    const miles = haversineMiles(centre, { latitude: farm.latitude, longitude: farm.longitude });
    if (miles > FAR_MILES) continue;
    counts.farmsWithin100Miles += 1;
    counts.printersWithin100Miles += farm.totalPrinterCount;
    if (miles <= NEAR_MILES) {
      counts.farmsWithin50Miles += 1;
      counts.printersWithin50Miles += farm.totalPrinterCount;
    }
  }
  return counts;
}

/** The earliest application before this one with the same e-mail (any case) or the same phone digits. */
async function earlierDuplicate(db: Db, application: { id: string; phone: string }): Promise<string | null> {
  const digits = application.phone.replace(/\D/g, '');
  // Compared in SQL against the row itself: created_at has microseconds a JS Date would lose.
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT earlier.id FROM applications earlier, applications self
    WHERE self.id = ${application.id}::uuid
      AND earlier.id <> self.id
      AND (earlier.created_at, earlier.id) < (self.created_at, self.id)
      AND (lower(earlier.email) = lower(self.email)
           OR (${digits} <> '' AND regexp_replace(earlier.phone, '[^0-9]', '', 'g') = ${digits}))
    ORDER BY earlier.created_at, earlier.id
    LIMIT 1`;
  return rows[0]?.id ?? null;
}

export const applicationEnrich: JobHandler<'application.enrich'> = async ({ applicationId }, { prisma }) => {
  const application = await prisma.application.findUnique({ where: { id: applicationId } });
  if (!application) return 'skipped';

  const centre = await geocodeCity(application.city, application.state);
  const density = centre ? await territoryDensity(prisma, centre) : null;
  const duplicateOfId = await earlierDuplicate(prisma, application);
  const score = leadScore({
    investment: application.investment,
    experience: application.experience,
    farmsWithin100Miles: density?.farmsWithin100Miles ?? null,
  });

  // Recomputed from scratch each run, so running twice stores the same answer.
  const { count } = await prisma.application.updateMany({
    where: { id: applicationId },
    data: {
      latitude: centre?.latitude ?? null,
      longitude: centre?.longitude ?? null,
      farmsWithin50Miles: density?.farmsWithin50Miles ?? null,
      printersWithin50Miles: density?.printersWithin50Miles ?? null,
      farmsWithin100Miles: density?.farmsWithin100Miles ?? null,
      printersWithin100Miles: density?.printersWithin100Miles ?? null,
      duplicateOfId,
      leadScore: score,
      enrichedAt: new Date(),
    },
  });
  return count === 0 ? 'skipped' : 'done';
};
