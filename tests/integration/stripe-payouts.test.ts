// Stripe payouts to farms and stores: the operator sets up a Stripe Connect (Express) account from the
// earnings screen (one account per payee, however often they start), Stripe's account.updated says when
// it can take transfers, and only then does payout.send transfer the weekly statement to it. The SDK's
// calls go to a local recorder at its configurable host, and the webhook's events are signed with the
// SDK's own test-header helper: this is not Stripe itself. With bank transfers there is nothing to set up.
import { randomUUID } from 'node:crypto';
import { post } from '@printfarm/db/ledger';
import { statePayout } from '@printfarm/db/payments/payouts';
import { type Payee, post as rules } from '@printfarm/domain/ledger';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { payoutSend } from '../../workers/src/jobs/payoutSend.ts';
import { call, createOperatorFarm } from '../support/marketplace.ts';
import { eventually, useServerSuite } from '../support/server.ts';
import { deliverStripeEvent } from '../support/stripeEvents.ts';
import { startStripeRecorder } from '../support/stripeRecorder.ts';

const WEBHOOK_SECRET = 'whsec_test_payouts';
const recorder = await startStripeRecorder();
afterAll(() => recorder.close());
const stripeEnv = {
  STRIPE_SECRET_KEY: 'sk_test_payouts',
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: recorder.url,
};

interface Earnings {
  payoutAccounts: { kind: 'farm' | 'store'; id: string; name: string; state: string }[];
}

