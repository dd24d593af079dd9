// The public farm list with 10,000 farms: GET /api/print-farms (full body, and a browser revalidating with
// its ETag), GET /api/stats and the cost of rebuilding the list after a change, measured next to
// GET /api/health in the same run, against the real API (in this process, on a fresh database of its own),
// driven by autocannon from a process of its own. Then the map's marker feed (GET /api/print-farms/markers,
// issue 14): its size on the wire next to the list's, which the map used to download.
//   node ops/bench/print-farms.ts     BENCH_FARMS=10000 BENCH_SECONDS=5 BENCH_CONCURRENCY=32 DATABASE_URL=... REDIS_URL=...
import { performance } from 'node:perf_hooks';
import { decodeMarkerFeed } from '@printfarm/map/markerFeed';
import { type LoadResult, load, percentile, ratioLine, reportLoad, withBenchApi } from '../lib/bench.ts';
import { insertBenchFarms } from '../lib/benchFarms.ts';
import { reportTarget } from '../lib/summary.ts';

const FARMS = Number(process.env.BENCH_FARMS ?? 10_000);
const LOAD = {
  seconds: Number(process.env.BENCH_SECONDS ?? 5),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 32),
};
const REBUILD_SAMPLES = 10;
/** Issue 14: the map's farms, 10,000 of them, on the wire. */
const MARKERS_TARGET_KB = 120;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The answer's size as sent (Content-Length) for one Accept-Encoding, and the encoding the server chose. */
async function sizeOnWire(url: string, acceptEncoding: string) {
  const response = await fetch(url, { headers: { 'accept-encoding': acceptEncoding } });
  const body = await response.arrayBuffer();
  return {
    bytes: Number(response.headers.get('content-length') ?? body.byteLength),
    encoding: response.headers.get('content-encoding') ?? 'identity',
  };
}

/** The server's own time to rebuild a snapshot after a change (query, serializing, compressing). */
async function serverRebuild(rebuild: () => Promise<unknown>, invalidate: () => void): Promise<number[]> {
  const samples: number[] = [];
  for (let i = 0; i < REBUILD_SAMPLES; i++) {
    invalidate();
    const t0 = performance.now();
    await rebuild();
    samples.push(performance.now() - t0);
  }
  return samples.sort((a, b) => a - b);
}

await withBenchApi('print-farms', async ({ url, prisma, publicFarms }) => {
  await insertBenchFarms(prisma, FARMS);

  // Rebuild cost: the first request after a change reads and serializes the whole list again.
  const rebuilds: number[] = [];
  for (let i = 0; i < REBUILD_SAMPLES; i++) {
    publicFarms.invalidate();
    const t0 = performance.now();
    await (await fetch(`${url}/api/print-farms`)).arrayBuffer();
    rebuilds.push(performance.now() - t0);
  }
  rebuilds.sort((a, b) => a - b);
  // The same without HTTP and the client's decoding: the server's own work to rebuild the list.
  const invalidate = () => publicFarms.invalidate();
  const serverRebuilds = await serverRebuild(() => publicFarms.list(), invalidate);
  const markerRebuilds = await serverRebuild(() => publicFarms.markers(), invalidate);
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
  const markersUrl = `${url}/api/print-farms/markers`;
  const feed = await fetch(markersUrl);
  const markersEtag = feed.headers.get('etag') ?? '';
  const mapped = decodeMarkerFeed(await feed.json()).markers.length;
  if (mapped !== FARMS) throw new Error(`the marker feed has ${mapped} farms, expected ${FARMS}`);
  results.push(await load('GET /api/print-farms/markers (br)', { url: markersUrl }, LOAD));
  results.push(
    await load(
      'GET /api/print-farms/markers (If-None-Match)',
      { url: markersUrl, headers: { 'if-none-match': markersEtag } },
      { ...LOAD, okStatus: 304 },
    ),
  );

  // What the map downloads: the whole list before, the marker feed now, in each encoding.
  const wire = {
    list: {
      identity: await sizeOnWire(`${url}/api/print-farms`, 'identity'),
      gzip: await sizeOnWire(`${url}/api/print-farms`, 'gzip'),
    },
    markers: {
      identity: await sizeOnWire(markersUrl, 'identity'),
      gzip: await sizeOnWire(markersUrl, 'gzip'),
      br: await sizeOnWire(markersUrl, 'br'),
    },
  };
  if (wire.markers.br.encoding !== 'br' || wire.markers.gzip.encoding !== 'gzip') {
    throw new Error(`the marker feed was not compressed as asked: ${JSON.stringify(wire.markers)}`);
  }

  console.log(`\n${FARMS} farms · concurrency ${LOAD.concurrency} · ${LOAD.seconds} s per target`);
  reportLoad(results);
  console.log(
    `list rebuild after a change (first request, ${REBUILD_SAMPLES} samples): p50 ${percentile(rebuilds, 50).toFixed(1)} ms, max ${percentile(rebuilds, 100).toFixed(1)} ms`,
  );
  console.log(
    `  of which the server (query + gzip, no HTTP): p50 ${percentile(serverRebuilds, 50).toFixed(1)} ms, max ${percentile(serverRebuilds, 100).toFixed(1)} ms`,
  );
  console.log(
    `marker feed rebuild after a change (server: query + JSON + gzip + brotli, ${REBUILD_SAMPLES} samples): p50 ${percentile(markerRebuilds, 50).toFixed(1)} ms, max ${percentile(markerRebuilds, 100).toFixed(1)} ms`,
  );
  console.log(
    `\nthe map's ${FARMS} farms on the wire (baseline: the whole list, which the map used to read)`,
  );
  console.table({
    'GET /api/print-farms': {
      JSON: kb(wire.list.identity.bytes),
      gzip: kb(wire.list.gzip.bytes),
      brotli: '',
    },
    'GET /api/print-farms/markers': {
      JSON: kb(wire.markers.identity.bytes),
      gzip: kb(wire.markers.gzip.bytes),
      brotli: kb(wire.markers.br.bytes),
    },
  });
  const [health, list] = results;
  if (health && list) console.log(ratioLine('print-farms/health', list, health));
  const markers = results.find((result) => result.name === 'GET /api/print-farms/markers (br)');
  if (health && markers) console.log(ratioLine('print-farms/markers/health', markers, health));
  const smallest = Math.min(wire.markers.br.bytes, wire.markers.gzip.bytes);
  console.log(
    `markers/list on the wire: ${kb(smallest)} / ${kb(wire.list.gzip.bytes)} gzip = ${((smallest / wire.list.gzip.bytes) * 100).toFixed(1)}% (target ≤ ${MARKERS_TARGET_KB} KB: ${smallest <= MARKERS_TARGET_KB * 1024 ? 'met' : 'MISSED'})`,
  );
  reportTarget({
    what: `farm list for the map, ${FARMS} farms, on the wire`,
    now: `${kb(smallest)} (marker feed)`,
    baseline: `GET /api/print-farms ${kb(wire.list.gzip.bytes)} gzip`,
    target: `≤ ${MARKERS_TARGET_KB} KB`,
    met: smallest <= MARKERS_TARGET_KB * 1024,
  });
});
