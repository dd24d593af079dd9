// Offers at scale, in one run on a fresh database:
//  (a) the candidate search and pricing of request.quote (findCandidateFarms, chooseRadius, rankOffers
//      with priceAtFarm) among 1,000 and then 10,000 farms spread over the US, for BENCH_POINTS random
//      ship-to ZIPs, next to a primary-key lookup of one farm; EXPLAIN shows the GiST index at work;
//  (b) upload finished → first offers visible for a ~5 MB binary STL, BENCH_UPLOADS runs, through the
//      real API (with its outbox relay) and workers as child processes, quoting among the 10,000 farms;
//      the customer submits while the analysis is still running, as the product allows;
//  (c) PrusaSlicer's time for that part next to the analysis time (from slice_results/file_analyses).
//   node ops/bench/offers.ts     BENCH_POINTS=300 BENCH_UPLOADS=5 DATABASE_URL=... REDIS_URL=...

import { performance } from 'node:perf_hooks';
import { chooseRadius } from '@printfarm/domain/farmSearch';
import type { PrinterInventoryEntry } from '@printfarm/domain/farmSignup';
import { estimateProcess } from '@printfarm/domain/pricing';
import { DEFAULT_PRINT_SETTINGS } from '@printfarm/domain/printSettings';
import { US_STATE_CODES } from '@printfarm/domain/usStates';
import zipcodes from 'zipcodes';
import type { PrismaClient } from '../../db/src/index.ts';
import { type CandidateQuery, findCandidateFarms } from '../../workers/src/marketplace/candidates.ts';
import { priceAtFarm, rankOffers } from '../../workers/src/marketplace/offers.ts';
import { call, offersOf } from '../fixtures/apiClient.ts';
import { binaryStl, sphereMesh, triangles } from '../fixtures/models/builders.ts';
import { uploadWhole } from '../fixtures/tus.ts';
import { percentile } from '../lib/bench.ts';
import { step } from '../lib/log.ts';
import { reportTarget } from '../lib/summary.ts';
import {
  type BenchFarm,
  insertFarms,
  type MarketplaceStack,
  pollFor,
  signedInCustomer,
  withMarketplaceStack,
} from './routing.ts';

const POINTS = Number(process.env.BENCH_POINTS ?? 300);
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 5);
const TARGET_SEARCH_MS = 20;
const TARGET_FIRST_OFFERS_S = 5;
/** The product's promise: firmed up by a real slicer within thirty seconds of the upload. */
const TARGET_FIRM_OFFERS_S = 30;

/** A seeded generator, so every run draws the same farms and ship-to points. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
const random = seeded(20261123);
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

/** Continental US ZIP centres: farms and customers sit where people live. */
const US_ZIPS = US_STATE_CODES.flatMap((state) => zipcodes.lookupByState(state)).filter(
  (zip) => zip.latitude > 24.5 && zip.latitude < 49.5 && zip.longitude > -125 && zip.longitude < -66.5,
);

const X1: PrinterInventoryEntry = { technology: 'FFF/FDM', brand: 'Bambu Lab', model: 'X1 Carbon', count: 6 };
const MINI: PrinterInventoryEntry = { technology: 'FFF/FDM', brand: 'Bambu Lab', model: 'A1 mini', count: 4 };
const FORM4: PrinterInventoryEntry = {
  technology: 'SLA/Resin',
  brand: 'Formlabs',
  model: 'Form 4',
  count: 2,
};
const FUSE: PrinterInventoryEntry = { technology: 'SLS', brand: 'Formlabs', model: 'Fuse 1+ 30W', count: 1 };

/** A network like ours: mostly FDM, some resin and SLS; a few paused, switched off or full. */
function benchFarms(count: number, offset: number): BenchFarm[] {
  return Array.from({ length: count }, (_, k) => {
    const i = offset + k;
    const place = pick(US_ZIPS);
    const mix = i % 20;
    const inventory =
      mix < 10 ? [X1] : mix < 14 ? [MINI] : mix < 17 ? [X1, FORM4] : mix < 19 ? [FORM4] : [FUSE];
    return {
      latitude: place.latitude + (random() - 0.5) * 0.06,
      longitude: place.longitude + (random() - 0.5) * 0.06,
      inventory,
      isPaused: i % 37 === 0,
      isActive: i % 53 !== 0,
      full: i % 61 === 0,
      ...(i % 2 === 0 ? { plaMinimumOrder: `${8 + (i % 13)}.00` } : {}),
    };
  });
}

/** The part the search prices: a 60 × 40 × 30 mm bracket in PLA at the default settings. */
const PART = { volumeCm3: 48, surfaceAreaCm2: 96, bboxMm: { x: 60, y: 40, z: 30 }, supportVolumeCm3: 4 };
const PROCESSES = [{ process: estimateProcess('FFF/FDM', 'PLA', PART, DEFAULT_PRINT_SETTINGS), quantity: 2 }];

