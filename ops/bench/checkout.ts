// Checkout under load: N concurrent shoppers POST orders for ~10 s against the real API (in this process,
// on a fresh database of its own, with the outbox relay running; autocannon in a process of its own), next to
// GET /api/health in the same run.
// Every order now asks for its payment (issue 24), written by place_store_orders with the order. Checkout
// without payment is the same API with that function as it was before (the payments migration's down
// part, which also ignores the payment the checkout sends), measured first in the same run; then the
// migration's up part puts the payment back for checkout with payment.
//   node ops/bench/checkout.ts        BENCH_SECONDS=10 BENCH_CONCURRENCY=32 DATABASE_URL=... REDIS_URL=...
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { load, ratioLine, reportLoad, requestsPerSecond, withBenchApi } from '../lib/bench.ts';
import { insertBenchStore } from '../lib/benchFarms.ts';
import { reportTarget } from '../lib/summary.ts';

const ORDER_PAYMENTS = new URL('../../prisma/migrations/20261128170000_order_payments.sql', import.meta.url);

/** Runs the payments migration's up or down part (several statements: pg's simple protocol takes them). */
async function orderPayments(databaseUrl: string, part: 'up' | 'down'): Promise<void> {
  const [up = '', down = ''] =
    readFileSync(ORDER_PAYMENTS, 'utf8').split('-- migrate:up')[1]?.split('-- migrate:down') ?? [];
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(part === 'up' ? up : down);
  } finally {
    await client.end();
  }
}

const LOAD = {
  seconds: Number(process.env.BENCH_SECONDS ?? 10),
  concurrency: Number(process.env.BENCH_CONCURRENCY ?? 32),
};

await withBenchApi(
  'checkout',
  async ({ url, prisma, suffix, config }) => {
    const store = await insertBenchStore(prisma, 'bench', suffix, [
      { name: 'Bench Knob', price: '12.50' },
      { name: 'Bench Clip', price: '4.25' },
    ]);
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
    const orderRequest = {
      url: `${url}/api/stores/${store.id}/orders`,
      method: 'POST' as const,
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': '{{uuid}}' },
      body: orderBody(),
    };
    await orderPayments(config.DATABASE_URL, 'down');
    const unpaid = await load('POST orders, without payment', orderRequest, { ...LOAD, okStatus: 201 });
    const unpaidOrders = await prisma.order.count({ where: { storeId: store.id } });
    await orderPayments(config.DATABASE_URL, 'up');
    const checkout = await load('POST orders, with payment', orderRequest, { ...LOAD, okStatus: 201 });
    reportLoad([health, unpaid, checkout]);
    console.log(
      ratioLine('checkout/health', checkout, health),
      `(concurrency ${LOAD.concurrency}, ${LOAD.seconds} s each)`,
    );
    console.log(ratioLine('with payment/without', checkout, unpaid));

    const share = requestsPerSecond(checkout) / requestsPerSecond(health);
    reportTarget({
      what: 'checkout, req/s vs /api/health',
      now: `${requestsPerSecond(checkout).toFixed(0)} req/s (${(share * 100).toFixed(1)} %)`,
      baseline: `/api/health ${requestsPerSecond(health).toFixed(0)} req/s`,
      target: '≥ 25 %',
      met: share >= 0.25,
    });
    const paymentShare = requestsPerSecond(checkout) / requestsPerSecond(unpaid);
    reportTarget({
      what: 'checkout with payment, req/s vs without',
      now: `${requestsPerSecond(checkout).toFixed(0)} req/s (${(paymentShare * 100).toFixed(1)} %)`,
      baseline: `checkout without payment ${requestsPerSecond(unpaid).toFixed(0)} req/s`,
      target: '≥ 80 %',
      met: paymentShare >= 0.8,
    });
    const orders = await prisma.order.count({ where: { storeId: store.id } });
    const wrong = await prisma.order.count({ where: { storeId: store.id, NOT: { totalAmount: '30.99' } } });
    const unasked = await prisma.order.count({ where: { storeId: store.id, payments: { none: {} } } });
    console.log(
      `orders stored: ${orders}, with a wrong total: ${wrong}; placed with payment: ${orders - unpaidOrders},`,
      `of them without one: ${unasked - unpaidOrders}`,
    );
  },
  { relay: true },
);
