// Print-farm signup through the real API and workers: every signup rule, the one-transaction outbox,
// geocoding (offline ZIP table), the confirmation e-mail, the public list's fields and the network figures.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emailsTo } from '../support/maildev.ts';
import { outboxMailsTo } from '../support/outboxMail.ts';
import { geocodeJobOf, postSignup, validSignup } from '../support/printFarmsFixtures.ts';
import { eventually, type TestApi, useServerSuite } from '../support/server.ts';

const PUBLIC_KEYS = [
  'id',
  'displayName',
  'streetName',
  'city',
  'state',
  'zipCode',
  'printerCount',
  'capacity',
  'printerTypes',
  'website',
  'wantsOrderingLink',
  'assignedOrderingLink',
  'coordinates',
].sort();

async function counts(api: TestApi) {
  const [farms, capabilities, events, claims, printers] = await Promise.all([
    api.prisma.printFarm.count(),
    api.prisma.printFarmCapability.count(),
    api.prisma.outboxEvent.count(),
    api.prisma.farmClaim.count(),
    api.prisma.printer.count(),
  ]);
  return { farms, capabilities, events, claims, printers };
}

/** `entries` inventory lines of `count` Prusa printers each. */
const inventoryOf = (entries: number, count: number) =>
  Array.from({ length: entries }, () => ({ technology: 'FFF/FDM', brand: 'Prusa', model: 'MK4', count }));

