// Issue 16 on the real API: a store's own shipping rules in the server's total, the checkout's address
// rules on the server, the order confirmation behind its signed link (and in the e-mail), and custom
// order requests with their status and the requester's acknowledgement e-mail.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '../../ops/fixtures/auth.ts';
import { FIXED_STORES, seedStores } from '../../prisma/seed/stores.ts';
import { emailsTo } from '../support/maildev.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const tag = () => randomUUID().slice(0, 8);

interface Answer {
  status: number;
  body: Record<string, unknown> & { message?: string; fields?: Record<string, string> };
}

describe('store checkout, shipping rules and custom order requests', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' }, workers: true });
  let owner: TestUser;
  let ownerCookie: string;
  let otherCookie: string;
  let store: { id: string; storeName: string };
  let knobId: string;
  let lampId: string;

  async function call(
    method: string,
    path: string,
    options: { cookie?: string; body?: unknown } = {},
  ): Promise<Answer> {
    const response = await fetch(`${server.api.url}${path}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(options.cookie ? { Cookie: options.cookie } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  }

  function order(items: { productId: string; quantity: number }[], overrides: Record<string, unknown> = {}) {
    return {
      customerName: 'Casey Shopper',
      customerEmail: `casey-${tag()}@example.test`,
      shippingAddress: { street: '5 Fayette St', city: 'Raleigh', state: 'NC', zipCode: '27601' },
      shippingMethod: 'standard',
      items,
      ...overrides,
    };
  }

  beforeAll(async () => {
    const { prisma } = server.api;
    owner = await createUser(prisma, { role: 'operator' });
    const other = await createUser(prisma, { role: 'operator' });
    [ownerCookie, otherCookie] = await Promise.all([
      signIn(server.api.url, owner.email, owner.password),
      signIn(server.api.url, other.email, other.password),
    ]);
    store = await prisma.store.create({
      data: { userId: owner.id, storeName: `shop-${tag()}`, displayName: 'Shop Rules' },
      select: { id: true, storeName: true },
    });
    const knob = await prisma.product.create({
      data: { storeId: store.id, name: 'Dryer Knob', price: '29.99', stockQuantity: 50 },
    });
    const lamp = await prisma.product.create({
      data: { storeId: store.id, name: 'Desk Lamp', price: '80.00', stockQuantity: 50 },
    });
    knobId = knob.id;
    lampId = lamp.id;
  }, 60_000);

  it("charges the store's own shipping rules in the server's total", async () => {
    const shippingPath = `/api/stores/${store.id}/shipping`;
    // Until the store sets its rules it charges the network's table.
    const before = await call('GET', `/api/public/store/${store.storeName}`);
    expect(before.body).toMatchObject({ hasOwnShipping: false });
    const networkExpedited = await call('POST', `/api/stores/${store.id}/orders`, {
      body: order([{ productId: knobId, quantity: 1 }], { shippingMethod: 'expedited' }),
    });
    expect(networkExpedited.body).toMatchObject({ shippingFee: '9.99', totalAmount: '39.98' });

    const bad = await call('PUT', shippingPath, {
      cookie: ownerCookie,
      body: {
        standard: { fee: 'five' },
        expedited: { offered: true, fee: '-2' },
        overnight: { offered: false, fee: '' },
        freeShippingOver: '0',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      'standard.fee': 'Enter a fee such as 5 or 4.99',
      'expedited.fee': 'Enter a fee such as 5 or 4.99',
      freeShippingOver: 'Enter an amount such as 75, or leave it empty',
    });
    const rules = {
      standard: { fee: '5' },
      expedited: { offered: true, fee: '14.99' },
      overnight: { offered: false, fee: '' },
      freeShippingOver: '75',
    };
    expect((await call('PUT', shippingPath, { cookie: otherCookie, body: rules })).status).toBe(404);
    expect((await call('PUT', shippingPath, { body: rules })).status).toBe(401);
    const saved = await call('PUT', shippingPath, { cookie: ownerCookie, body: rules });
    expect(saved.status).toBe(200);
    const published = await call('GET', `/api/public/store/${store.storeName}`);
    expect(published.body).toMatchObject({
      hasOwnShipping: true,
      shipping: {
        methods: [
          { id: 'standard', fee: '5.00' },
          { id: 'expedited', fee: '14.99' },
        ],
        freeShippingOver: '75.00',
      },
    });

    // Standard costs $5 under $75 and nothing from $75; Expedited its own fee; Overnight is refused.
    const place = (items: { productId: string; quantity: number }[], shippingMethod: string) =>
      call('POST', `/api/stores/${store.id}/orders`, { body: order(items, { shippingMethod }) });
    const small = await place([{ productId: knobId, quantity: 1 }], 'standard');
    expect(small.status).toBe(201);
    expect(small.body).toMatchObject({ subtotal: '29.99', shippingFee: '5.00', totalAmount: '34.99' });
    const large = await place([{ productId: lampId, quantity: 1 }], 'standard');
    expect(large.body).toMatchObject({ subtotal: '80.00', shippingFee: '0.00', totalAmount: '80.00' });
    const fast = await place([{ productId: lampId, quantity: 1 }], 'expedited');
    expect(fast.body).toMatchObject({ shippingFee: '14.99', totalAmount: '94.99' });
    const before2 = await server.api.prisma.order.count({ where: { storeId: store.id } });
    const overnight = await place([{ productId: knobId, quantity: 1 }], 'overnight');
    expect(overnight.status).toBe(400);
    expect(overnight.body.fields).toEqual({ shippingMethod: 'Shop Rules does not ship Overnight' });
    expect(await server.api.prisma.order.count({ where: { storeId: store.id } })).toBe(before2);
    const stored = await server.api.prisma.order.findUniqueOrThrow({ where: { id: String(small.body.id) } });
    expect(stored.totalAmount.toFixed(2)).toBe('34.99');
  });

  it('saves shipping rules sent several times at once: each save answers 200 and one set remains', async () => {
    // Found by the fuzz (issue 13): two saves at once raced on the methods' unique key and one got a 500.
    const shippingPath = `/api/stores/${store.id}/shipping`;
    const rules = (fee: string) => ({
      standard: { fee },
      expedited: { offered: true, fee: '14.99' },
      overnight: { offered: false, fee: '' },
      freeShippingOver: '75',
    });
    const saves = await Promise.all(
      ['6', '7', '8', '9', '10', '11'].map((fee) =>
        call('PUT', shippingPath, { cookie: ownerCookie, body: rules(fee) }),
      ),
    );
    expect(saves.map((save) => save.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await server.api.prisma.storeShippingMethod.count({ where: { storeId: store.id } })).toBe(2);
    expect((await call('PUT', shippingPath, { cookie: ownerCookie, body: rules('5') })).status).toBe(200);
  });

  it('refuses a state that is not one of the 50 codes and a ZIP that is not 5 digits or ZIP+4', async () => {
    const before = await server.api.prisma.order.count();
    const refused = await call('POST', `/api/stores/${store.id}/orders`, {
      body: order([{ productId: knobId, quantity: 1 }], {
        shippingAddress: { street: '5 Fayette St', city: 'Raleigh', state: 'North Carolina', zipCode: 'ABC' },
      }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      'shippingAddress.state': 'State is required',
      'shippingAddress.zipCode': 'Enter a 5-digit ZIP code or ZIP+4, such as 27601 or 27601-1234',
    });
    expect(await server.api.prisma.order.count()).toBe(before);
    const zipPlusFour = await call('POST', `/api/stores/${store.id}/orders`, {
      body: order([{ productId: knobId, quantity: 1 }], {
        shippingAddress: { street: '5 Fayette St', city: 'Raleigh', state: 'nc', zipCode: '27601-1234' },
      }),
    });
    expect(zipPlusFour.status).toBe(201);
    const stored = await server.api.prisma.order.findUniqueOrThrow({
      where: { id: String(zipPlusFour.body.id) },
    });
    expect(stored.shippingAddress).toMatchObject({ state: 'NC', zipCode: '27601-1234' });
  });

  it('opens the confirmation only through the signed link, which the e-mail carries', async () => {
    const body = order([{ productId: knobId, quantity: 2 }], { shippingMethod: 'expedited' });
    const placed = await call('POST', `/api/stores/${store.id}/orders`, { body });
    expect(placed.status).toBe(201);
    const id = String(placed.body.id);
    const path = String(placed.body.confirmationPath);
    expect(path).toMatch(new RegExp(`^/orders/${id}\\?token=[A-Za-z0-9_-]{43}$`));
    const token = new URL(path, server.api.url).searchParams.get('token') ?? '';

    const confirmation = await call('GET', `/api/orders/${id}?token=${token}`);
    expect(confirmation.status).toBe(200);
    expect(confirmation.body).toMatchObject({
      id,
      number: id.slice(0, 8).toUpperCase(),
      customerEmail: body.customerEmail,
      shippingMethodName: 'Expedited, 2–3 days',
      subtotal: '59.98',
      shippingFee: '14.99',
      totalAmount: '74.97',
      store: { storeName: store.storeName, displayName: 'Shop Rules' },
      items: [{ productName: 'Dryer Knob', quantity: 2, unitPrice: '29.99' }],
    });

    // A changed token, another order's token, no token: 403. An order that does not exist: 404.
    const other = await call('POST', `/api/stores/${store.id}/orders`, {
      body: order([{ productId: knobId, quantity: 1 }]),
    });
    const otherToken =
      new URL(String(other.body.confirmationPath), server.api.url).searchParams.get('token') ?? '';
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const query of [`?token=${flipped}`, `?token=${otherToken}`, '', '?token=']) {
      const answer = await call('GET', `/api/orders/${id}${query}`);
      expect(answer.status, query).toBe(403);
      expect(answer.body.message).toBe(
        'This order link is not valid. Please open the link from your confirmation e-mail.',
      );
    }
    expect((await call('GET', `/api/orders/not-an-order?token=${token}`)).status).toBe(404);

    // The e-mail's link (on the configured public address) is the same signed link, and it opens the order.
    const mail = await eventually(async () => (await emailsTo(body.customerEmail))[0], 30_000);
    const link = /See your order at any time: (\S+)/.exec(mail.text ?? '')?.[1] ?? '';
    expect(new URL(link).pathname + new URL(link).search).toBe(path);
    expect(
      (await call('GET', `/api/orders/${id}?token=${new URL(link).searchParams.get('token')}`)).status,
    ).toBe(200);
    expect(mail.text).toContain('Order #');
    expect(mail.text).toContain('· 2 items');
    expect(mail.text).toContain('  2 × Dryer Knob, $29.99 each');
    expect(mail.text).toContain('Shipping (Expedited, 2–3 days): $14.99');
    expect(mail.text).toContain('Total: $74.97');
  });

  it('lists custom order requests with a status the store moves, and thanks the requester once', async () => {
    const email = `riley-${tag()}@example.test`;
    const posted = await call('POST', `/api/stores/${store.id}/custom-orders`, {
      body: { fullName: 'Riley Maker', email, description: 'A fence for a router table', budget: '$40' },
    });
    expect(posted.status).toBe(201);
    const id = String(posted.body.id);

    const listPath = `/api/stores/${store.id}/custom-orders`;
    expect((await call('GET', listPath, { cookie: otherCookie })).status).toBe(404);
    const list = await call('GET', listPath, { cookie: ownerCookie });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      expect.objectContaining({ id, fullName: 'Riley Maker', email, budget: '$40', status: 'new' }),
    ]);

    const bad = await call('PATCH', `${listPath}/${id}`, { cookie: ownerCookie, body: { status: 'maybe' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({ status: 'Choose a status' });
    const quoted = await call('PATCH', `${listPath}/${id}`, {
      cookie: ownerCookie,
      body: { status: 'quoted' },
    });
    expect(quoted.body).toMatchObject({ id, status: 'quoted' });
    expect(
      (await call('PATCH', `${listPath}/${id}`, { cookie: otherCookie, body: { status: 'declined' } }))
        .status,
    ).toBe(404);
    // Another store's admin path cannot reach this store's request.
    const elsewhere = await server.api.prisma.store.create({
      data: { userId: owner.id, storeName: `elsewhere-${tag()}`, displayName: 'Elsewhere' },
    });
    const crossStore = await call('PATCH', `/api/stores/${elsewhere.id}/custom-orders/${id}`, {
      cookie: ownerCookie,
      body: { status: 'declined' },
    });
    expect(crossStore.status).toBe(404);
    expect((await server.api.prisma.customOrderRequest.findUniqueOrThrow({ where: { id } })).status).toBe(
      'quoted',
    );

    // The requester's acknowledgement arrives, and exactly once (one event, one log row, one message).
    const ack = await eventually(async () => (await emailsTo(email))[0], 30_000);
    expect(ack.subject).toBe('We received your custom order request (Shop Rules)');
    // The receipt goes to an address nobody verified: it names the request, it does not quote it.
    expect(ack.text).toContain('Reference: ');
    expect(ack.text).not.toContain('A fence for a router table');
    const toOwner = await eventually(async () =>
      (await emailsTo(owner.email)).find((m) => m.subject.includes('Riley Maker')),
    );
    expect(toOwner.text).toContain('A fence for a router table');
    const key = `custom-order-ack:${id}`;
    const events = await server.api.prisma.outboxEvent.findMany({
      where: { job: 'email.send', payload: { path: ['messageKey'], equals: key } },
    });
    expect(events).toHaveLength(1);
    expect(await server.api.prisma.emailLog.count({ where: { messageKey: key } })).toBe(1);
    expect(await emailsTo(email)).toHaveLength(1);
  });

  it('seeds the stores with the shipping rules they advertise and a picture of every product', async () => {
    const { prisma } = server.api;
    const seeder = await createUser(prisma, { role: 'operator' });
    await seedStores(prisma, { ownerId: seeder.id });
    const minis = await call('GET', '/api/public/store/miniature-masters');
    expect(minis.body).toMatchObject({
      hasOwnShipping: true,
      shipping: { methods: [{ id: 'standard', fee: '4.99' }, { id: 'expedited' }, { id: 'overnight' }] },
    });
    const workshop = await call('GET', '/api/public/store/makers-workshop');
    expect(workshop.body).toMatchObject({
      hasOwnShipping: true,
      shipping: {
        methods: [
          { id: 'standard', fee: '5.00' },
          { id: 'expedited', fee: '14.99' },
        ],
        freeShippingOver: '75.00',
      },
    });
    const parts = await call('GET', '/api/public/store/precision-parts');
    expect(parts.body).toMatchObject({ hasOwnShipping: false });

    const products = await prisma.product.findMany({
      where: { store: { storeName: { in: FIXED_STORES.map((store) => store.storeName) } } },
      select: { name: true, imageUrl: true },
    });
    expect(products).toHaveLength(FIXED_STORES.reduce((sum, store) => sum + store.products.length, 0));
    expect(new Set(products.map((product) => product.imageUrl)).size).toBe(products.length);
    // Each picture is really served by the app, as an SVG of that product.
    for (const product of products.slice(0, 5)) {
      const response = await fetch(`${server.api.url}${product.imageUrl}`);
      expect(response.status, String(product.imageUrl)).toBe(200);
      expect(response.headers.get('content-type')).toContain('image/svg+xml');
      expect(await response.text()).toContain(`<title>${product.name.replace('&', '&#38;')}</title>`);
    }
  });
});