function candidateQuery(latitude: number, longitude: number): CandidateQuery {
  return {
    latitude,
    longitude,
    technology: 'FFF/FDM',
    material: 'PLA',
    largestPartMm: PART.bboxMm,
    excludeFarmIds: [],
  };
}

/** One quote's stage 1 without the writes: the candidates, the radius, the priced and ranked offers. */
async function searchAndPrice(prisma: PrismaClient, latitude: number, longitude: number): Promise<number> {
  const farms = await findCandidateFarms(prisma, candidateQuery(latitude, longitude));
  const radius = chooseRadius(
    farms.map((farm) => farm.distanceMiles),
    null,
  );
  const now = new Date();
  return rankOffers(farms, radius, (farm) => priceAtFarm(farm, 'FFF/FDM', PROCESSES, now)).length;
}

async function timed(count: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

const ms = (sorted: number[], p: number) => percentile(sorted, p).toFixed(2);

/** EXPLAIN ANALYZE of the very statement findCandidateFarms sends. */
async function explainCandidateSearch(prisma: PrismaClient, latitude: number, longitude: number) {
  let plan: string[] = [];
  const explaining = {
    $queryRaw: async (strings: TemplateStringsArray, ...values: unknown[]) => {
      const prefix = 'EXPLAIN (ANALYZE, BUFFERS) ';
      const explained = Object.assign([`${prefix}${strings[0]}`, ...strings.slice(1)], {
        raw: [`${prefix}${strings.raw[0]}`, ...strings.raw.slice(1)],
      });
      const rows = await prisma.$queryRaw<{ 'QUERY PLAN': string }[]>(explained, ...values);
      plan = rows.map((row) => row['QUERY PLAN']);
      return [];
    },
  } as unknown as PrismaClient;
  await findCandidateFarms(explaining, candidateQuery(latitude, longitude));
  return plan;
}

async function candidateSearch(stack: MarketplaceStack): Promise<void> {
  const { prisma } = stack;
  const points = Array.from({ length: POINTS }, () => pick(US_ZIPS));
  const rows: Record<string, string | number>[] = [];
  let farms = 0;
  for (const total of [1_000, 10_000]) {
    step(`inserting farms up to ${total.toLocaleString('en-US')}`);
    await insertFarms(prisma, benchFarms(total - farms, farms));
    farms = total;
    await prisma.$executeRawUnsafe('ANALYZE');
    const ids = (await prisma.printFarm.findMany({ select: { id: true } })).map((farm) => farm.id);
    // Warm the pool and the caches, then measure.
    for (const point of points.slice(0, 20)) await searchAndPrice(prisma, point.latitude, point.longitude);
    const lookups = await timed(POINTS, () => prisma.printFarm.findUnique({ where: { id: pick(ids) } }));
    let offers = 0;
    const searches = await timed(POINTS, async (i) => {
      const point = points[i] ?? points[0];
      if (point) offers += await searchAndPrice(prisma, point.latitude, point.longitude);
    });
    rows.push(
      {
        farms: total,
        measure: 'farm by primary key (baseline)',
        'p50 ms': ms(lookups, 50),
        'p95 ms': ms(lookups, 95),
        'max ms': ms(lookups, 100),
      },
      {
        farms: total,
        measure: `candidates + pricing (${(offers / POINTS).toFixed(1)} offers/quote)`,
        'p50 ms': ms(searches, 50),
        'p95 ms': ms(searches, 95),
        'max ms': ms(searches, 100),
        'p50 vs baseline': `${(percentile(searches, 50) / percentile(lookups, 50)).toFixed(1)}×`,
      },
    );
  }
  console.log(
    `\n(a) candidate search and pricing, ${POINTS} random ship-to ZIPs (target p95 ≤ ${TARGET_SEARCH_MS} ms at 10,000)`,
  );
  console.table(rows);
  const austin = zipcodes.lookup('78701');
  const plan = await explainCandidateSearch(prisma, austin?.latitude ?? 30.27, austin?.longitude ?? -97.74);
  console.log('EXPLAIN ANALYZE of the candidate search from Austin, 10,000 farms:');
  for (const line of plan) console.log(`  ${line}`);
  if (!plan.some((line) => line.includes('print_farms_earth_location_idx'))) {
    throw new Error('the candidate search does not use print_farms_earth_location_idx');
  }
}

interface UploadRun {
  firstOffersS: number;
  firmOffersS: number;
  analysisMs: number;
  sliceMs: number;
  offers: number;
}

async function uploadToOffers(stack: MarketplaceStack): Promise<void> {
  const cookie = await signedInCustomer(stack);
  // About 5 MB: a UV sphere of 100,480 triangles, 60 mm across; each run's header differs, so every
  // upload is a new file (new checksum) that is analysed and sliced afresh.
  const sphere = triangles(sphereMesh(30, 320, 158));
  const metros = ['78701', '60601', '30303', '98101', '10001', '80202', '85004', '02108'];
  const runs: UploadRun[] = [];
  let megabytes = 0;
  for (let run = 0; run < UPLOADS; run++) {
    const stl = binaryStl(sphere, `offers benchmark run ${run} ${Date.now()}`);
    megabytes = stl.length / 1_000_000;
    step(`upload ${run + 1}/${UPLOADS}: ${megabytes.toFixed(1)} MB binary STL`);
    const { finished } = await uploadWhole(stack.apiUrl, cookie, stl, { filename: `sphere-${run}.stl` });
    const uploaded = performance.now();
    const requestId = finished.headers.get('upload-print-request-id');
    const fileId = finished.headers.get('upload-file-id');
    if (!requestId || !fileId) throw new Error('the finished upload named no request');
    const requestUrl = `${stack.apiUrl}/api/print-requests/${requestId}`;
    const patched = await call(requestUrl, cookie, 'PATCH', { shipToZip: metros[run % metros.length] });
    const submitted = await call(`${requestUrl}/submit`, cookie, 'POST');
    if (patched.status !== 200 || submitted.status !== 200) {
      throw new Error(`PATCH answered ${patched.status}, submit ${submitted.status}`);
    }
    const first = await pollFor('first offers', async () => {
      const offers = await offersOf(stack.apiUrl, cookie, requestId);
      return offers.length > 0 ? offers : undefined;
    });
    const firstOffersS = (performance.now() - uploaded) / 1_000;
    await pollFor('firm offers', async () => {
      const offers = await offersOf(stack.apiUrl, cookie, requestId);
      return offers.length > 0 && offers.every((offer) => offer.kind === 'firm') ? offers : undefined;
    });
    const firmOffersS = (performance.now() - uploaded) / 1_000;
    const file = await stack.prisma.projectFile.findUniqueOrThrow({
      where: { id: fileId },
      include: { analysis: true },
    });
    const slice = await stack.prisma.sliceResult.findFirstOrThrow({ where: { sha256: file.sha256 ?? '' } });
    runs.push({
      firstOffersS,
      firmOffersS,
      analysisMs: file.analysis?.durationMs ?? Number.NaN,
      sliceMs: slice.durationMs,
      offers: first.length,
    });
  }
  type Measure = Exclude<keyof UploadRun, 'offers'>;
  const at = (measure: Measure, p: number) =>
    percentile(
      runs.map((run) => run[measure]).sort((x, y) => x - y),
      p,
    );
  const line = (label: string, measure: Measure, unit: string, digits: number) => ({
    measure: label,
    runs: runs.length,
    p50: `${at(measure, 50).toFixed(digits)} ${unit}`,
    p95: `${at(measure, 95).toFixed(digits)} ${unit}`,
    max: `${at(measure, 100).toFixed(digits)} ${unit}`,
  });
  console.log(
    `\n(b) upload finished → offers visible, ${megabytes.toFixed(1)} MB binary STL (${sphere.length.toLocaleString('en-US')} triangles), 10,000 farms (target p95 ≤ ${TARGET_FIRST_OFFERS_S} s)`,
  );
  console.table([
    line('first offers (estimates)', 'firstOffersS', 's', 2),
    line('firm offers (sliced)', 'firmOffersS', 's', 2),
  ]);
  console.log(`\n(c) the same part: analysis (our streaming analyser) next to slicing (PrusaSlicer)`);
  console.table([
    line('model.analyze', 'analysisMs', 'ms', 0),
    line('PrusaSlicer slice (0.20 mm, 15 %)', 'sliceMs', 'ms', 0),
  ]);
  console.log(`offers per request: ${runs.map((r) => r.offers).join(', ')}`);
  const firstP95 = at('firstOffersS', 95);
  const firmP95 = at('firmOffersS', 95);
  reportTarget({
    what: `upload → first offers, ${megabytes.toFixed(1)} MB part, p95`,
    now: `${firstP95.toFixed(2)} s`,
    baseline: `analysis p50 ${at('analysisMs', 50).toFixed(0)} ms`,
    target: `≤ ${TARGET_FIRST_OFFERS_S} s`,
    met: firstP95 <= TARGET_FIRST_OFFERS_S,
  });
  reportTarget({
    what: `upload → firm offers, ${megabytes.toFixed(1)} MB part, p95`,
    now: `${firmP95.toFixed(2)} s`,
    baseline: `PrusaSlicer alone p50 ${(at('sliceMs', 50) / 1000).toFixed(2)} s`,
    target: `≤ ${TARGET_FIRM_OFFERS_S} s`,
    met: firmP95 <= TARGET_FIRM_OFFERS_S,
  });
}

await withMarketplaceStack('offers', async (stack) => {
  await candidateSearch(stack);
  await uploadToOffers(stack);
});
