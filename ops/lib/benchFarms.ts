// Farms for the benchmarks and the load run: spread over ten US metro areas, located, with printers.
import type { Prisma, PrismaClient } from '../../db/src/index.ts';
import { step } from './log.ts';

const PLACES = [
  { city: 'Austin', state: 'TX', zipCode: '78701', lat: 30.2713, lng: -97.7426 },
  { city: 'Seattle', state: 'WA', zipCode: '98101', lat: 47.6114, lng: -122.3305 },
  { city: 'Denver', state: 'CO', zipCode: '80202', lat: 39.7527, lng: -104.9992 },
  { city: 'Chicago', state: 'IL', zipCode: '60601', lat: 41.8858, lng: -87.6181 },
  { city: 'Boston', state: 'MA', zipCode: '02108', lat: 42.3576, lng: -71.0649 },
  { city: 'Miami', state: 'FL', zipCode: '33130', lat: 25.7674, lng: -80.2057 },
  { city: 'Phoenix', state: 'AZ', zipCode: '85004', lat: 33.4516, lng: -112.0683 },
  { city: 'Portland', state: 'OR', zipCode: '97204', lat: 45.5184, lng: -122.6755 },
  { city: 'Nashville', state: 'TN', zipCode: '37203', lat: 36.1506, lng: -86.7896 },
  { city: 'Atlanta', state: 'GA', zipCode: '30303', lat: 33.7528, lng: -84.3916 },
];

export function farmRows(count: number, offset: number): Prisma.PrintFarmCreateManyInput[] {
  return Array.from({ length: count }, (_, k) => {
    const i = offset + k;
    const place = PLACES[i % PLACES.length] ?? PLACES[0];
    if (!place) throw new Error('no places');
    const printers = 1 + (i % 40);
    return {
      farmName: `bench-farm-${i}`,
      displayName: `Bench Farm ${i}`,
      companyKey: `bench farm ${i}`,
      location: `${place.city}, ${place.state}`,
      contactName: `Operator ${i}`,
      contactEmail: `operator-${i}@example.test`,
      contactPhone: '512-555-0100',
      fullStreetAddress: `${100 + (i % 900)} Main St`,
      streetName: 'Main St',
      city: place.city,
      state: place.state,
      zipCode: place.zipCode,
      latitude: place.lat + ((i % 97) - 48) / 100,
      longitude: place.lng + ((i % 89) - 44) / 100,
      geocodeStatus: 'located',
      geocodedAt: new Date(),
      totalPrinterCount: printers,
      printerCount: printers,
      printerInventory: [{ technology: 'FFF/FDM', brand: 'Bambu Lab', model: 'P1S', count: printers }],
      printerTypes: ['Bambu Lab P1S'],
      website: i % 3 === 0 ? `https://farm-${i}.example.com` : null,
      wantsOrderingLink: i % 2 === 0,
      capacity: printers * 8,
      availableCapacity: printers * 8,
      capabilities: { technologies: ['FFF/FDM'], materials: ['PLA', 'PETG'] },
    };
  });
}

/** Inserts `count` located farms in batches and refreshes the planner's statistics. */
export async function insertBenchFarms(prisma: PrismaClient, count: number): Promise<void> {
  step(`inserting ${count} farms`);
  for (let offset = 0; offset < count; offset += 1_000) {
    await prisma.printFarm.createMany({ data: farmRows(Math.min(1_000, count - offset), offset) });
  }
  await prisma.$executeRawUnsafe('ANALYZE print_farms');
}

/**
 * A store of `kind` ('bench' → 'Bench Store') owned by a fresh operator, with its products (as given, in
 * that order) stocked for any run's orders.
 */
export async function insertBenchStore(
  prisma: PrismaClient,
  kind: string,
  suffix: string,
  products: { name: string; price: string }[],
) {
  const owner = await prisma.user.create({
    data: { email: `${kind}-${suffix}@example.test`, role: 'operator' },
  });
  return prisma.store.create({
    data: {
      userId: owner.id,
      storeName: `${kind}-${suffix}`,
      displayName: `${kind[0]?.toUpperCase()}${kind.slice(1)} Store`,
      products: { create: products.map((product) => ({ ...product, stockQuantity: 50_000_000 })) },
    },
    include: { products: true },
  });
}
