// Who owns a print farm and who may change it: signing up while signed in, claiming an anonymous
// signup through the e-mailed link, the operator's own list, and the staff list and edit.
import { describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { emailsTo } from '../support/maildev.ts';
import { postSignup, validSignup } from '../support/printFarmsFixtures.ts';
import { eventually, type TestApi, useServerSuite } from '../support/server.ts';

async function get(api: TestApi, path: string, cookie?: string) {
  return fetch(`${api.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
}

async function put(api: TestApi, path: string, body: unknown, cookie?: string) {
  const response = await fetch(`${api.url}${path}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** The path and query of the claim link in the signup e-mail sent to this address. */
async function claimLinkFor(address: string): Promise<string> {
  const [mail] = await eventually(async () => {
    const found = await emailsTo(address);
    return found.length > 0 ? found : undefined;
  });
  const match = /https?:\/\/\S+(\/api\/print-farms\/claim\?token=[\w-]+)/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no claim link in: ${mail?.text}`);
  return match[1];
}

describe('print farm ownership', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' }, workers: true });

  it('gives a farm signed up while signed in to that user and makes them an operator', async () => {
    const user = await createUser(server.api.prisma);
    const cookie = await signIn(server.api.url, user.email, user.password);
    const input = validSignup();
    const { status, body } = await postSignup(server.api, input, cookie);
    expect(status).toBe(201);
    const farm = await server.api.prisma.printFarm.findUniqueOrThrow({
      where: { id: String(body.id) },
      include: { claims: true },
    });
    expect(farm.userId).toBe(user.id);
    expect(farm.claims).toHaveLength(0);
    expect((await server.api.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).role).toBe(
      'operator',
    );

    const mine = (await (await get(server.api, '/api/my/print-farms', cookie)).json()) as Record<
      string,
      unknown
    >[];
    expect(mine.map((item) => item.id)).toEqual([farm.id]);
    expect(mine[0]).toMatchObject({
      contactEmail: input.contactEmail,
      fullStreetAddress: '1200 Congress Ave',
    });

    const [mail] = await eventually(async () => {
      const found = await emailsTo(input.contactEmail);
      return found.length > 0 ? found : undefined;
    });
    expect(mail?.text).not.toContain('/api/print-farms/claim');
  });

  it('lets the account of the contact e-mail claim an anonymous signup through the e-mailed link', async () => {
    const input = validSignup();
    const { status, body } = await postSignup(server.api, input);
    expect(status).toBe(201);
    const link = await claimLinkFor(input.contactEmail);

    // Not signed in: off to sign in, coming back to the same link.
    const anonymous = await get(server.api, link);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe(`/api/login?next=${encodeURIComponent(link)}`);

    // Someone else's account may not take it.
    const stranger = await createUser(server.api.prisma);
    const strangerCookie = await signIn(server.api.url, stranger.email, stranger.password);
    const refused = await get(server.api, link, strangerCookie);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toMatch(/different contact e-mail/);
    expect(
      (await server.api.prisma.printFarm.findUniqueOrThrow({ where: { id: String(body.id) } })).userId,
    ).toBeNull();

    // The contact's own account (e-mail compared without case) claims it.
    const owner = await createUser(server.api.prisma, { email: input.contactEmail.toUpperCase() });
    const cookie = await signIn(server.api.url, owner.email, owner.password);
    const claimed = await get(server.api, link, cookie);
    expect(claimed.status).toBe(302);
    expect(claimed.headers.get('location')).toBe(`/operator?farmId=${body.id}&claimed=1`);
    const farm = await server.api.prisma.printFarm.findUniqueOrThrow({
      where: { id: String(body.id) },
      include: { claims: true },
    });
    expect(farm.userId).toBe(owner.id);
    expect(farm.claims[0]?.usedAt).not.toBeNull();
    expect(farm.claims[0]?.claimedByUserId).toBe(owner.id);
    expect((await server.api.prisma.user.findUniqueOrThrow({ where: { id: owner.id } })).role).toBe(
      'operator',
    );

    // Opening it again is harmless for the owner; for anyone else the link is spent.
    expect((await get(server.api, link, cookie)).status).toBe(302);
    expect((await get(server.api, link, strangerCookie)).status).toBe(410);
  });

  it('refuses expired and unknown claim links', async () => {
    const input = validSignup();
    const { body } = await postSignup(server.api, input);
    const link = await claimLinkFor(input.contactEmail);
    await server.api.prisma.farmClaim.updateMany({
      where: { farmId: String(body.id) },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const owner = await createUser(server.api.prisma, { email: input.contactEmail });
    const cookie = await signIn(server.api.url, owner.email, owner.password);
    const expired = await get(server.api, link, cookie);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { message: string }).message).toMatch(/expired/);
    const unknown = await get(server.api, `/api/print-farms/claim?token=${'a'.repeat(43)}`, cookie);
    expect(unknown.status).toBe(404);
    const missing = await get(server.api, '/api/print-farms/claim', cookie);
    expect(missing.status).toBe(400);
    expect(
      (await server.api.prisma.printFarm.findUniqueOrThrow({ where: { id: String(body.id) } })).userId,
    ).toBeNull();
  });

  it('shows staff every farm with its geocode status, and no one else', async () => {
    const { body } = await postSignup(server.api, validSignup({ zipCode: '00002' }));
    await eventually(async () => {
      const row = await server.api.prisma.printFarm.findUniqueOrThrow({ where: { id: String(body.id) } });
      return row.geocodeStatus === 'not_found';
    });
    const staff = await createUser(server.api.prisma, { role: 'staff' });
    const staffCookie = await signIn(server.api.url, staff.email, staff.password);
    const response = await get(server.api, '/api/admin/print-farms', staffCookie);
    expect(response.status).toBe(200);
    const farms = (await response.json()) as Record<string, unknown>[];
    const farm = farms.find((item) => item.id === body.id);
    expect(farm).toMatchObject({
      geocodeStatus: 'not_found',
      monthlyFee: '15.00',
      signupFee: '750.00',
      isPaidMember: false,
      contactName: 'Ada Lovelace',
    });
    expect(String(farm?.geocodeError)).toContain('00002');
    for (const key of ['description', 'contactEmail', 'contactPhone', 'customWebsite', 'totalPrinterCount']) {
      expect(farm).toHaveProperty(key);
    }
    expect(farm?.printerInventory).toEqual([
      { technology: 'FFF/FDM', brand: 'Bambu Lab', model: 'X1 Carbon', count: 6 },
      { technology: 'SLA/Resin', brand: 'Formlabs', model: 'Form 4', count: 2 },
    ]);

    expect((await get(server.api, '/api/admin/print-farms')).status).toBe(401);
    const customer = await createUser(server.api.prisma);
    expect(
      (await get(server.api, '/api/admin/print-farms', await signIn(server.api.url, customer.email))).status,
    ).toBe(403);
    const operator = await createUser(server.api.prisma, { role: 'operator' });
    expect(
      (await get(server.api, '/api/admin/print-farms', await signIn(server.api.url, operator.email))).status,
    ).toBe(403);
  });

  it('lets staff fix a farm: an address change geocodes it again; bad input writes nothing', async () => {
    const { body } = await postSignup(server.api, validSignup({ zipCode: '00003' }));
    const id = String(body.id);
    await eventually(async () => {
      const row = await server.api.prisma.printFarm.findUniqueOrThrow({ where: { id } });
      return row.geocodeStatus === 'not_found';
    });
    const staff = await createUser(server.api.prisma, { role: 'staff' });
    const cookie = await signIn(server.api.url, staff.email, staff.password);

    const before = await server.api.prisma.printFarm.findUniqueOrThrow({ where: { id } });
    const bad = await put(
      server.api,
      `/api/admin/print-farms/${id}`,
      { contactEmail: 'nope', monthlyFee: -3 },
      cookie,
    );
    expect(bad.status).toBe(400);
    const fields = bad.body.fields as Record<string, string>;
    expect(fields.contactEmail).toBe('Valid email address is required');
    expect(fields.monthlyFee).toMatch(/Monthly fee must be an amount/);
    expect((await server.api.prisma.printFarm.findUniqueOrThrow({ where: { id } })).updatedAt).toEqual(
      before.updatedAt,
    );

    const operator = await createUser(server.api.prisma, { role: 'operator' });
    const refused = await put(
      server.api,
      `/api/admin/print-farms/${id}`,
      { isPaidMember: true },
      await signIn(server.api.url, operator.email),
    );
    expect(refused.status).toBe(403);

    const saved = await put(
      server.api,
      `/api/admin/print-farms/${id}`,
      {
        displayName: before.displayName,
        contactName: 'Grace Hopper',
        contactEmail: before.contactEmail,
        contactPhone: before.contactPhone,
        streetName: 'Pike St',
        city: 'Seattle',
        state: 'wa',
        zipCode: '98101',
        website: '',
        description: 'Fixed the ZIP code',
        isPaidMember: true,
        customWebsite: 'shop.example.com',
        monthlyFee: '20.5',
        signupFee: 500,
      },
      cookie,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      contactName: 'Grace Hopper',
      city: 'Seattle',
      state: 'WA',
      zipCode: '98101',
      website: null,
      customWebsite: 'https://shop.example.com',
      isPaidMember: true,
      monthlyFee: '20.50',
      signupFee: '500.00',
      geocodeStatus: 'pending',
      geocodeError: null,
    });
    const located = await eventually(async () => {
      const row = await server.api.prisma.printFarm.findUniqueOrThrow({ where: { id } });
      return row.geocodeStatus === 'located' ? row : undefined;
    });
    expect(located.latitude).toBeCloseTo(47.6, 0);
    expect(located.location).toBe('Seattle, WA');

    const missing = await put(
      server.api,
      '/api/admin/print-farms/00000000-0000-4000-8000-000000000000',
      {},
      cookie,
    );
    expect(missing.status).toBe(404);
  });
});
