// The demo customer's requests, each at a different point of the marketplace flow and held by one of
// the demo operator's farms: one waiting for the operator's answer (a new job in their inbox), one
// printing at 65 %, one delivered and waiting for the customer's rating.
import type { Prisma, PrismaClient } from '@printfarm/db';
import { recordJob } from '@printfarm/db/outbox';
import { recomputeFarmScorecard } from '@printfarm/db/printRequests';
import { DEFAULT_PRINT_SETTINGS } from '@printfarm/domain/printSettings';
import zipcodes from 'zipcodes';

const DAY_MS = 86_400_000;
const AUSTIN = { street: '500 Congress Ave', city: 'Austin', state: 'TX', zipCode: '78701', country: 'US' };

interface SeedRequest {
  title: string;
  status: 'ordered' | 'printing' | 'completed';
  quantity: number;
  price: string;
  history: string[];
  job: Partial<Prisma.PrintJobUncheckedCreateInput> & { state: string };
}

export async function seedPrintRequests(
  prisma: PrismaClient,
  { customerId, farmIds }: { customerId: string; farmIds: string[] },
): Promise<void> {
  const place = zipcodes.lookup(AUSTIN.zipCode);
  await prisma.user.update({ where: { id: customerId }, data: { defaultShippingAddress: AUSTIN } });
  const now = Date.now();
  const requests: SeedRequest[] = [
    {
      title: 'Replacement dishwasher wheel',
      status: 'ordered',
      quantity: 4,
      price: '18.40',
      history: ['draft', 'quoting', 'quoted', 'ordered'],
      job: { state: 'offered', offeredAt: new Date(now - 3_600_000) },
    },
    {
      title: 'Drone camera mount v3',
      status: 'printing',
      quantity: 2,
      price: '24.75',
      history: ['draft', 'quoting', 'quoted', 'ordered', 'accepted', 'printing'],
      job: {
        state: 'printing',
        progressPercent: 65,
        offeredAt: new Date(now - DAY_MS - 7_200_000),
        respondedAt: new Date(now - DAY_MS),
        startedAt: new Date(now - 4 * 3_600_000),
      },
    },
    {
      title: 'Board game insert',
      status: 'completed',
      quantity: 1,
      price: '31.20',
      history: ['draft', 'quoting', 'quoted', 'ordered', 'accepted', 'printing', 'shipped', 'completed'],
      job: {
        state: 'delivered',
        progressPercent: 100,
        offeredAt: new Date(now - 6 * DAY_MS - 10_800_000),
        respondedAt: new Date(now - 6 * DAY_MS),
        startedAt: new Date(now - 5 * DAY_MS),
        shippedAt: new Date(now - 3 * DAY_MS),
        deliveredAt: new Date(now - DAY_MS),
        closedAt: new Date(now - DAY_MS),
        carrier: 'UPS',
        trackingNumber: '1Z999AA10123456784',
      },
    },
  ];
  for (const [i, seed] of requests.entries()) {
    const farmId = farmIds[i === 2 ? 1 : 0];
    if (!farmId) continue;
    await prisma.$transaction(async (tx) => {
      const request = await tx.customPrintRequest.create({
        data: {
          userId: customerId,
          assignedFarmId: farmId,
          title: seed.title,
          quantity: seed.quantity,
          status: seed.status,
          technology: 'FFF/FDM',
          material: 'PETG',
          color: 'Black',
          specifications: { ...DEFAULT_PRINT_SETTINGS },
          shipToZip: AUSTIN.zipCode,
          shipToCity: place?.city ?? AUSTIN.city,
          shipToState: place?.state ?? AUSTIN.state,
          shipToLatitude: place?.latitude ?? null,
          shipToLongitude: place?.longitude ?? null,
          shippingAddress: AUSTIN,
          quoteRound: 1,
          searchRadiusMiles: 500,
          quotedAt: new Date(now - 2 * DAY_MS),
          quotedPrice: seed.price,
          finalPrice: seed.status === 'ordered' ? null : seed.price,
          progressPercent: seed.job.progressPercent ?? 0,
          statusHistory: {
            create: seed.history.map((toStatus, step, all) => ({
              fromStatus: step === 0 ? null : (all[step - 1] ?? null),
              toStatus,
              note: step === 0 ? 'Created by uploading a design' : null,
              createdAt: new Date(now - (all.length - step) * 3_600_000),
            })),
          },
        },
      });
      const offer = await tx.requestOffer.create({
        data: {
          requestId: request.id,
          farmId,
          price: seed.price,
          distanceMiles: 4.2,
          estimatedHours: 3,
          status: 'routed',
          quoteRound: 1,
          kind: 'firm',
          readyBy: new Date(now + 3 * DAY_MS),
          breakdown: {},
        },
      });
      const job = await tx.printJob.create({
        data: {
          requestId: request.id,
          farmId,
          offerId: offer.id,
          price: seed.price,
          readyBy: new Date(now + 3 * DAY_MS),
          parts: seed.quantity,
          respondBy: new Date(now + DAY_MS),
          ...seed.job,
        },
      });
      if (seed.job.state === 'offered') {
        await recordJob(tx, 'job.deadline', { jobId: job.id, kind: 'response' }, { runAt: job.respondBy });
      }
      await recomputeFarmScorecard(tx, farmId);
      if (seed.job.state === 'printing') {
        await tx.printFarm.update({
          where: { id: farmId },
          data: { queuedParts: { increment: seed.quantity } },
        });
      }
    });
  }
}
