// Print farms written straight into the database for map tests and the map benchmark, already located
// (as if the farm.geocode job had run), spread around real US city centres.
import type { PublicFarmCache } from '../../api/src/services/publicFarmCache.ts';
import type { PrismaClient } from '../../db/src/index.ts';

const CITIES = [
  ['Austin', 'TX', 30.2713, -97.7426, '78701'],
  ['Denver', 'CO', 39.7392, -104.9903, '80202'],
  ['Seattle', 'WA', 47.6062, -122.3321, '98101'],
  ['Chicago', 'IL', 41.8781, -87.6298, '60601'],
  ['Atlanta', 'GA', 33.749, -84.388, '30303'],
  ['Boston', 'MA', 42.3601, -71.0589, '02108'],
  ['Phoenix', 'AZ', 33.4484, -112.074, '85004'],
  ['Portland', 'OR', 45.5152, -122.6784, '97204'],
  ['Nashville', 'TN', 36.1627, -86.7816, '37203'],
  ['Minneapolis', 'MN', 44.9778, -93.265, '55401'],
  ['Raleigh', 'NC', 35.7796, -78.6382, '27601'],
  ['Salt Lake City', 'UT', 40.7608, -111.891, '84101'],
  ['Miami', 'FL', 25.7617, -80.1918, '33130'],
  ['Columbus', 'OH', 39.9612, -82.9988, '43215'],
  ['Kansas City', 'MO', 39.0997, -94.5786, '64105'],
  ['Anchorage', 'AK', 61.2181, -149.9003, '99501'],
  ['Honolulu', 'HI', 21.3069, -157.8583, '96813'],
  ['Los Angeles', 'CA', 34.0522, -118.2437, '90012'],
  ['New York', 'NY', 40.7128, -74.006, '10007'],
  ['Albuquerque', 'NM', 35.0844, -106.6504, '87102'],
] as const;

export interface SeedFarm {
  displayName: string;
  city: string;
  state: string;
  zipCode: string;
  latitude: number | null;
  longitude: number | null;
  streetName?: string;
  website?: string | null;
  printerTypes?: string[];
  printerCount?: number;
}

/**
 * Inserts the farms as located (or pending when they have no coordinates) and returns their ids. Given
 * the in-process API's public farm cache, drops it, so the API lists the new rows at once.
 */
export async function insertFarms(
  { prisma, publicFarms }: { prisma: PrismaClient; publicFarms?: PublicFarmCache },
  farms: readonly SeedFarm[],
): Promise<string[]> {
  const rows = farms.map((farm, i) => {
    const slug = `${farm.displayName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${i}`;
    const printerCount = farm.printerCount ?? 3;
    const printerTypes = farm.printerTypes ?? ['Prusa MK4'];
    return {
      farmName: slug,
      companyKey: slug,
      displayName: farm.displayName,
      location: `${farm.city}, ${farm.state}`,
      contactName: 'Test Contact',
      contactEmail: `${slug}@example.com`,
      contactPhone: '5125550100',
      fullStreetAddress: `100 ${farm.streetName ?? 'Main Street'}`,
      streetName: farm.streetName ?? 'Main Street',
      city: farm.city,
      state: farm.state,
      zipCode: farm.zipCode,
      latitude: farm.latitude,
      longitude: farm.longitude,
      geocodeStatus: farm.latitude === null ? ('pending' as const) : ('located' as const),
      totalPrinterCount: printerCount,
      printerInventory: [{ technology: 'FFF/FDM', brand: 'Prusa', model: 'MK4', count: printerCount }],
      printerCount,
      printerTypes,
      website: farm.website ?? null,
      capacity: printerCount,
      availableCapacity: printerCount,
      capabilities: { technologies: ['FFF/FDM'] },
    };
  });
  for (let start = 0; start < rows.length; start += 1000) {
    await prisma.printFarm.createMany({ data: rows.slice(start, start + 1000) });
  }
  publicFarms?.invalidate();
  const saved = await prisma.printFarm.findMany({
    where: { farmName: { in: rows.map((row) => row.farmName) } },
    select: { id: true, farmName: true },
  });
  const idBySlug = new Map(saved.map((farm) => [farm.farmName, farm.id]));
  return rows.map((row) => idBySlug.get(row.farmName) ?? '');
}

/** `count` farms scattered (deterministically) around the city centres, for load and rendering tests. */
export function scatteredFarms(count: number): SeedFarm[] {
  let seed = 42;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  return Array.from({ length: count }, (_, i) => {
    const [city, state, lat, lng, zipCode] = CITIES[i % CITIES.length] ?? CITIES[0];
    const spread = 1.6;
    return {
      displayName: `Bench Print Farm ${i + 1}`,
      city,
      state,
      zipCode,
      latitude: lat + (random() - 0.5) * spread,
      longitude: lng + (random() - 0.5) * spread * 1.3,
      printerTypes: ['Prusa MK4', 'Bambu Lab X1 Carbon'],
      printerCount: 1 + (i % 12),
    };
  });
}
