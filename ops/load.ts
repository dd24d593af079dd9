// `npm run load`: the API's main calls under load from autocannon in a process of its own, each next
// to GET /api/health measured in the same run: the public farm list (10,000 farms), a farm signup, an
// operator application and a checkout. Prints req/s and p50/p95/p99, and each one's share of health,
// with the p95 the API measured itself (its /metrics histogram) beside the client's.
//   npm run load        LOAD_SECONDS=10 LOAD_CONNECTIONS=32 LOAD_FARMS=10000 DATABASE_URL=... REDIS_URL=...
import {
  type LoadOptions,
  type LoadRequest,
  type LoadResult,
  load,
  ratioLine,
  reportLoad,
  withBenchApi,
} from './lib/bench.ts';
import { insertBenchFarms, insertBenchStore } from './lib/benchFarms.ts';
import { readMetrics, serverP95 } from './lib/serverLatency.ts';

const FARMS = Number(process.env.LOAD_FARMS ?? 10_000);
const LOAD = {
  seconds: Number(process.env.LOAD_SECONDS ?? 10),
  concurrency: Number(process.env.LOAD_CONNECTIONS ?? 32),
};
const JSON_POST = { method: 'POST', headers: { 'content-type': 'application/json' } } as const;
const METRICS_TOKEN = 'load-run-metrics-token-0123456789';

await withBenchApi(
  'load',
  async ({ url, prisma, suffix }) => {
    await insertBenchFarms(prisma, FARMS);
    const store = await insertBenchStore(prisma, 'load', suffix, [{ name: 'Load Knob', price: '12.50' }]);
    const product = store.products[0];
    if (!product) throw new Error('the load store has no product');

    const signup = {
      displayName: 'Load Farm {{uuid}}',
      contactName: 'Ada Lovelace',
      contactEmail: 'farm-{{uuid}}@example.test',
      contactPhone: '512-555-0147',
      fullStreetAddress: '1200 Congress Ave',
      streetName: 'Congress Ave',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      printerInventory: [{ technology: 'FFF/FDM', brand: 'Bambu Lab', model: 'X1 Carbon', count: 6 }],
      wantsOrderingLink: true,
    };
    const application = {
      firstName: 'Grace',
      lastName: 'Hopper',
      email: 'applicant-{{uuid}}@example.test',
      phone: '512-555-0199',
      city: 'Austin',
      state: 'TX',
      experience: 'beginner',
      investment: '30days',
    };
    const order = {
      customerName: 'Load Shopper',
      customerEmail: 'shopper@example.test',
      shippingAddress: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
      shippingMethod: 'standard',
      items: [{ productId: product.id, quantity: 1 }],
    };

    /** One target under load, with the API's own p95 for its route read from /metrics around it. */
    const measure = async (route: string, request: LoadRequest, options: LoadOptions) => {
      const before = await readMetrics(`${url}/metrics`, METRICS_TOKEN);
      const result = await load(`${request.method ?? 'GET'} ${route}`, request, options);
      const after = await readMetrics(`${url}/metrics`, METRICS_TOKEN);
      const p95 = serverP95(before, after, request.method ?? 'GET', route);
      return p95 === undefined ? result : { ...result, serverP95Ms: p95 };
    };
    const health = await measure('/api/health', { url: `${url}/api/health` }, LOAD);
    const results: LoadResult[] = [
      health,
      await measure('/api/print-farms', { url: `${url}/api/print-farms` }, LOAD),
      await measure(
        '/api/print-farms/signup',
        { url: `${url}/api/print-farms/signup`, ...JSON_POST, body: JSON.stringify(signup) },
        { ...LOAD, okStatus: 201 },
      ),
      await measure(
        '/api/applications',
        { url: `${url}/api/applications`, ...JSON_POST, body: JSON.stringify(application) },
        { ...LOAD, okStatus: 201 },
      ),
      await measure(
        '/api/stores/:storeId/orders',
        {
          url: `${url}/api/stores/${store.id}/orders`,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'Idempotency-Key': '{{uuid}}' },
          body: JSON.stringify(order),
        },
        { ...LOAD, okStatus: 201 },
      ),
    ];
    console.log(
      `\n${FARMS} farms · ${LOAD.concurrency} connections · ${LOAD.seconds} s per target · autocannon in its own process · 'server p95' from the API's /metrics`,
    );
    reportLoad(results);
    for (const result of results.slice(1)) console.log(ratioLine(`${result.name} / health`, result, health));
  },
  { relay: true, env: { METRICS_TOKEN } },
);
