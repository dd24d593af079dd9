// The callers and records that tests walking the whole route table act on (the authorization matrix
// and the fuzz): one user per kind of caller, and a farm, store, product, order, print request, file,
// offer, job and application owned by them, keyed by the path placeholders of authz-routes.ts.
import { randomUUID } from 'node:crypto';
import type Router from '@koa/router';
import { type AppDeps, apiDeps, createRouter } from '../../api/src/app.ts';
import { loadApiConfig } from '../../api/src/config.ts';
import type { AppState } from '../../api/src/http/context.ts';
import type { PrismaClient } from '../../db/src/index.ts';
import { createLogger } from '../../db/src/logger.ts';
import { createQueueRegistry } from '../../db/src/outbox/index.ts';
import { createRedis } from '../../db/src/redis.ts';
import { createUser, signIn, type TestUser } from '../../ops/fixtures/auth.ts';
import type { Actor } from './authz-routes.ts';
import { testEnv } from './env.ts';

export type SignedInActor = Exclude<Actor, 'anonymous'>;

export async function createActorUsers(prisma: PrismaClient): Promise<Record<SignedInActor, TestUser>> {
  return {
    customer: await createUser(prisma, { role: 'customer' }),
    operator: await createUser(prisma, { role: 'operator' }),
    otherOperator: await createUser(prisma, { role: 'operator' }),
    staff: await createUser(prisma, { role: 'staff' }),
  };
}

/** The Cookie header an actor sends (undefined for anonymous callers). */
export async function signInActor(
  apiUrl: string,
  users: Record<SignedInActor, TestUser>,
  actor: Actor,
): Promise<string | undefined> {
  if (actor === 'anonymous') return undefined;
  return signIn(apiUrl, users[actor].email, users[actor].password);
}

/**
 * The records the route table's placeholders name: :farmId, :storeId, :storeName, :productId and
 * :orderId belong to `operator`; :requestId, :fileId, :offerId and :jobId are `customer`'s request
 * with a file, an offer and a delivered job at the operator's farm; :applicationId is anyone's.
 */
export async function createAccessFixtures(
  prisma: PrismaClient,
  users: Record<SignedInActor, TestUser>,
): Promise<Record<string, string>> {
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
  const queue = await createQueueFixtures(prisma, users, farm.id, suffix);
  return {
    ...queue,
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
  };
}

/** A route's path with each :placeholder that names a fixture replaced by that fixture's id. */
export function fillPlaceholders(path: string, fixtures: Record<string, string>): string {
  return path.replace(/:([A-Za-z]+)/g, (match, name: string) =>
    encodeURIComponent(fixtures[name] ?? match.slice(1)),
  );
}

/**
 * Builds the router the way createApp does and hands it to `read` (every registered layer, with
 * its methods, path and middleware). No request is served: route modules only keep a reference to
 * prisma, so a stand-in does.
 */
export async function readAppRouter<T>(read: (router: Router<AppState>) => T): Promise<T> {
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
  const log = createLogger({ name: 'routes', level: 'silent', pretty: false });
  const prisma = {} as AppDeps['prisma'];
  try {
    return read(createRouter(apiDeps({ config, prisma, redis, queues, log })));
  } finally {
    await queues.close();
    redis.disconnect();
  }
}

/**
 * The print queue's records (issue 27): two printers of `operator`'s farm (one to remove) and one queued
 * item of an accepted job, the only item waiting in the farm's queue.
 */
async function createQueueFixtures(
  prisma: PrismaClient,
  users: Record<SignedInActor, TestUser>,
  farmId: string,
  suffix: string,
): Promise<Record<string, string>> {
  const printer = (name: string) =>
    prisma.printer.create({
      data: {
        farmId,
        name,
        technology: 'FFF/FDM',
        brand: 'Prusa',
        model: 'MK4',
        buildXMm: 250,
        buildYMm: 210,
        buildZMm: 220,
        nozzleMm: 0.4,
        material: 'PLA',
      },
    });
  const [kept, spare] = [await printer('Matrix MK4'), await printer('Matrix spare')];
  const request = await prisma.customPrintRequest.create({
    data: {
      userId: users.customer.id,
      title: 'Matrix queue request',
      specifications: {},
      status: 'accepted',
      assignedFarmId: farmId,
      shippingAddress: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
    },
  });
  const file = await prisma.projectFile.create({
    data: {
      printRequestId: request.id,
      userId: users.customer.id,
      uploadId: `matrix-queue-${suffix}`,
      fileName: 'part.stl',
      originalFileName: 'part.stl',
      fileType: 'stl',
      fileSize: 1234,
      filePath: `matrix/${suffix}/queue-part.stl`,
    },
  });
  const offer = await prisma.requestOffer.create({
    data: { requestId: request.id, farmId, price: '20.00', distanceMiles: 3, readyBy: new Date() },
  });
  const job = await prisma.printJob.create({
    data: {
      requestId: request.id,
      farmId,
      offerId: offer.id,
      state: 'accepted',
      price: '20.00',
      readyBy: new Date(),
      parts: 1,
      respondBy: new Date(),
    },
  });
  const item = await prisma.queueItem.create({
    data: {
      farmId,
      jobId: job.id,
      fileId: file.id,
      copy: 1,
      position: 1,
      technology: 'FFF/FDM',
      material: 'PLA',
      layerHeightMm: 0.2,
      profileKey: '0.20mm-15pct',
      units: 'mm',
      orientation: 'z-',
      partXMm: 20,
      partYMm: 20,
      partZMm: 20,
      readyBy: new Date(),
    },
  });
  return { printerId: kept.id, sparePrinterId: spare.id, itemId: item.id };
}
