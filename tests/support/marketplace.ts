// Fixtures for the marketplace flow: farms at real ZIP codes with chosen capabilities, rates and
// availability, customers' requests with analysed files, and the calls the customer and operator make.

import { randomBytes, randomUUID } from 'node:crypto';
import { farmCapabilities } from '@printfarm/domain/farmCapabilities';
import type { PrinterInventoryEntry } from '@printfarm/domain/farmSignup';
import { OPEN_JOB_STATES } from '@printfarm/domain/printJob';
import zipcodes from 'zipcodes';
import type { PrismaClient } from '../../db/src/index.ts';
import { eventually } from '../../ops/fixtures/apiClient.ts';
import { createUser, signIn, type TestUser } from '../../ops/fixtures/auth.ts';
import { emailsTo, type ReceivedEmail } from './maildev.ts';
import { recordTransfer } from './payments.ts';

// The API client the benchmarks share, as the tests have always taken it from here.
export {
  call,
  type JsonResponse,
  type OfferView,
  offersOf,
  submitAndQuote,
  uploadedRequest,
} from '../../ops/fixtures/apiClient.ts';

export interface FarmOptions {
  zip: string;
  name?: string;
  ownerId?: string;
  inventory?: PrinterInventoryEntry[];
  isActive?: boolean;
  nodeStatus?: 'online' | 'offline' | 'maintenance' | 'setup';
  isPaused?: boolean;
  availableCapacity?: number;
  rating?: string;
  totalJobs?: number;
  contactEmail?: string;
  /** Own rate for FDM/PLA, per cm³ in dollars; the network default applies otherwise. */
  plaRate?: {
    materialRate: string;
    machineHourRate: string;
    setupFee: string;
    minimumOrder: string;
    leadTimeDays: number;
  };
}

export const FDM_X1: PrinterInventoryEntry = {
  technology: 'FFF/FDM',
  brand: 'Bambu Lab',
  model: 'X1 Carbon',
  count: 6,
};
export const FDM_MINI: PrinterInventoryEntry = {
  technology: 'FFF/FDM',
  brand: 'Bambu Lab',
  model: 'A1 mini',
  count: 4,
};
export const RESIN_FORM4: PrinterInventoryEntry = {
  technology: 'SLA/Resin',
  brand: 'Formlabs',
  model: 'Form 4',
  count: 2,
};

/** A farm at the ZIP's coordinates, online and active unless told otherwise. */
export async function createFarm(prisma: PrismaClient, options: FarmOptions) {
  const place = zipcodes.lookup(options.zip);
  if (!place) throw new Error(`unknown ZIP ${options.zip}`);
  const inventory = options.inventory ?? [FDM_X1];
  const { capacity, capabilities, rows } = farmCapabilities(inventory);
  const tag = randomBytes(4).toString('hex');
  const name = options.name ?? `Farm ${place.city} ${tag}`;
  const farm = await prisma.printFarm.create({
    data: {
      farmName: `farm-${tag}`,
      displayName: name,
      companyKey: `farm-${tag}`,
      location: `${place.city}, ${place.state}`,
      contactName: 'Olive Operator',
      contactEmail: options.contactEmail ?? `farm-${tag}@example.test`,
      contactPhone: '512-555-0100',
      fullStreetAddress: '1 Main St',
      streetName: 'Main St',
      city: place.city,
      state: place.state,
      zipCode: options.zip,
      latitude: place.latitude,
      longitude: place.longitude,
      geocodeStatus: 'located',
      totalPrinterCount: inventory.reduce((sum, entry) => sum + entry.count, 0),
      printerCount: inventory.reduce((sum, entry) => sum + entry.count, 0),
      printerInventory: inventory,
      printerTypes: [...new Set(inventory.map((entry) => entry.technology))],
      capacity,
      availableCapacity: options.availableCapacity ?? capacity,
      capabilities,
      isActive: options.isActive ?? true,
      nodeStatus: options.nodeStatus ?? 'online',
      isPaused: options.isPaused ?? false,
      rating: options.rating ?? '0',
      totalJobs: options.totalJobs ?? 0,
      ...(options.ownerId ? { owner: { connect: { id: options.ownerId } } } : {}),
      capabilityRows: { create: rows },
    },
  });
  if (options.plaRate) {
    await prisma.farmRate.create({
      data: {
        farmId: farm.id,
        technology: 'FFF/FDM',
        material: 'PLA',
        priceBasis: 'cm3',
        ...options.plaRate,
      },
    });
  }
  return farm;
}

export interface PartOptions {
  /** As stored (in the file's units). */
  bbox?: { x: number; y: number; z: number };
  volumeCm3?: number;
  surfaceAreaCm2?: number;
  units?: 'mm' | 'cm' | 'in' | 'm';
  quantity?: number;
  status?: 'ready' | 'rejected' | 'pending';
}

