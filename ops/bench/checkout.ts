// Checkout under load: N concurrent shoppers POST orders for ~10 s against the real API (in this process,
// on a fresh database of its own, with the outbox relay running; autocannon in a process of its own), next to
// GET /api/health in the same run.
//   node ops/bench/checkout.ts        BENCH_SECONDS=10 BENCH_CONCURRENCY=32 DATABASE_URL=... REDIS_URL=...
import { load, ratioLine, reportLoad, requestsPerSecond, withBenchApi } from '../lib/bench.ts';
import { reportTarget } from '../lib/summary.ts';

const LOAD = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 32),
};

await withBenchApi(
  'checkout',
  async ({ url, prisma, suffix }) => {
    const owner = await prisma.user.create({
      data: { email: `bench-${suffix}@example.test`, role: 'operator' },
    });
    const store = await prisma.store.create({
      data: {
        userId: owner.id,
        storeName: `bench-${suffix}`,
        displayName: 'Bench Store',
        products: {
          create: [
            { name: 'Bench Knob', price: '12.50', stockQuantity: 50_000_000 },
            { name: 'Bench Clip', price: '4.25', stockQuantity: 50_000_000 },
          ],
        },
      },
      include: { products: true },
    });
    const [knob, clip] = store.products;
    if (!knob || !clip) throw new Error('bench products were not created');

    const orderBody = () =>
      JSON.stringify({
        customerName: 'Bench Shopper',
        customerEmail: 'shopper@example.test',
        shippingAddress: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
        shippingMethod: 'expedited',
        items: [
          { productId: knob.id, quantity: 1 },
          { productId: clip.id, quantity: 2 },
        ],
      });

    const health = await load('GET /api/health', { url: `${url}/api/health` }, LOAD);
    const checkout = await load(
      'POST /api/stores/:id/orders',
      {
        url: `${url}/api/stores/${store.id}/orders`,
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': '{{uuid}}' },
        body: orderBody(),
      },
      { ...LOAD, okStatus: 201 },
    );
    reportLoad([health, checkout]);
    console.log(
      ratioLine('checkout/health', checkout, health),
      `(concurrency ${LOAD.concurrency}, ${LOAD.seconds} s each)`,
    );

    const share = requestsPerSecond(checkout) / requestsPerSecond(health);
    reportTarget({
      what: 'checkout, req/s vs /api/health',
      now: `${requestsPerSecond(checkout).toFixed(0)} req/s (${(share * 100).toFixed(1)} %)`,
      baseline: `/api/health ${requestsPerSecond(health).toFixed(0)} req/s`,
      target: '≥ 25 %',
      met: share >= 0.25,
    });
    const orders = await prisma.order.count({ where: { storeId: store.id } });
    const wrong = await prisma.order.count({ where: { storeId: store.id, NOT: { totalAmount: '30.99' } } });
    console.log(`orders stored: ${orders}, with a wrong total: ${wrong}`);
  },
  { relay: true },
);
