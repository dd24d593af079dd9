// Print farms across many states, at real ZIP codes with their real coordinates, with printer
// inventories taken from the catalogue, so the map and the routing have something true to work on.
import type { Prisma, PrismaClient } from '@printfarm/db';
import { farmCapabilities } from '@printfarm/domain/farmCapabilities';
import { companyKey, farmSlug, summarizeInventory } from '@printfarm/domain/farmSignup';
import { brandsFor, modelsFor, type Technology } from '@printfarm/domain/printerCatalogue';
import zipcodes from 'zipcodes';
import { seededRandom } from './random.ts';

const ZIPS = [
  '78701',
  '10001',
  '94103',
  '60601',
  '98101',
  '80202',
  '30301',
  '33101',
  '02108',
  '19103',
  '85004',
  '97201',
  '55401',
  '48201',
  '63101',
  '37203',
  '28202',
  '46204',
  '43215',
  '53202',
  '73102',
  '84101',
  '89101',
  '87102',
  '64105',
  '70112',
  '35203',
  '40202',
  '23219',
  '06103',
  '96813',
  '99501',
  '83702',
  '59601',
  '57104',
  '68102',
  '50309',
  '66603',
  '29201',
  '39201',
  '72201',
  '05401',
  '03301',
  '04101',
  '82001',
  '58501',
  '25301',
  '19801',
  '20852',
  '02903',
  '67202',
  '74103',
  '92101',
  '95814',
  '77002',
  '75201',
  '32801',
  '15222',
  '14202',
  '49503',
];
const PREFIXES = [
  'Layer',
  'Filament',
  'Nozzle',
  'Vertex',
  'Prairie',
  'Summit',
  'Harbor',
  'Redwood',
  'Granite',
  'Copper',
  'Bluebird',
  'Ironwood',
  'Lakeside',
  'Maple',
  'Canyon',
  'Orbit',
  'Beacon',
  'Cedar',
  'Pioneer',
  'Atlas',
];
const SUFFIXES = [
  'Print Works',
  'Fabrication',
  '3D Studio',
  'Additive',
  'Print Lab',
  'Makerspace',
  'Prototyping',
  'Print Farm',
  'Manufacturing',
  'Forge',
];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Industrial Pkwy',
  'Commerce Dr',
  'Elm St',
  'Market St',
  'Technology Blvd',
  'Park Ave',
  'Mill Rd',
  'Harbor Way',
  'Foundry Ln',
  'Innovation Way',
];
const FIRST = ['Alex', 'Jordan', 'Sam', 'Taylor', 'Morgan', 'Casey', 'Riley', 'Jamie', 'Avery', 'Quinn'];
const LAST = ['Nguyen', 'Garcia', 'Patel', 'Johnson', 'Kim', 'Okafor', 'Schmidt', 'Rossi', 'Cohen', 'Lopez'];
// Most small farms run FFF machines; a few add resin or powder.
const TECH_MIX: Technology[] = [
  'FFF/FDM',
  'FFF/FDM',
  'FFF/FDM',
  'FFF/FDM',
  'SLA/Resin',
  'SLA/Resin',
  'SLS',
  'Multi Jet Fusion',
];
export interface SeededFarm {
  id: string;
  displayName: string;
}

export async function seedFarms(
  prisma: PrismaClient,
  options: { operatorId?: string } = {},
): Promise<SeededFarm[]> {
  const random = seededRandom(20241223);
  // Earlier seeds drew a website here; the draw stays so every farm seeded after it is the same.
  const noWebsite = (draws: { next(): number }) => {
    draws.next();
    return null;
  };
  const farms: SeededFarm[] = [];
  for (const [index, zip] of ZIPS.entries()) {
    const place = zipcodes.lookup(zip);
    if (!place) continue;
    const displayName = `${random.pick(PREFIXES)} ${random.pick(SUFFIXES)}${index >= PREFIXES.length * 2 ? ` ${place.city}` : ''}`;
    const demoOwned = Boolean(options.operatorId) && index < 2;
    const inventory = Array.from({ length: random.int(1, 3) }, () => {
      const technology = random.pick(TECH_MIX);
      const brand = random.pick(brandsFor(technology));
      const model = random.pick(modelsFor(technology, brand));
      return {
        technology,
        brand,
        model,
        count: technology === 'FFF/FDM' ? random.int(2, 24) : random.int(1, 3),
      };
    });
    // The demo operator's farms run the network's commonest machines, so their inbox fills up.
    if (demoOwned)
      inventory.unshift({ technology: 'FFF/FDM', brand: 'Bambu Lab', model: 'X1 Carbon', count: 12 });
    const summary = summarizeInventory(inventory);
    const { capacity, capabilities, rows } = farmCapabilities(inventory);
    const contactFirst = random.pick(FIRST);
    const contactLast = random.pick(LAST);
    const streetName = random.pick(STREETS);
    const slug = farmSlug(displayName);
    const data: Prisma.PrintFarmCreateInput = {
      farmName: farms.some((f) => farmSlug(f.displayName) === slug) ? `${slug}-${index}` : slug,
      companyKey: `${companyKey(displayName)}-${zip}`,
      displayName,
      description: `${displayName} runs ${summary.totalPrinterCount} printers in ${place.city} and ships nationwide.`,
      location: `${place.city}, ${place.state}`,
      contactName: `${contactFirst} ${contactLast}`,
      contactEmail: `${slug}@example.com`,
      contactPhone: `(${random.int(201, 989)}) 555-${String(random.int(100, 9999)).padStart(4, '0')}`,
      fullStreetAddress: `${random.int(10, 9800)} ${streetName}`,
      streetName,
      city: place.city,
      state: place.state,
      zipCode: zip,
      latitude: place.latitude,
      longitude: place.longitude,
      geocodeStatus: 'located',
      geocodedAt: new Date(),
      totalPrinterCount: summary.totalPrinterCount,
      printerCount: summary.totalPrinterCount,
      printerInventory: inventory,
      printerTypes: summary.printerTypes,
      // Demo farms have no website: a made-up address would lead nowhere.
      website: noWebsite(random),
      wantsOrderingLink: random.next() < 0.3,
      isPaidMember: random.next() < 0.7,
      capacity,
      availableCapacity: Math.round(capacity * (0.3 + random.next() * 0.6)),
      capabilities,
      rating: (3.8 + random.next() * 1.2).toFixed(2),
      totalJobs: random.int(0, 900),
      nodeStatus: demoOwned
        ? 'online'
        : random.pick(['online', 'online', 'online', 'online', 'maintenance', 'setup'] as const),
      coverageRadiusMiles: random.int(45, 90),
      ...(demoOwned && options.operatorId ? { owner: { connect: { id: options.operatorId } } } : {}),
      capabilityRows: { create: rows },
    };
    const farm = await prisma.printFarm.create({ data, select: { id: true, displayName: true } });
    farms.push(farm);
  }
  return farms;
}
