// Checkout under load: N concurrent shoppers POST orders for ~10 s against the real API (in this process,
// on a fresh database of its own), measured next to GET /api/health in the same run.
//   node ops/bench/checkout.ts        BENCH_SECONDS=10 BENCH_CONCURRENCY=32 DATABASE_URL=... REDIS_URL=...
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createApp } from '../../api/src/app.ts';
import { loadApiConfig } from '../../api/src/config.ts';
import { startOutboxRelay } from '../../api/src/outbox/relay.ts';
import { createQueueRegistry } from '../../api/src/queues.ts';
import { createRedis } from '../../api/src/redis.ts';
import { createPrisma } from '../../db/src/index.ts';
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

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const WARMUP_MS = 1_000;

interface Result {
  name: string;
  requests: number;
  failures: number;
  statuses: Map<number, number>;
  seconds: number;
  latencies: number[];
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Runs `send` from CONCURRENCY loops for SECONDS (after a short warm-up) and records each latency. */
async function load(name: string, send: () => Promise<Response>, okStatus: number): Promise<Result> {
  const warmupEnd = performance.now() + WARMUP_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < warmupEnd) await (await send()).arrayBuffer();
    }),
  );
  const result: Result = { name, requests: 0, failures: 0, statuses: new Map(), seconds: 0, latencies: [] };
  const started = performance.now();
  const end = started + SECONDS * 1_000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        let status = 0;
        try {
          const response = await send();
          await response.arrayBuffer();
          status = response.status;
        } catch {
          status = 0;
        }
        result.latencies.push(performance.now() - t0);
        result.requests += 1;
        result.statuses.set(status, (result.statuses.get(status) ?? 0) + 1);
        if (status !== okStatus) result.failures += 1;
      }
    }),
  );
  result.seconds = (performance.now() - started) / 1_000;
  result.latencies.sort((a, b) => a - b);
  return result;
}

function report(results: Result[]): void {
  const rows = results.map((r) => ({
    target: r.name,
    'req/s': (r.requests / r.seconds).toFixed(1),
    p50: `${percentile(r.latencies, 50).toFixed(1)} ms`,
    p95: `${percentile(r.latencies, 95).toFixed(1)} ms`,
    p99: `${percentile(r.latencies, 99).toFixed(1)} ms`,
    requests: r.requests,
    'not ok': r.failures,
    statuses: [...r.statuses].map(([status, count]) => `${status}×${count}`).join(' '),
  }));
  console.table(rows);
  const [health, checkout] = results;
  if (health && checkout) {
    const ratio = checkout.requests / checkout.seconds / (health.requests / health.seconds);
    const p95 = percentile(checkout.latencies, 95) / percentile(health.latencies, 95);
    console.log(
      `checkout/health: throughput ${(ratio * 100).toFixed(1)}% · p95 ${p95.toFixed(1)}x (concurrency ${CONCURRENCY}, ${SECONDS} s each)`,
    );
  }
}

async function main(): Promise<void> {
  const suffix = randomBytes(4).toString('hex');
  const server = new URL(process.env.DATABASE_URL ?? DEFAULT_DATABASE_URL);
  server.pathname = `/bench_checkout_${suffix}`;
  const databaseUrl = server.toString();
  const redisUrl = process.env.REDIS_URL ?? DEFAULT_REDIS_URL;
  const queuePrefix = `bench-checkout-${suffix}`;

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
    // The relay runs as in production, so the outbox rows each order writes are published too.
    const relay = startOutboxRelay({ prisma, queues, log, pollMs: config.OUTBOX_POLL_MS, maxBackoffMs: 500 });
    const app = createApp({ config, prisma, redis, queues, log });
    const http = app.listen(0, '127.0.0.1');
    await new Promise<void>((resolve) => http.once('listening', () => resolve()));
    const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
    cleanups.unshift(async () => {
      http.closeAllConnections();
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await relay.stop();
      await queues.close();
      redis.disconnect();
      await prisma.$disconnect();
    });

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

    step(`GET /api/health, ${CONCURRENCY} concurrent, ${SECONDS} s`);
    const health = await load('GET /api/health', () => fetch(`${url}/api/health`), 200);
    step(`POST /api/stores/:storeId/orders, ${CONCURRENCY} concurrent, ${SECONDS} s`);
    const checkout = await load(
      'POST /api/stores/:id/orders',
      () =>
        fetch(`${url}/api/stores/${store.id}/orders`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
          body: orderBody(),
        }),
      201,
    );
    report([health, checkout]);

    const orders = await prisma.order.count({ where: { storeId: store.id } });
    const wrong = await prisma.order.count({ where: { storeId: store.id, NOT: { totalAmount: '30.99' } } });
    console.log(`orders stored: ${orders}, with a wrong total: ${wrong}`);
  } finally {
    step('cleaning up');
    for (const cleanup of cleanups) await cleanup().catch((error) => console.error(error));
  }
}

await main();
