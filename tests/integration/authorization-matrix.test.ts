// The authorization matrix: every route the live router knows × every kind of caller gets the
// status tests/support/authz-routes.ts expects. A route without a row (or a row without a route)
// fails the test, so nobody adds an endpoint without saying who may call it.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp, routerOf } from '../../api/src/app.ts';
import { loadApiConfig } from '../../api/src/config.ts';
import { createLogger } from '../../db/src/logger.ts';
import { createQueueRegistry } from '../../db/src/queues.ts';
import { createRedis } from '../../db/src/redis.ts';
import { createUser, signIn, type TestUser } from '../support/auth.ts';
import { type Actor, type Expected, ROUTE_ACCESS, type RouteAccess } from '../support/authz-routes.ts';
import { testEnv } from '../support/env.ts';
import { useServerSuite } from '../support/server.ts';

const ACTORS: Actor[] = ['anonymous', 'customer', 'operator', 'otherOperator', 'staff'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every method+path pair the app's router registers (HEAD comes with GET and is not listed). */
async function registeredRoutes(): Promise<string[]> {
  const env = await testEnv();
  const config = loadApiConfig({
    NODE_ENV: 'test',
    DATABASE_URL: env.databaseUrl,
    REDIS_URL: env.redisUrl,
    QUEUE_PREFIX: env.queuePrefix,
    LOG_LEVEL: 'silent',
  });
  const redis = createRedis(config.REDIS_URL);
  redis.on('error', () => {});
  const queues = createQueueRegistry(redis, config.QUEUE_PREFIX);
  const log = createLogger({ name: 'matrix', level: 'silent', pretty: false });
  // Route modules only keep a reference to prisma; no query runs while walking the router.
  const prisma = {} as Parameters<typeof createApp>[0]['prisma'];
  try {
    const app = createApp({ config, prisma, redis, queues, log });
    const routes = new Set<string>();
    for (const layer of routerOf(app).stack) {
      for (const method of layer.methods) {
        if ((METHODS as readonly string[]).includes(method)) routes.add(`${method} ${String(layer.path)}`);
      }
    }
    return [...routes].sort();
  } finally {
    await queues.close();
    redis.disconnect();
  }
}

const key = (row: Pick<RouteAccess, 'method' | 'route'>) => `${row.method} ${row.route}`;

describe('authorization matrix', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' } });
  const users = {} as Record<Exclude<Actor, 'anonymous'>, TestUser>;
  const cookies = {} as Record<Actor, string | undefined>;
  const fixtures: Record<string, string> = {};

  async function signInAs(actor: Actor): Promise<void> {
    if (actor === 'anonymous') return;
    cookies[actor] = await signIn(server.api.url, users[actor].email, users[actor].password);
  }

  beforeAll(async () => {
    const { prisma } = server.api;
    users.customer = await createUser(prisma, { role: 'customer' });
    users.operator = await createUser(prisma, { role: 'operator' });
    users.otherOperator = await createUser(prisma, { role: 'operator' });
    users.staff = await createUser(prisma, { role: 'staff' });
    for (const actor of ACTORS) await signInAs(actor);

    const suffix = randomUUID().slice(0, 8);
    const farm = await prisma.printFarm.create({
      data: {
        userId: users.operator.id,
        farmName: `matrix-farm-${suffix}`,
        displayName: 'Matrix Farm',
        companyKey: `matrix farm ${suffix}`,
        location: 'Austin, TX',
        contactName: 'Olive Operator',
        contactEmail: users.operator.email,
        contactPhone: '5125550100',
        fullStreetAddress: '100 Congress Ave, Austin, TX 78701',
        streetName: 'Congress Ave',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        totalPrinterCount: 4,
        printerInventory: [{ technology: 'FDM', brand: 'Prusa', count: 4 }],
        printerCount: 4,
        printerTypes: ['FDM'],
        capacity: 100,
        availableCapacity: 80,
        capabilities: { materials: ['PLA'] },
      },
    });
    const store = await prisma.store.create({
      data: { userId: users.operator.id, storeName: `matrix-store-${suffix}`, displayName: 'Matrix Store' },
    });
    const product = await prisma.product.create({
      data: { storeId: store.id, name: 'Matrix Bracket', price: '12.50', stockQuantity: 10 },
    });
    const order = await prisma.order.create({
      data: {
        storeId: store.id,
        customerEmail: 'buyer@example.test',
        customerName: 'Bea Buyer',
        shippingAddress: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
        subtotal: '12.50',
        totalAmount: '12.50',
      },
    });
    const request = await prisma.customPrintRequest.create({
      data: { userId: users.customer.id, title: 'Matrix request', specifications: { material: 'PLA' } },
    });
    const file = await prisma.projectFile.create({
      data: {
        printRequestId: request.id,
        userId: users.customer.id,
        uploadId: `matrix-${suffix}`,
        fileName: 'part.stl',
        originalFileName: 'part.stl',
        fileType: 'stl',
        fileSize: 1234,
        filePath: `matrix/${suffix}/part.stl`,
      },
    });
    const offer = await prisma.requestOffer.create({
      data: { requestId: request.id, farmId: farm.id, price: '20.00', distanceMiles: 3, readyBy: new Date() },
    });
    const job = await prisma.printJob.create({
      data: {
        requestId: request.id,
        farmId: farm.id,
        offerId: offer.id,
        state: 'delivered',
        price: '20.00',
        readyBy: new Date(),
        parts: 1,
        respondBy: new Date(),
      },
    });
    const application = await prisma.application.create({
      data: {
        firstName: 'Ann',
        lastName: 'Applicant',
        email: 'ann@example.test',
        phone: '5125550101',
        city: 'Austin',
        state: 'TX',
      },
    });
    Object.assign(fixtures, {
      farmId: farm.id,
      storeId: store.id,
      storeName: store.storeName,
      productId: product.id,
      orderId: order.id,
      requestId: request.id,
      fileId: file.id,
      offerId: offer.id,
      jobId: job.id,
      applicationId: application.id,
    });
  });

  it('has a row for every route the router knows, and no row for a route it does not', async () => {
    const routes = await registeredRoutes();
    const rows = ROUTE_ACCESS.map(key);
    const duplicates = rows.filter((row, index) => rows.indexOf(row) !== index);
    expect(duplicates, 'routes listed twice in authz-routes.ts').toEqual([]);
    expect(
      routes.filter((route) => !rows.includes(route)),
      'routes with no row in tests/support/authz-routes.ts',
    ).toEqual([]);
    expect(
      ROUTE_ACCESS.filter((row) => !row.outsideRouter && !routes.includes(key(row))).map(key),
      'rows in authz-routes.ts for routes the router does not have',
    ).toEqual([]);
  });

  it('gives every caller the expected status on every route', async () => {
    const mismatches: string[] = [];
    for (const row of ROUTE_ACCESS) {
      const path = (row.path ?? row.route).replace(/:([A-Za-z]+)/g, (match, name: string) =>
        encodeURIComponent(fixtures[name] ?? match.slice(1)),
      );
      for (const actor of ACTORS) {
        const cookie = cookies[actor];
        const headers: Record<string, string> = {};
        if (cookie) headers.cookie = cookie;
        if (row.body !== undefined) headers['content-type'] = 'application/json';
        const response = await fetch(`${server.api.url}${path}`, {
          method: row.method,
          headers,
          redirect: 'manual',
          ...(row.body !== undefined ? { body: JSON.stringify(row.body) } : {}),
        });
        await response.arrayBuffer();
        const expected: Expected = row.expect[actor];
        const allowed = typeof expected === 'number' ? [expected] : expected;
        if (!allowed.includes(response.status)) {
          mismatches.push(
            `${key(row)} as ${actor}: got ${response.status}, expected ${allowed.join(' or ')}`,
          );
        }
        if (row.signsOut) await signInAs(actor);
      }
    }
    expect(mismatches).toEqual([]);
  });
});