describe('POST /api/print-farms/signup', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' }, workers: true });

  const without = (key: string) => {
    const body: Record<string, unknown> = validSignup();
    delete body[key];
    return body;
  };
  const entry = (patch: Record<string, unknown>) =>
    validSignup({
      printerInventory: [{ technology: 'FFF/FDM', brand: 'Prusa', model: 'MK4', count: 2, ...patch }],
    });

  const rejected: [string, Record<string, unknown>, string, string][] = [
    ['blank company name', validSignup({ displayName: '  ' }), 'displayName', 'Company name is required'],
    ['missing company name', without('displayName'), 'displayName', 'Company name is required'],
    ['blank contact name', validSignup({ contactName: '' }), 'contactName', 'Contact name is required'],
    [
      'bad e-mail',
      validSignup({ contactEmail: 'not-an-email' }),
      'contactEmail',
      'Valid email address is required',
    ],
    ['short phone', validSignup({ contactPhone: '555-0147' }), 'contactPhone', 'Phone number is required'],
    [
      'blank street address',
      validSignup({ fullStreetAddress: '' }),
      'fullStreetAddress',
      'Full street address is required',
    ],
    ['blank street name', validSignup({ streetName: '' }), 'streetName', 'Street name is required'],
    ['blank city', validSignup({ city: '' }), 'city', 'City is required'],
    ['one-letter state', validSignup({ state: 'T' }), 'state', 'State is required'],
    ['unknown state code', validSignup({ state: 'ZZ' }), 'state', 'State is required'],
    ['short ZIP', validSignup({ zipCode: '7870' }), 'zipCode', 'ZIP code is required'],
    [
      'empty inventory',
      validSignup({ printerInventory: [] }),
      'printerInventory',
      'Must specify at least one printer',
    ],
    [
      'missing inventory',
      without('printerInventory'),
      'printerInventory',
      'Must specify at least one printer',
    ],
    ['zero printers', entry({ count: 0 }), 'printerInventory.0.count', 'Must have at least 1 printer'],
    ['count as text', entry({ count: 'two' }), 'printerInventory.0.count', 'Must have at least 1 printer'],
    ['no technology', entry({ technology: '' }), 'printerInventory.0.technology', 'Technology is required'],
    ['no brand', entry({ brand: '' }), 'printerInventory.0.brand', 'Brand is required'],
    ['bad website', validSignup({ website: 'not a url' }), 'website', 'Website must be a valid URL'],
    [
      'more printers in one entry than a farm has',
      entry({ count: 501 }),
      'printerInventory.0.count',
      'Printer count must be at most 500',
    ],
    [
      'a million printers (100 entries of 10,000)',
      validSignup({ printerInventory: inventoryOf(100, 10_000) }),
      'printerInventory.0.count',
      'Printer count must be at most 500',
    ],
    [
      'more printers in all than a farm has',
      validSignup({ printerInventory: inventoryOf(100, 6) }),
      'printerInventory',
      'A farm can list at most 500 printers in all; contact us to list more',
    ],
  ];

  it.each(rejected)('rejects %s with its message and writes nothing', async (_, body, field, message) => {
    const before = await counts(server.api);
    const { status, body: answer } = await postSignup(server.api, body);
    expect(status).toBe(400);
    expect((answer.fields as Record<string, string>)[field]).toBe(message);
    expect(typeof answer.message).toBe('string');
    expect(await counts(server.api)).toEqual(before);
  });

  it('rejects a body that is not an object', async () => {
    const { status, body } = await postSignup(server.api, ['nope']);
    expect(status).toBe(400);
    expect(body).toHaveProperty('fields');
  });

  it('records the farm, its capabilities and both outbox events, and answers the public view', async () => {
    const input = validSignup();
    const { status, body } = await postSignup(server.api, input);
    expect(status).toBe(201);
    expect(Object.keys(body).sort()).toEqual(PUBLIC_KEYS);
    expect(body).toMatchObject({
      displayName: input.displayName,
      streetName: 'Congress Ave',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      printerCount: 8,
      printerTypes: ['Bambu Lab X1 Carbon', 'Formlabs Form 4'],
      website: 'https://lonestarprints.example.com',
      wantsOrderingLink: true,
      coordinates: null,
    });

    const farm = await server.api.prisma.printFarm.findUniqueOrThrow({
      where: { id: String(body.id) },
      include: { capabilityRows: true, claims: true, printers: true },
    });
    expect(farm.farmName).toMatch(/^lone-star-prints-/);
    // The print queue starts from the printers the signup counts, one row each.
    expect(farm.printers).toHaveLength(8);
    expect(farm.location).toBe('Austin, TX');
    expect(farm.totalPrinterCount).toBe(8);
    expect(farm.capacity).toBeGreaterThan(0);
    expect(farm.availableCapacity).toBe(farm.capacity);
    expect(farm.userId).toBeNull();
    // Recorded pending (the answer carries no coordinates); the worker may have located it by now, as
    // it takes milliseconds, but only afterwards.
    if (farm.geocodeStatus === 'pending') expect(farm.geocodedAt).toBeNull();
    else expect(farm.geocodedAt?.getTime()).toBeGreaterThanOrEqual(farm.createdAt.getTime());
    expect([...new Set(farm.capabilityRows.map((row) => row.printTechnology))].sort()).toEqual([
      'FFF/FDM',
      'SLA/Resin',
    ]);
    // One row per material, so the quote's candidate search can match technology and material at once.
    expect(farm.capabilityRows.filter((row) => row.printTechnology === 'FFF/FDM')).toHaveLength(4);
    const fdm = farm.capabilityRows.find((row) => row.printTechnology === 'FFF/FDM');
    expect(fdm?.materialType).toBe('PLA');
    expect(fdm?.maxPrintSize).toMatchObject({ x: 256, y: 256, z: 256 });
    expect(farm.claims).toHaveLength(1);

    const events = await server.api.prisma.outboxEvent.findMany({ orderBy: { createdAt: 'asc' } });
    const mine = events.filter(
      (event) =>
        (event.payload as { farmId?: string }).farmId === farm.id ||
        (event.payload as { messageKey?: string }).messageKey === `farm-signup:${farm.id}`,
    );
    expect(mine.map((event) => event.job).sort()).toEqual(['email.send', 'farm.geocode']);

    // The worker geocodes it (offline ZIP table: 78701 is Austin) and the contact gets one e-mail.
    const located = await eventually(async () => {
      const row = await server.api.prisma.printFarm.findUniqueOrThrow({ where: { id: farm.id } });
      return row.geocodeStatus === 'located' ? row : undefined;
    });
    expect(located.latitude).toBeCloseTo(30.2713, 4);
    expect(located.longitude).toBeCloseTo(-97.7426, 4);
    expect(located.geocodedAt).not.toBeNull();
    const listed = await eventually(async () => {
      const list = (await (await fetch(`${server.api.url}/api/print-farms`)).json()) as Record<
        string,
        unknown
      >[];
      const found = list.find((item) => item.id === farm.id);
      return found?.coordinates ? found : undefined;
    });
    expect(listed.coordinates).toEqual({ lat: 30.2713, lng: -97.7426 });

    const [mail] = await eventually(async () => {
      const found = await emailsTo(input.contactEmail);
      return found.length > 0 ? found : undefined;
    });
    expect(mail?.subject).toBe('Welcome to the PrintFarm Network');
    expect(mail?.text).toContain(input.displayName);
    expect(mail?.text).toContain('/api/print-farms/claim?token=');
    expect(await outboxMailsTo(server.api.prisma, input.contactEmail)).toBe(1);
    // The claim link hands the farm over: the outbox (and the queue) hold it only sealed.
    const recorded = await server.api.prisma.outboxEvent.findFirstOrThrow({
      where: { job: 'email.send', payload: { path: ['to'], equals: input.contactEmail } },
    });
    expect(JSON.stringify(recorded.payload)).not.toMatch(/claim\?token=/);
    expect(await emailsTo(input.contactEmail)).toHaveLength(1);
  });

  it('answers 409 when the same company registers again, however it is spelled', async () => {
    const first = validSignup({ displayName: `Acme Additive ${randomUUID().slice(0, 6)}` });
    expect((await postSignup(server.api, first)).status).toBe(201);
    const before = await counts(server.api);
    const again = validSignup({ displayName: `the ${first.displayName.toUpperCase()}, LLC` });
    const { status, body } = await postSignup(server.api, again);
    expect(status).toBe(409);
    expect(body.message).toBe(`A print farm named "${again.displayName}" is already registered.`);
    expect((body.fields as Record<string, string>).displayName).toBe(body.message);
    expect(await counts(server.api)).toEqual(before);
  });

  it('gives two different companies with the same slug different farm names', async () => {
    // Slugs are cut at 60 characters, so these two share one while their company keys differ.
    const stem = `Maker Collective ${randomUUID().slice(0, 6)} ${'x'.repeat(50)}`;
    const a = await postSignup(server.api, validSignup({ displayName: `${stem} Alpha` }));
    const b = await postSignup(server.api, validSignup({ displayName: `${stem} Beta` }));
    expect([a.status, b.status]).toEqual([201, 201]);
    const names = await server.api.prisma.printFarm.findMany({
      where: { id: { in: [String(a.body.id), String(b.body.id)] } },
      select: { farmName: true },
      orderBy: { createdAt: 'asc' },
    });
    expect(names[1]?.farmName).toBe(`${names[0]?.farmName}-2`);
  });

  it('leaves a farm with an unknown ZIP off the map without retrying', async () => {
    const { status, body } = await postSignup(server.api, validSignup({ zipCode: '00001' }));
    expect(status).toBe(201);
    const farm = await eventually(async () => {
      const row = await server.api.prisma.printFarm.findUniqueOrThrow({ where: { id: String(body.id) } });
      return row.geocodeStatus === 'not_found' ? row : undefined;
    });
    expect(farm.geocodeError).toContain('00001');
    expect(farm.latitude).toBeNull();
    const job = await eventually(async () => {
      const found = await geocodeJobOf(server.api, farm.id);
      return found?.finishedOn ? found : undefined;
    });
    expect(job.attemptsMade).toBe(1);
    expect(job.returnvalue).toBe('done');
    expect(await job.isCompleted()).toBe(true);
  });

  it('lists only the public map fields of active farms, never contact details', async () => {
    const input = validSignup({ contactPhone: '737-555-0199', fullStreetAddress: '4242 Secret Lane' });
    const created = await postSignup(server.api, input);
    expect(created.status).toBe(201);
    const hidden = await postSignup(server.api, validSignup());
    await server.api.prisma.printFarm.update({
      where: { id: String(hidden.body.id) },
      data: { isActive: false },
    });

    const response = await fetch(`${server.api.url}/api/print-farms`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const list = JSON.parse(text) as Record<string, unknown>[];
    expect(Array.isArray(list)).toBe(true);
    expect(list.length).toBe(await server.api.prisma.printFarm.count({ where: { isActive: true } }));
    for (const item of list) expect(Object.keys(item).sort()).toEqual(PUBLIC_KEYS);
    expect(list.some((item) => item.id === created.body.id)).toBe(true);
    expect(list.some((item) => item.id === hidden.body.id)).toBe(false);
    for (const secret of [input.contactEmail, input.contactName, '737-555-0199', '4242 Secret Lane']) {
      expect(text).not.toContain(secret);
    }
    for (const field of ['contactName', 'contactEmail', 'contactPhone', 'fullStreetAddress', 'userId']) {
      expect(text).not.toContain(`"${field}"`);
    }

    // The browser's copy is revalidated cheaply.
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${server.api.url}/api/print-farms`, {
      headers: { 'if-none-match': etag ?? '' },
    });
    expect(again.status).toBe(304);
  });

  it('shows a new signup in the list at once', async () => {
    await fetch(`${server.api.url}/api/print-farms`);
    const { body } = await postSignup(server.api, validSignup());
    const list = (await (await fetch(`${server.api.url}/api/print-farms`)).json()) as { id: string }[];
    expect(list.some((item) => item.id === body.id)).toBe(true);
  });

  it('answers network figures from real data', async () => {
    await postSignup(server.api, validSignup({ state: 'WA', city: 'Seattle', zipCode: '98101' }));
    const stats = (await (await fetch(`${server.api.url}/api/stats`)).json()) as Record<string, number>;
    const active = await server.api.prisma.printFarm.findMany({
      where: { isActive: true },
      select: { state: true, printerCount: true },
    });
    expect(stats.activeFarms).toBe(active.length);
    expect(stats.statesCovered).toBe(new Set(active.map((farm) => farm.state)).size);
    expect(stats.totalPrinters).toBe(active.reduce((sum, farm) => sum + farm.printerCount, 0));
    expect(stats.statesCovered).toBeGreaterThanOrEqual(2);
  });
});
