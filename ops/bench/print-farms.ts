// The public farm list with 10,000 farms: GET /api/print-farms (full body, and a browser revalidating with
// its ETag), GET /api/stats and the cost of rebuilding the list after a change, measured next to
// GET /api/health in the same run, against the real API (in this process, on a fresh database of its own),
// driven by autocannon from a process of its own.
//   node ops/bench/print-farms.ts     BENCH_FARMS=10000 BENCH_SECONDS=5 BENCH_CONCURRENCY=32 DATABASE_URL=... REDIS_URL=...
import { performance } from 'node:perf_hooks';
import { invalidatePublicFarms, publicFarms } from '../../api/src/services/printFarms.ts';
import type { Prisma } from '../../db/src/index.ts';
import { type LoadResult, load, percentile, ratioLine, reportLoad, withBenchApi } from '../lib/bench.ts';
import { step } from '../lib/log.ts';

const FARMS = Number(process.env.BENCH_FARMS ?? 10_000);
const LOAD = {
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 32),
};
const REBUILD_SAMPLES = 10;

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

function farmRows(count: number, offset: number): Prisma.PrintFarmCreateManyInput[] {
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

await withBenchApi('print-farms', async ({ url, prisma }) => {
  step(`inserting ${FARMS} farms`);
  for (let offset = 0; offset < FARMS; offset += 1_000) {
    await prisma.printFarm.createMany({ data: farmRows(Math.min(1_000, FARMS - offset), offset) });
  }
  await prisma.$executeRawUnsafe('ANALYZE print_farms');

  // Rebuild cost: the first request after a change reads and serializes the whole list again.
  const rebuilds: number[] = [];
  for (let i = 0; i < REBUILD_SAMPLES; i++) {
    invalidatePublicFarms(prisma);
    const t0 = performance.now();
    await (await fetch(`${url}/api/print-farms`)).arrayBuffer();
    rebuilds.push(performance.now() - t0);
  }
  rebuilds.sort((a, b) => a - b);
  // The same without HTTP and the client's decoding: the server's own work to rebuild the list.
  const serverRebuilds: number[] = [];
  for (let i = 0; i < REBUILD_SAMPLES; i++) {
    invalidatePublicFarms(prisma);
    const t0 = performance.now();
    await publicFarms(prisma);
    serverRebuilds.push(performance.now() - t0);
  }
  serverRebuilds.sort((a, b) => a - b);
  const first = await fetch(`${url}/api/print-farms`);
  const etag = first.headers.get('etag') ?? '';
  const listed = ((await first.json()) as unknown[]).length;
  if (listed !== FARMS) throw new Error(`the list has ${listed} farms, expected ${FARMS}`);

  const results: LoadResult[] = [];
  results.push(await load('GET /api/health', { url: `${url}/api/health` }, LOAD));
  results.push(await load('GET /api/print-farms (gzip)', { url: `${url}/api/print-farms` }, LOAD));
  results.push(
    await load(
      'GET /api/print-farms (If-None-Match)',
      { url: `${url}/api/print-farms`, headers: { 'if-none-match': etag } },
      { ...LOAD, okStatus: 304 },
    ),
  );
  results.push(
    await load(
      'GET /api/print-farms (identity)',
      { url: `${url}/api/print-farms`, headers: { 'accept-encoding': 'identity' } },
      LOAD,
    ),
  );
  results.push(await load('GET /api/stats', { url: `${url}/api/stats` }, LOAD));

  console.log(`\n${FARMS} farms · concurrency ${LOAD.concurrency} · ${LOAD.seconds} s per target`);
  reportLoad(results);
  console.log(
    `list rebuild after a change (first request, ${REBUILD_SAMPLES} samples): p50 ${percentile(rebuilds, 50).toFixed(1)} ms, max ${percentile(rebuilds, 100).toFixed(1)} ms`,
  );
  console.log(
    `  of which the server (query + gzip, no HTTP): p50 ${percentile(serverRebuilds, 50).toFixed(1)} ms, max ${percentile(serverRebuilds, 100).toFixed(1)} ms`,
  );
  const [health, list] = results;
  if (health && list) console.log(ratioLine('print-farms/health', list, health));
});
