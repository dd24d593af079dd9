// The demo customer's requests, each at a different point of the marketplace flow and held by one of
// the demo operator's farms: one waiting for the operator's answer (a new job in their inbox), one
// printing at 65 %, one delivered and waiting for the customer's rating (with a claim the farm answered
// with a reprint), and older ones delivered weeks ago. Each is paid for by bank transfer, with its
// ledger history: the money received, captured when the farm accepted, released after the claims
// window, and one weekly payout sent. So the earnings, the ledger and staff's payments screen have
// something in them from the first `npm start`.
import type { Prisma, PrismaClient } from '@printfarm/db';
import { post } from '@printfarm/db/ledger';
import { recordJob } from '@printfarm/db/outbox';
import { createPayment } from '@printfarm/db/payments/flow';
import { recomputeFarmScorecard } from '@printfarm/db/requests/scorecard';
import { commissionCents, post as rules } from '@printfarm/domain/ledger';
import { parseCents } from '@printfarm/domain/money';
import { DEFAULT_PRINT_SETTINGS } from '@printfarm/domain/printSettings';
import zipcodes from 'zipcodes';

const DAY_MS = 86_400_000;
const AUSTIN = { street: '500 Congress Ave', city: 'Austin', state: 'TX', zipCode: '78701', country: 'US' };

interface SeedRequest {
  title: string;
  status: 'ordered' | 'printing' | 'completed';
  /** Where its money is: secured (the farm has not answered), captured, or released to the farm. */
  money: 'secured' | 'captured' | 'released';
  claim?: { reason: string; details: string; answer: string };
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
      money: 'secured',
      quantity: 4,
      price: '18.40',
      history: ['draft', 'quoting', 'quoted', 'ordered'],
      job: { state: 'offered', offeredAt: new Date(now - 3_600_000) },
    },
    {
      title: 'Drone camera mount v3',
      status: 'printing',
      money: 'captured',
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
      money: 'captured',
      claim: {
        reason: 'defective',
        details: 'One of the card trays has a split layer along the long wall.',
        answer:
          'Sorry about that: we are reprinting the tray with a thicker wall and will ship it this week.',
      },
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
    ...(
      [
        ['Cable clips (set of 20)', '16.80', 30],
        ['Planter drip tray', '27.40', 24],
        ['Raspberry Pi 5 case', '22.10', 17],
        ['Camera lens cap', '12.60', 12],
      ] as const
    ).map(
      ([title, price, daysAgo]): SeedRequest => ({
        title,
        status: 'completed',
        money: 'released',
        quantity: 1,
        price,
        history: ['draft', 'quoting', 'quoted', 'ordered', 'accepted', 'printing', 'shipped', 'completed'],
        job: {
          state: 'delivered',
          progressPercent: 100,
          offeredAt: new Date(now - daysAgo * DAY_MS - 10_800_000),
          respondedAt: new Date(now - daysAgo * DAY_MS),
          startedAt: new Date(now - (daysAgo - 1) * DAY_MS),
          shippedAt: new Date(now - (daysAgo - 2) * DAY_MS),
          deliveredAt: new Date(now - (daysAgo - 4) * DAY_MS),
          closedAt: new Date(now - (daysAgo - 4) * DAY_MS),
          claimsCloseAt: new Date(now - (daysAgo - 11) * DAY_MS),
          releasedAt: new Date(now - (daysAgo - 11) * DAY_MS),
          carrier: 'USPS',
          trackingNumber: '9400111899223197428490',
        },
      }),
    ),
  ];
  const customer = await prisma.user.findUniqueOrThrow({ where: { id: customerId } });
  const released: { farmId: string; cents: number }[] = [];
  for (const [i, seed] of requests.entries()) {
    const farmId = farmIds[i === 2 ? 1 : 0];
    const cents = parseCents(seed.price) ?? 0;
    const commission = commissionCents(cents, 10, 100);
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
          commissionCents: commission,
          ...(seed.job.deliveredAt && !seed.job.claimsCloseAt
            ? { claimsCloseAt: new Date(new Date(seed.job.deliveredAt).valueOf() + 7 * DAY_MS) }
            : {}),
          ...seed.job,
        },
      });
      const share = await seedPayment(tx, {
        request,
        job,
        offerId: offer.id,
        customer,
        cents,
        commission,
        seed,
      });
      if (seed.money === 'released') released.push({ farmId, cents: share });
      if (seed.claim) {
        await tx.jobClaim.create({
          data: {
            requestId: request.id,
            jobId: job.id,
            farmId,
            userId: customerId,
            reason: seed.claim.reason,
            details: seed.claim.details,
            status: 'reprint',
            answer: seed.claim.answer,
            answeredAt: new Date(now - 3_600_000),
          },
        });
      }
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
  await seedPayout(prisma, released);
}

