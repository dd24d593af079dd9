// Platform settings that staff change on /admin/settings and the product reads (issue 11): the
// application follow-up delay, closing farm signups, the job answer deadline and the membership fees.
import { routeResponseMs } from '@printfarm/db/requests/responseTime';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { call } from '../support/marketplace.ts';
import { validSignup } from '../support/printFarmsFixtures.ts';
import { useServerSuite } from '../support/server.ts';

describe('platform settings the product reads', () => {
  // No APPLICATION_FOLLOWUP_DELAY_MS here: the setting itself must decide.
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' } });
  let staffCookie: string;
  let customerCookie: string;
  const url = (path: string) => `${server.api.url}${path}`;

  beforeAll(async () => {
    const staff = await createUser(server.api.prisma, { role: 'staff' });
    const customer = await createUser(server.api.prisma);
    staffCookie = await signIn(server.api.url, staff.email, staff.password);
    customerCookie = await signIn(server.api.url, customer.email, customer.password);
  });

  async function saveSystem(values: Record<string, unknown>) {
    const saved = await call(url('/api/admin/settings/system'), staffCookie, 'PUT', {
      routeResponseHours: 24,
      applicationFollowUpHours: 48,
      acceptingFarmSignups: true,
      ...values,
    });
    expect(saved.status).toBe(200);
  }

  it('schedules the application follow-up after system.applicationFollowUpHours', async () => {
    await saveSystem({ applicationFollowUpHours: 5 });
    const before = Date.now();
    const applied = await call(url('/api/applications'), '', 'POST', {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: `ada-${before}@example.test`,
      phone: '512-555-0147',
      city: 'Austin',
      state: 'TX',
    });
    expect(applied.status).toBe(201);
    const followup = await server.api.prisma.outboxEvent.findFirstOrThrow({
      where: {
        job: 'application.followup',
        payload: { path: ['applicationId'], equals: String(applied.body.id) },
      },
    });
    const delay = followup.runAt.getTime() - before;
    expect(delay).toBeGreaterThan(5 * 3_600_000 - 60_000);
    expect(delay).toBeLessThan(5 * 3_600_000 + 60_000);
  });

  it('closes farm signups, in the API and for the form, with a clear message', async () => {
    await saveSystem({ acceptingFarmSignups: false });
    const status = await call<{ accepting: boolean; message: string }>(url('/api/print-farms/signup'), '');
    expect(status.body.accepting).toBe(false);
    const farmsBefore = await server.api.prisma.printFarm.count();
    const refused = await call<{ message: string }>(
      url('/api/print-farms/signup'),
      '',
      'POST',
      validSignup(),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(status.body.message);
    expect(refused.body.message).toContain('not accepting new print farms');
    expect(await server.api.prisma.printFarm.count()).toBe(farmsBefore);

    await saveSystem({ acceptingFarmSignups: true });
    expect((await call<{ accepting: boolean }>(url('/api/print-farms/signup'), '')).body.accepting).toBe(
      true,
    );
    expect((await call(url('/api/print-farms/signup'), '', 'POST', validSignup())).status).toBe(201);
  });

  it('gives farms system.routeResponseHours to answer a job', async () => {
    await saveSystem({ routeResponseHours: 6 });
    expect(await routeResponseMs(server.api.prisma)).toBe(6 * 3_600_000);
    // A test override wins over the setting.
    expect(await routeResponseMs(server.api.prisma, 1_500)).toBe(1_500);
  });

  it('shows the fees staff set on the membership card', async () => {
    const saved = await call(url('/api/admin/settings/payments'), staffCookie, 'PUT', {
      monthlyFee: '19.00',
      signupFee: '600.00',
      paymentInstructions: '',
    });
    expect(saved.status).toBe(200);
    const card = await call<{ monthlyFee: string; signupFee: string; farms: unknown[] }>(
      url('/api/membership'),
      customerCookie,
    );
    expect(card.body).toMatchObject({ monthlyFee: '19.00', signupFee: '600.00', farms: [] });
  });
});
