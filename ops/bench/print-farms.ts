// The public farm list with 10,000 farms: GET /api/print-farms (full body, and a browser revalidating with
// its ETag), GET /api/stats and the cost of rebuilding the list after a change, measured next to
// GET /api/health in the same run, against the real API (in this process, on a fresh database of its own),
// driven by autocannon from a process of its own.
//   node ops/bench/print-farms.ts     BENCH_FARMS=10000 BENCH_SECONDS=5 BENCH_CONCURRENCY=32 DATABASE_URL=... REDIS_URL=...
import { performance } from 'node:perf_hooks';
import { invalidatePublicFarms, publicFarms } from '../../api/src/services/printFarms.ts';
import { type LoadResult, load, percentile, ratioLine, reportLoad, withBenchApi } from '../lib/bench.ts';
import { insertBenchFarms } from '../lib/benchFarms.ts';

const FARMS = Number(process.env.BENCH_FARMS ?? 10_000);
const LOAD = {
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 32),
};
const REBUILD_SAMPLES = 10;

await withBenchApi('print-farms', async ({ url, prisma }) => {
  await insertBenchFarms(prisma, FARMS);

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