/** The request's payment by bank transfer and its ledger history up to where the seed left the job. */
async function seedPayment(
  tx: Prisma.TransactionClient,
  {
    request,
    job,
    offerId,
    customer,
    cents,
    commission,
    seed,
  }: {
    request: { id: string };
    job: { id: string; farmId: string; offeredAt: Date; releasedAt: Date | null };
    offerId: string;
    customer: { id: string; email: string | null; firstName: string | null; lastName: string | null };
    cents: number;
    commission: number;
    seed: SeedRequest;
  },
): Promise<number> {
  const payee = { kind: 'farm' as const, id: job.farmId };
  const payment = await createPayment(tx, {
    provider: 'invoice',
    purpose: 'request',
    amountCents: cents,
    payer: {
      userId: customer.id,
      name: [customer.firstName, customer.lastName].filter(Boolean).join(' ') || 'Demo Customer',
      email: customer.email ?? 'customer@demo.test',
    },
    requestId: request.id,
    offerId,
    jobId: job.id,
  });
  const refs = { paymentId: payment.id, jobId: job.id, farmId: job.farmId };
  await post(tx, {
    kind: 'received',
    memo: `Received ${payment.reference} (seed)`,
    key: `received:${payment.id}:seed`,
    entries: rules.received(cents),
    refs,
  });
  const share = cents - commission;
  if (seed.money !== 'secured') {
    await post(tx, {
      kind: 'captured',
      memo: `Captured ${payment.reference}`,
      key: `capture:${payment.id}`,
      entries: rules.earned(cents, payee, share),
      refs,
    });
  }
  if (seed.money === 'released') {
    await post(tx, {
      kind: 'released',
      memo: 'Claims window closed: the share is available for the next payout',
      key: `release:${job.id}`,
      entries: rules.released(payee, share),
      refs,
    });
  }
  await tx.payment.update({
    where: { id: payment.id },
    data: {
      status: seed.money === 'secured' ? 'authorized' : 'captured',
      receivedCents: cents,
      // Asked for when the customer accepted, not when the seed ran.
      createdAt: new Date(job.offeredAt.valueOf() - 600_000),
      securedAt: job.offeredAt,
      ...(seed.money === 'secured'
        ? {}
        : { capturedCents: cents, shareCents: share, capturedAt: job.offeredAt }),
    },
  });
  return share;
}

/** Last week's payout, stated and sent, of the farm's released jobs (its statement lists them). */
async function seedPayout(prisma: PrismaClient, released: { farmId: string; cents: number }[]) {
  const farmId = released[0]?.farmId;
  if (!farmId) return;
  const cents = released.filter((job) => job.farmId === farmId).reduce((sum, job) => sum + job.cents, 0);
  const payee = { kind: 'farm' as const, id: farmId };
  await prisma.$transaction(async (tx) => {
    const payout = await tx.payout.create({
      data: {
        farmId,
        amountCents: cents,
        provider: 'invoice',
        status: 'sent',
        sentAt: new Date(),
      },
    });
    const refs = { payoutId: payout.id, farmId };
    const steps = [
      { kind: 'payout.stated', memo: 'Weekly payout statement', entries: rules.payoutStated(payee, cents) },
      { kind: 'payout.sent', memo: 'Payout sent by staff', entries: rules.payoutSent(payee, cents) },
    ] as const;
    for (const step of steps) {
      await post(tx, { ...step, key: `${step.kind.replace('.', '-')}:${payout.id}`, refs });
    }
  });
}