/** A draft request of the customer with analysed files, as an upload and its analysis leave it. */
export async function createDraftRequest(
  prisma: PrismaClient,
  userId: string,
  options: {
    title?: string;
    parts?: PartOptions[];
    technology?: string;
    material?: string;
    zip?: string;
  } = {},
) {
  const place = options.zip ? zipcodes.lookup(options.zip) : undefined;
  const request = await prisma.customPrintRequest.create({
    data: {
      userId,
      title: options.title ?? `Bracket ${randomBytes(3).toString('hex')}`,
      specifications: { layerHeightMm: 0.2, infillPercent: 15 },
      status: 'draft',
      technology: options.technology ?? 'FFF/FDM',
      material: options.material ?? 'PLA',
      ...(place
        ? {
            shipToZip: options.zip,
            shipToCity: place.city,
            shipToState: place.state,
            shipToLatitude: place.latitude,
            shipToLongitude: place.longitude,
            shippingAddress: {
              street: '9 Elm St',
              city: place.city,
              state: place.state,
              zipCode: options.zip,
              country: 'US',
            },
          }
        : {}),
      statusHistory: { create: { toStatus: 'draft', changedByUserId: userId, note: 'test' } },
    },
  });
  for (const [index, part] of (options.parts ?? [{}]).entries()) {
    const bbox = part.bbox ?? { x: 20, y: 20, z: 20 };
    const status = part.status ?? 'ready';
    await prisma.projectFile.create({
      data: {
        printRequestId: request.id,
        userId,
        uploadId: randomUUID(),
        fileName: `part-${index}.stl`,
        originalFileName: `part-${index}.stl`,
        fileType: 'stl',
        fileSize: 684,
        filePath: `missing-${randomUUID()}`,
        sha256: randomBytes(32).toString('hex'),
        isMainFile: index === 0,
        quantity: part.quantity ?? 1,
        analysisStatus: status,
        ...(status === 'pending'
          ? {}
          : {
              analysis: {
                create: {
                  format: 'stl',
                  units: part.units ?? 'mm',
                  bboxXMm: status === 'ready' ? bbox.x : null,
                  bboxYMm: status === 'ready' ? bbox.y : null,
                  bboxZMm: status === 'ready' ? bbox.z : null,
                  volumeCm3:
                    status === 'ready' ? (part.volumeCm3 ?? (bbox.x * bbox.y * bbox.z) / 1000) : null,
                  surfaceAreaCm2:
                    status === 'ready'
                      ? (part.surfaceAreaCm2 ??
                        (2 * (bbox.x * bbox.y + bbox.y * bbox.z + bbox.x * bbox.z)) / 100)
                      : null,
                  overhangAreaCm2: 0,
                  supportVolumeCm3: 0,
                  watertight: status === 'ready',
                  rejectReason: status === 'rejected' ? 'Not a valid STL: truncated' : null,
                },
              },
            }),
      },
    });
  }
  return request;
}

/** An operator's account, signed in, with a farm of their own (their e-mail gets the farm's job mail). */
export async function createOperatorFarm(
  prisma: PrismaClient,
  apiUrl: string,
  options: Omit<FarmOptions, 'ownerId'>,
): Promise<{ user: TestUser; cookie: string; farm: Awaited<ReturnType<typeof createFarm>> }> {
  const user = await createUser(prisma, { role: 'operator', firstName: 'Olive' });
  const farm = await createFarm(prisma, { ...options, ownerId: user.id });
  return { user, cookie: await signIn(apiUrl, user.email, user.password), farm };
}

/** The request's open job (the route made it), waited for; `after` skips a job that was open before. */
export function openJobOf(prisma: PrismaClient, requestId: string, after?: { id: string }) {
  return eventually(async () => {
    // A re-route to a dearer farm waits for the customer's approval: they pay the difference.
    const approval = await prisma.payment.findFirst({
      where: { requestId, purpose: 'difference', status: 'awaiting', jobId: null, offerId: { not: null } },
    });
    if (approval) await recordTransfer(prisma, approval.id);
    const job = await prisma.printJob.findFirst({
      where: {
        requestId,
        state: { in: [...OPEN_JOB_STATES] },
        ...(after ? { id: { not: after.id } } : {}),
      },
    });
    return job ?? undefined;
  });
}

/** The e-mails to `address` whose subject contains `subject`, once at least `count` have arrived. */
export function mailsTo(address: string, subject: string, count = 1): Promise<ReceivedEmail[]> {
  return eventually(async () => {
    const found = (await emailsTo(address)).filter((mail) => mail.subject.includes(subject));
    return found.length >= count ? found : undefined;
  });
}

/** The address a routed test request ships to, as the customer gave it when accepting. */
export const TEST_SHIP_TO = {
  name: 'Casey Customer',
  street: '9 Elm St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
  country: 'US',
  phone: '512-555-0199',
};

/** The request ordered and routed to the farm, as request.route leaves it: its offer and open job. */
export async function routeToFarm(
  prisma: PrismaClient,
  requestId: string,
  farmId: string,
  options: { price?: string; parts?: number } = {},
) {
  const price = options.price ?? '18.40';
  const readyBy = new Date(Date.now() + 3 * 24 * 3_600_000);
  await prisma.customPrintRequest.update({
    where: { id: requestId },
    data: { status: 'ordered', quoteRound: 1, assignedFarmId: farmId, shippingAddress: TEST_SHIP_TO },
  });
  const offer = await prisma.requestOffer.create({
    data: {
      requestId,
      farmId,
      price,
      distanceMiles: 2,
      status: 'routed',
      quoteRound: 1,
      kind: 'firm',
      readyBy,
    },
  });
  const job = await prisma.printJob.create({
    data: {
      requestId,
      farmId,
      offerId: offer.id,
      price,
      readyBy,
      parts: options.parts ?? 1,
      respondBy: new Date(Date.now() + 24 * 3_600_000),
    },
  });
  return { offer, job };
}
