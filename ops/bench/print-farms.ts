// The public farm list with 10,000 farms: GET /api/print-farms (full body, and a browser revalidating with
// its ETag), GET /api/stats and the cost of rebuilding the list after a change, measured next to
// GET /api/health in the same run, against the real API (in this process, on a fresh database of its own).
//   node ops/bench/print-farms.ts     BENCH_FARMS=10000 BENCH_SECONDS=5 BENCH_CONCURRENCY=32 DATABASE_URL=... REDIS_URL=...
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createApp } from '../../api/src/app.ts';
import { loadApiConfig } from '../../api/src/config.ts';
import { createQueueRegistry } from '../../api/src/queues.ts';
import { createRedis } from '../../api/src/redis.ts';
import { invalidatePublicFarms, publicFarms } from '../../api/src/services/printFarms.ts';
import { createPrisma, type Prisma } from '../../db/src/index.ts';
import { createLogger } from '../../db/src/logger.ts';
import { step } from '../lib/log.ts';
import { generatePrismaClient, migrate } from '../lib/prepare.ts';
import {
  DEFAULT_DATABASE_URL,
  DEFAULT_REDIS_URL,
  deleteRedisPrefix,
  dropDatabase,
  ensureDatabase,
} from '../lib/services.ts';

const FARMS = Number(process.env.BENCH_FARMS ?? 10_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP_MS = 1_000;
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

interface Result {
  name: string;
  requests: number;
  failures: number;
  seconds: number;
  latencies: number[];
  /** Bytes on the wire (Content-Length) and after decoding, from the last response. */
  wireBytes: number;
  bodyBytes: number;
  /** The first failure seen, to say what "not ok" was. */
  firstFailure?: string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** CONCURRENCY loops sending requests for SECONDS (after a warm-up), like autocannon with plain fetch. */
async function load(name: string, send: () => Promise<Response>, okStatus: number): Promise<Result> {
  const warmupEnd = performance.now() + WARMUP_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < warmupEnd) await (await send()).arrayBuffer();
    }),
  );
  const result: Result = {
    name,
    requests: 0,
    failures: 0,
    seconds: 0,
    latencies: [],
    wireBytes: 0,
    bodyBytes: 0,
  };
  const started = performance.now();
  const end = started + SECONDS * 1_000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        let status = 0;
        try {
          const response = await send();
          const body = await response.arrayBuffer();
          status = response.status;
          result.bodyBytes = body.byteLength;
          result.wireBytes = Number(response.headers.get('content-length') ?? body.byteLength);
        } catch (error) {
          status = 0;
          result.firstFailure ??= String((error as Error).cause ?? error);
        }
        result.latencies.push(performance.now() - t0);
        result.requests += 1;
        if (status !== okStatus) {
          result.failures += 1;
          result.firstFailure ??= `status ${status}`;
        }
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1_000;
  result.latencies.sort((a, b) => a - b);
  return result;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function report(results: Result[]): void {
  const health = results[0];
  const healthRate = health ? health.requests / health.seconds : Number.NaN;
  console.table(
    results.map((r) => ({
      target: r.name,
      'req/s': (r.requests / r.seconds).toFixed(1),
      'vs health': `${((r.requests / r.seconds / healthRate) * 100).toFixed(0)}%`,
      p50: `${percentile(r.latencies, 50).toFixed(1)} ms`,
      p95: `${percentile(r.latencies, 95).toFixed(1)} ms`,
      p99: `${percentile(r.latencies, 99).toFixed(1)} ms`,
      'on wire': kb(r.wireBytes),
      body: kb(r.bodyBytes),
      requests: r.requests,
      'not ok': r.failures,
    })),
  );
  for (const r of results) if (r.firstFailure) console.log(`${r.name}: first failure: ${r.firstFailure}`);
}

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

async function main(): Promise<void> {
  const suffix = randomBytes(4).toString('hex');
  const server = new URL(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
  server.pathname = `/bench_print_farms_${suffix}`;
  const databaseUrl = server.toString();
  const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const queuePrefix = `bench-print-farms-${suffix}`;

  step(`fresh database ${server.pathname.slice(1)}`);
  generatePrismaClient();
  await ensureDatabase(databaseUrl);
  const cleanups: (() => Promise<void>)[] = [
    () => dropDatabase(databaseUrl),
    () => deleteRedisPrefix(redisUrl, queuePrefix),
  ];
  try {
    migrate(databaseUrl);
    const config = loadApiConfig({
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '10',
      REDIS_URL: redisUrl,
      QUEUE_PREFIX: queuePrefix,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_DISABLED: 'true',
    });
    const log = createLogger({ name: 'bench', level: 'silent', pretty: false });
    const prisma = createPrisma(config.DATABASE_URL, { maxConnections: config.DATABASE_POOL_SIZE });
    const redis = createRedis(config.REDIS_URL);
    redis.on('error', () => {});
    const queues = createQueueRegistry(redis, config.QUEUE_PREFIX);
    const app = createApp({ config, prisma, redis, queues, log });
    const http = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => http.once('listening', () => resolve()));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    cleanups.unshift(async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await queues.close();
      redis.disconnect();
      await prisma.$disconnect();
    });

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

    const results: Result[] = [];
    step(`GET /api/health, ${CONCURRENCY} concurrent, ${SECONDS} s`);
    results.push(await load('GET /api/health', () => fetch(`${url}/api/health`), 200));
    step(`GET /api/print-farms, ${CONCURRENCY} concurrent, ${SECONDS} s`);
    results.push(await load('GET /api/print-farms (gzip)', () => fetch(`${url}/api/print-farms`), 200));
    step(`GET /api/print-farms revalidated with its ETag, ${CONCURRENCY} concurrent, ${SECONDS} s`);
    results.push(
      await load(
        'GET /api/print-farms (If-None-Match)',
        () => fetch(`${url}/api/print-farms`, { headers: { 'if-none-match': etag } }),
        304,
      ),
    );
    step(`GET /api/print-farms without compression, ${CONCURRENCY} concurrent, ${SECONDS} s`);
    results.push(
      await load(
        'GET /api/print-farms (identity)',
        () => fetch(`${url}/api/print-farms`, { headers: { 'accept-encoding': 'identity' } }),
        200,
      ),
    );
    step(`GET /api/stats, ${CONCURRENCY} concurrent, ${SECONDS} s`);
    results.push(await load('GET /api/stats', () => fetch(`${url}/api/stats`), 200));

    console.log(`\n${FARMS} farms · concurrency ${CONCURRENCY} · ${SECONDS} s per target`);
    report(results);
    console.log(
      `list rebuild after a change (first request, ${REBUILD_SAMPLES} samples): p50 ${percentile(rebuilds, 50).toFixed(1)} ms, max ${percentile(rebuilds, 100).toFixed(1)} ms`,
    );
    console.log(
      `  of which the server (query + gzip, no HTTP): p50 ${percentile(serverRebuilds, 50).toFixed(1)} ms, max ${percentile(serverRebuilds, 100).toFixed(1)} ms`,
    );
    const [health, list] = results;
    if (health && list) {
      const ratio = list.requests / list.seconds / (health.requests / health.seconds);
      console.log(
        `print-farms/health: throughput ${(ratio * 100).toFixed(1)}% · p95 ${(percentile(list.latencies, 95) / percentile(health.latencies, 95)).toFixed(2)}x`,
      );
    }
  } finally {
    step('cleaning up');
    for (const cleanup of cleanups) await cleanup().catch((error) => console.error(error));
  }
}

await main();
