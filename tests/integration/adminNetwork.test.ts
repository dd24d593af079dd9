// Staff tools over HTTP against the real app: nodes with a persisted switch, settings, user roles.
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '../../ops/fixtures/auth.ts';
import { TEST_SHIP_TO } from '../support/marketplace.ts';
import { useServerSuite } from '../support/server.ts';

const server = useServerSuite();
let staff: TestUser;
let staffCookie: string;
let customerCookie: string;
let onlineFarmId: string;
let maintenanceFarmId: string;

async function call(method: string, path: string, cookie: string, body?: unknown) {
  const response = await fetch(`${server.api.url}${path}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & unknown[] };
}

function farmData(name: string, nodeStatus: 'online' | 'maintenance') {
  return {
    farmName: name.toLowerCase().replaceAll(' ', '-'),
    companyKey: name.toLowerCase(),
    displayName: name,
    location: 'Austin, TX',
    contactName: 'Pat Operator',
    contactEmail: `${name.replaceAll(' ', '').toLowerCase()}@example.test`,
    contactPhone: '5125550100',
    fullStreetAddress: '100 Congress Ave',
    streetName: 'Congress Ave',
    city: 'Austin',
    state: 'TX',
    zipCode: '78701',
    latitude: 30.2713,
    longitude: -97.7426,
    totalPrinterCount: 10,
    printerInventory: [{ technology: 'FFF/FDM', brand: 'Prusa', model: 'MK4', count: 10 }],
    printerCount: 10,
    printerTypes: ['Prusa MK4'],
    capacity: 80,
    availableCapacity: 20,
    capabilities: { technologies: ['FFF/FDM'] },
    nodeStatus,
  };
}

beforeAll(async () => {
  staff = await createUser(server.api.prisma, { role: 'staff' });
  const customer = await createUser(server.api.prisma);
  staffCookie = await signIn(server.api.url, staff.email);
  customerCookie = await signIn(server.api.url, customer.email);
  onlineFarmId = (await server.api.prisma.printFarm.create({ data: farmData('Node Online Works', 'online') }))
    .id;
  maintenanceFarmId = (
    await server.api.prisma.printFarm.create({ data: farmData('Node Maint Works', 'maintenance') })
  ).id;
  await server.api.prisma.customPrintRequest.create({
    data: {
      userId: customer.id,
      assignedFarmId: onlineFarmId,
      title: 'Gear',
      specifications: {},
      status: 'printing',
      shippingAddress: TEST_SHIP_TO,
    },
  });
});

describe('nodes', () => {
  it('lists farms as nodes with real job counts and utilisation', async () => {
    const { status, body } = await call('GET', '/api/admin/nodes', staffCookie);
    expect(status).toBe(200);
    const node = (body as unknown as Record<string, unknown>[]).find((n) => n.id === onlineFarmId);
    expect(node).toMatchObject({
      name: 'Node Online Works',
      state: 'TX',
      status: 'online',
      isActive: true,
      currentJobs: 1,
      monthlyCapacity: 2400,
      utilizationRate: 75,
      coordinates: { lat: 30.2713, lng: -97.7426 },
    });
  });

  it('persists the switch and refuses to activate a node in maintenance', async () => {
    const off = await call('PATCH', `/api/admin/nodes/${onlineFarmId}`, staffCookie, { isActive: false });
    expect(off.status).toBe(200);
    expect(
      (await server.api.prisma.printFarm.findUniqueOrThrow({ where: { id: onlineFarmId } })).isActive,
    ).toBe(false);

    const refused = await call('PATCH', `/api/admin/nodes/${maintenanceFarmId}`, staffCookie, {
      isActive: true,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.fields).toEqual({ isActive: 'Set the node online first' });

    const bad = await call('PATCH', `/api/admin/nodes/${onlineFarmId}`, staffCookie, {
      coverageRadiusMiles: 1,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ coverageRadiusMiles: 'Coverage radius must be at least 10 miles' });
  });

  it('is staff only', async () => {
    expect((await call('GET', '/api/admin/nodes', customerCookie)).status).toBe(403);
    expect((await call('GET', '/api/admin/nodes', '')).status).toBe(401);
  });
});

describe('settings', () => {
  it('starts from the defaults and saves a section', async () => {
    const before = await call('GET', '/api/admin/settings', staffCookie);
    expect(before.body).toMatchObject({ payments: { monthlyFee: '15.00', signupFee: '750.00' } });
    const saved = await call('PUT', '/api/admin/settings/payments', staffCookie, {
      monthlyFee: '19.5',
      signupFee: '700',
      paymentInstructions: 'ACH within 1-2 business days',
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ payments: { monthlyFee: '19.50', signupFee: '700.00' } });
    const row = await server.api.prisma.platformSetting.findUniqueOrThrow({ where: { key: 'payments' } });
    expect(row.updatedByUserId).toBe(staff.id);
  });

  it('refuses bad values and unknown sections without writing', async () => {
    const bad = await call('PUT', '/api/admin/settings/company', staffCookie, {
      companyName: '',
      supportEmail: 'x',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toMatchObject({
      companyName: 'Company name is required',
      supportEmail: 'Valid email is required',
    });
    expect(await server.api.prisma.platformSetting.count({ where: { key: 'company' } })).toBe(0);
    expect((await call('PUT', '/api/admin/settings/secrets', staffCookie, {})).status).toBe(400);
  });
});

describe('user roles', () => {
  it('lets staff change another user’s role but not their own', async () => {
    const target = await createUser(server.api.prisma);
    const promoted = await call('PATCH', `/api/admin/users/${target.id}`, staffCookie, { role: 'operator' });
    expect(promoted.status).toBe(200);
    expect(promoted.body.role).toBe('operator');
    const self = await call('PATCH', `/api/admin/users/${staff.id}`, staffCookie, { role: 'customer' });
    expect(self.status).toBe(409);
    const listed = await call(
      'GET',
      `/api/admin/users?search=${encodeURIComponent(target.email)}`,
      staffCookie,
    );
    expect((listed.body as unknown as { id: string }[]).map((u) => u.id)).toEqual([target.id]);
  });
});