describe('Stripe payouts', () => {
  const server = useServerSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true', ...stripeEnv },
    workers: { env: stripeEnv },
  });
  const prisma = () => server.api.prisma;
  const url = (path: string) => `${server.api.url}${path}`;
  let owner: Awaited<ReturnType<typeof createOperatorFarm>>;
  let other: Awaited<ReturnType<typeof createOperatorFarm>>;

  beforeAll(async () => {
    owner = await createOperatorFarm(prisma(), server.api.url, { zip: '78701', name: 'Payout Prints' });
    other = await createOperatorFarm(prisma(), server.api.url, { zip: '78702', name: 'Other Prints' });
  });

  const setUp = (cookie: string, body: unknown) =>
    call<{ url: string; message?: string; fields?: Record<string, string> }>(
      url('/api/operator/payouts/stripe'),
      cookie,
      'POST',
      body,
    );
  const stateOfFarm = async () =>
    (await call<Earnings>(url('/api/operator/earnings'), owner.cookie)).body.payoutAccounts.find(
      (account) => account.id === owner.farm.id,
    )?.state;

  const payoutSendJobOf = async (payoutId: string) => {
    const event = await prisma().outboxEvent.findFirst({
      where: { job: 'payout.send', payload: { path: ['payoutId'], equals: payoutId } },
    });
    return event ? server.api.queues.get('payout.send').getJob(event.id) : undefined;
  };

  const accountUpdated = (accountId: string, ready: boolean) =>
    deliverStripeEvent(server.api.url, WEBHOOK_SECRET, 'account.updated', {
      id: accountId,
      object: 'account',
      type: 'express',
      details_submitted: ready,
      payouts_enabled: ready,
      charges_enabled: false,
      capabilities: { transfers: ready ? 'active' : 'inactive' },
    });

  it('makes one Express account per farm and a fresh onboarding link at each start', async () => {
    expect(await stateOfFarm()).toBe('not_set_up');
    const first = await setUp(owner.cookie, { farmId: owner.farm.id });
    expect(first.status).toBe(200);
    expect(first.body.url).toMatch(new RegExp(`^${recorder.url}/setup/e/acct_`));
    const created = recorder.calls.filter((each) => each.method === 'POST' && each.path === '/v1/accounts');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      idempotencyKey: `account:farm:${owner.farm.id}`,
      body: {
        type: 'express',
        country: 'US',
        'business_profile[name]': 'Payout Prints',
        'capabilities[transfers][requested]': 'true',
        'metadata[payee]': `farm:${owner.farm.id}`,
      },
    });
    const farm = await prisma().printFarm.findUniqueOrThrow({ where: { id: owner.farm.id } });
    expect(farm.stripeAccountId).toMatch(/^acct_/);
    const link = recorder.calls.find((each) => each.path === '/v1/account_links');
    expect(link?.body).toMatchObject({ account: farm.stripeAccountId, type: 'account_onboarding' });
    // Back from Stripe (done, or the link expired), the operator lands on the earnings screen.
    expect(link?.body.return_url).toMatch(/^https?:\/\/[^/]+\/operator\/earnings\?payouts=stripe$/);
    expect(link?.body.refresh_url).toBe(link?.body.return_url);
    expect(await stateOfFarm()).toBe('incomplete');

    // Started again (the link expired, or the operator left): the same account, a new link.
    const again = await setUp(owner.cookie, { farmId: owner.farm.id });
    expect(again.status).toBe(200);
    expect(recorder.calls.filter((each) => each.path === '/v1/accounts')).toHaveLength(1);
    expect(recorder.calls.filter((each) => each.path === '/v1/account_links')).toHaveLength(2);
  });

  it('refuses another operator’s farm and a request naming no payee, making no account', async () => {
    const before = recorder.calls.length;
    expect((await setUp(other.cookie, { farmId: owner.farm.id })).status).toBe(404);
    const neither = await setUp(owner.cookie, {});
    expect(neither.status).toBe(400);
    expect(neither.body.fields?.farmId).toBe('Choose the farm or the store to be paid');
    const both = await setUp(owner.cookie, { farmId: owner.farm.id, storeId: randomUUID() });
    expect(both.status).toBe(400);
    expect((await setUp(owner.cookie, { farmId: 'not-a-farm' })).body.fields?.farmId).toBe('Invalid farm');
    expect(recorder.calls.length).toBe(before);
  });

  it('pays a weekly statement by transfer only once Stripe says the account can take it', async () => {
    const farm = await prisma().printFarm.findUniqueOrThrow({ where: { id: owner.farm.id } });
    const accountId = farm.stripeAccountId as string;
    const payee: Payee = { kind: 'farm', id: farm.id };
    const key = randomUUID();
    const payout = await prisma().$transaction(async (tx) => {
      await post(tx, { kind: 'received', memo: 't', key: `t-r:${key}`, entries: rules.received(3000) });
      await post(tx, {
        kind: 'captured',
        memo: 't',
        key: `t-c:${key}`,
        entries: rules.earned(3000, payee, 2700),
      });
      await post(tx, {
        kind: 'released',
        memo: 't',
        key: `t-l:${key}`,
        entries: rules.released(payee, 2700),
      });
      return statePayout(tx, payee, 'stripe');
    });
    if (!payout) throw new Error('no payout');

    // Onboarding not finished: the workers' own payout.send (recorded with the statement) leaves it
    // for staff, and nothing is transferred. Waiting for that run also keeps it from racing the
    // account.updated below.
    await eventually(async () => {
      const job = await payoutSendJobOf(payout.id);
      return (await job?.isCompleted()) && job?.returnvalue === 'skipped';
    });
    expect(recorder.calls.some((each) => each.path === '/v1/transfers')).toBe(false);
    expect((await prisma().payout.findUniqueOrThrow({ where: { id: payout.id } })).status).toBe('pending');

    // Once the account can take transfers, the statement is Stripe's to send: staff are not offered it,
    // and marking it sent by hand (money sent twice) is refused.
    await prisma().printFarm.update({ where: { id: farm.id }, data: { stripePayoutsEnabled: true } });
    const staff = await createUser(prisma(), { role: 'staff' });
    const staffCookie = await signIn(server.api.url, staff.email, staff.password);
    const desk = await call<{ payouts: { id: string; throughStripe: boolean }[] }>(
      url('/api/admin/payments'),
      staffCookie,
    );
    expect(desk.body.payouts.find((each) => each.id === payout.id)?.throughStripe).toBe(true);
    const byHand = await call<{ message: string }>(
      url(`/api/admin/payouts/${payout.id}/sent`),
      staffCookie,
      'POST',
    );
    expect([byHand.status, byHand.body.message]).toEqual([
      409,
      "This payout goes to Payout Prints's Stripe account, which sends it: do not send it by hand",
    ]);
    expect((await prisma().payout.findUniqueOrThrow({ where: { id: payout.id } })).status).toBe('pending');

    expect((await accountUpdated(accountId, true)).status).toBe(200);
    expect(await stateOfFarm()).toBe('ready');
    // The webhook hands the waiting statement back to the workers, and they transfer it; a retry
    // afterwards finds it sent.
    await eventually(async () => {
      const now = await prisma().payout.findUniqueOrThrow({ where: { id: payout.id } });
      return now.status === 'sent';
    });
    expect(await payoutSend({ payoutId: payout.id }, server.workers.jobContext())).toBe('skipped');
    const transfers = recorder.calls.filter((each) => each.path === '/v1/transfers');
    expect(transfers.map((each) => [each.body.destination, each.body.amount, each.idempotencyKey])).toEqual([
      [accountId, '2700', `payout:${payout.id}`],
    ]);

    // Stripe takes transfers away again (say, a document expired): back to waiting for the operator.
    expect((await accountUpdated(accountId, false)).status).toBe(200);
    expect(await stateOfFarm()).toBe('incomplete');
  });
});

describe('payouts by bank transfer', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' } });

  it('has no Stripe account to set up', async () => {
    const owner = await createOperatorFarm(server.api.prisma, server.api.url, { zip: '78701' });
    const answer = await call<{ message: string }>(
      `${server.api.url}/api/operator/payouts/stripe`,
      owner.cookie,
      'POST',
      { farmId: owner.farm.id },
    );
    expect(answer.status).toBe(409);
    expect(answer.body.message).toBe(
      'Payouts are sent by bank transfer; there is no Stripe account to set up',
    );
    const earnings = await call<Earnings>(`${server.api.url}/api/operator/earnings`, owner.cookie);
    expect(earnings.body.payoutAccounts).toEqual([
      { kind: 'farm', id: owner.farm.id, name: owner.farm.displayName, state: 'bank_transfer' },
    ]);
  });
});
