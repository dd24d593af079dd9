// A worker process SIGKILLed between a card capture and its ledger write: Stripe has taken the money,
// the platform has not written it down. The next worker retries the capture under the same
// Idempotency-Key (Stripe answers what it did the first time) and writes the ledger once.
import { hostname } from 'node:os';
import { cachedBalanceDrift, payeeBalances, post, trialBalance } from '@printfarm/db/ledger';
import { commissionFor, createPayment, moneyTerms } from '@printfarm/db/payments/flow';
import { post as rules } from '@printfarm/domain/ledger';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPrisma, type PrismaClient } from '../../db/src/index.ts';
import { createQueueRegistry, type QueueRegistry, recordJob } from '../../db/src/outbox/index.ts';
import { createRedis } from '../../db/src/redis.ts';
import { createUser } from '../../ops/fixtures/auth.ts';
import { testEnv } from '../support/env.ts';
import { createDraftRequest, createFarm, routeToFarm } from '../support/marketplace.ts';
import { killLaunched, launchWorkers, processEnv } from '../support/processes.ts';
import { eventually } from '../support/server.ts';
import { type StripeRecorder, startStripeRecorder } from '../support/stripeRecorder.ts';

const SECRET_KEY = 'sk_test_capture_kill';
const PRICE = '18.40';
const PRICE_CENTS = 1840;

describe('a worker killed between the capture and the ledger write', () => {
  let prisma: PrismaClient;
  let queues: QueueRegistry;
  let redis: ReturnType<typeof createRedis>;
  let recorder: StripeRecorder;
  let env: Record<string, string>;

  beforeAll(async () => {
    const test = await testEnv();
    prisma = createPrisma(test.databaseUrl, { maxConnections: 3 });
    redis = createRedis(test.redisUrl);
    queues = createQueueRegistry(redis, test.queuePrefix);
    recorder = await startStripeRecorder();
    // A short lock, so the survivor takes the job over within seconds rather than 30 s.
    env = await processEnv({
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: 'whsec_capture_kill',
      STRIPE_API_URL: recorder.url,
      JOB_LOCK_MS: '2000',
    });
  });
  afterEach(killLaunched);
  afterAll(async () => {
    await queues?.close();
    redis?.disconnect();
    await recorder?.close();
    await prisma?.$disconnect();
  });

  /**
   * A job the farm accepted, paid by a card held at the recorder (its intent requires capture): the
   * payment as the webhook's recordAuthorized leaves it, the hold on the ledger. (Not recordAuthorized
   * itself: its payment.secured would find the request past 'ordered' and give the money back.)
   */
  async function acceptedJobPaidByCard() {
    const customer = await createUser(prisma);
    const farm = await createFarm(prisma, { zip: '78701' });
    const draft = await createDraftRequest(prisma, customer.id, { zip: '78701' });
    const { offer, job } = await routeToFarm(prisma, draft.id, farm.id, { price: PRICE });
    const commissionCents = commissionFor(PRICE_CENTS, await moneyTerms(prisma));
    await prisma.printJob.update({ where: { id: job.id }, data: { state: 'accepted', commissionCents } });
    await prisma.customPrintRequest.update({ where: { id: draft.id }, data: { status: 'accepted' } });
    const asked = await prisma.$transaction((tx) =>
      createPayment(tx, {
        provider: 'stripe',
        purpose: 'request',
        amountCents: PRICE_CENTS,
        payer: { userId: customer.id, name: 'Casey Customer', email: customer.email },
        requestId: draft.id,
        offerId: offer.id,
        jobId: job.id,
      }),
    );
    // Paid on Stripe's Checkout page: the card is held by the intent it made.
    const providerRef = recorder.holdCard(asked).id;
    const payment = await prisma.$transaction(async (tx) => {
      await post(tx, {
        kind: 'authorized',
        memo: `Card authorised for ${asked.reference}`,
        key: `authorized:${asked.id}`,
        entries: rules.authorized(PRICE_CENTS),
        refs: { paymentId: asked.id, jobId: job.id },
      });
      return tx.payment.update({
        where: { id: asked.id },
        data: { providerRef, status: 'authorized', securedAt: new Date() },
      });
    });
    return { payment, job: { ...job, commissionCents }, farm };
  }

  it('the payment is captured once and written once by the surviving worker', {
    timeout: 120_000,
  }, async () => {
    const { payment, job, farm } = await acceptedJobPaidByCard();
    const intentId = payment.providerRef as string;
    const held = recorder.holdNext('/capture');
    const doomed = await launchWorkers(env);
    const eventId = await prisma.$transaction((tx) =>
      recordJob(tx, 'payment.capture', { paymentId: payment.id }),
    );

    // Stripe has captured; the worker waits for the answer, the ledger has nothing yet.
    const firstCall = await Promise.race([
      held.reached,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error(`no capture reached the recorder\n${doomed.output()}`)), 30_000),
      ),
    ]);
    expect(recorder.intents.get(intentId)).toMatchObject({ status: 'succeeded', amount_received: 1840 });
    await doomed.kill();
    held.release();
    expect(await prisma.ledgerTransaction.count({ where: { paymentId: payment.id } })).toBe(1);
    expect((await prisma.payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe('authorized');

    const survivor = await launchWorkers(env);
    const finished = await eventually(async () => {
      const found = await queues.get('payment.capture').getJob(eventId);
      return found?.finishedOn ? found : undefined;
    }, 45_000);
    expect(finished.failedReason).toBeFalsy();
    expect(finished.returnvalue).toBe('done');
    expect(finished.processedBy).toBe(`${hostname()}:${survivor.child.pid}`);

    const captures = recorder.calls.filter((call) => call.path === `/v1/payment_intents/${intentId}/capture`);
    expect(captures).toHaveLength(2);
    expect(captures[0]).toEqual(firstCall);
    for (const call of captures) {
      expect(call.idempotencyKey).toBe(`capture:${payment.id}`);
      expect(call.body).toEqual({ amount_to_capture: '1840' });
    }

    const shareCents = PRICE_CENTS - job.commissionCents;
    expect(await prisma.payment.findUniqueOrThrow({ where: { id: payment.id } })).toMatchObject({
      status: 'captured',
      capturedCents: PRICE_CENTS,
      shareCents,
      refundedCents: 0,
    });
    expect(await prisma.ledgerTransaction.count({ where: { idempotencyKey: `capture:${payment.id}` } })).toBe(
      1,
    );
    const kinds = await prisma.ledgerTransaction.findMany({
      where: { paymentId: payment.id },
      select: { kind: true },
      orderBy: { kind: 'asc' },
    });
    expect(kinds.map((row) => row.kind)).toEqual(['authorized', 'captured', 'hold.released', 'received']);
    const owed = await payeeBalances(prisma, { kind: 'farm', id: farm.id });
    expect(owed.pendingCents).toBe(shareCents);
    expect(Math.abs(owed.availableCents) + Math.abs(owed.inPayoutCents)).toBe(0); // payeeBalances says -0
    expect((await trialBalance(prisma)).balanceCents).toBe(0);
    expect(await cachedBalanceDrift(prisma)).toEqual([]);
  });
});
