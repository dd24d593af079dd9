// Checkout on the real API: server-side prices, stock that never goes below zero under 200 concurrent
// shoppers, idempotent submits, and the confirmation e-mails that really arrive in MailDev.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { emailsTo, listEmails } from '../support/maildev.ts';
import { outboxMailsTo } from '../support/outboxMail.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const tag = () => randomUUID().slice(0, 8);

interface PlacedOrder {
  id: string;
  status: string;
  subtotal: string;
  shippingFee: string;
  totalAmount: string;
  items: { productId: string; productName: string; quantity: number; unitPrice: string }[];
}

function orderBody(items: { productId: string; quantity: number; unitPrice?: string }[], overrides = {}) {
  return {
    customerName: 'Dana Shopper',
    customerEmail: `dana-${tag()}@example.test`,
    customerPhone: '555-0100',
    shippingAddress: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
    shippingMethod: 'standard',
    notes: '',
    items,
    ...overrides,
  };
}

describe('POST /api/stores/:storeId/orders', () => {
  const server = useServerSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
    workers: { env: { WORKER_CONCURRENCY: '8' } },
  });
  let storeId: string;
  let ownerEmail: string;

  async function createProduct(data: {
    name: string;
    price: string;
    stockQuantity: number;
    isActive?: boolean;
  }) {
    return server.api.prisma.product.create({ data: { storeId, ...data } });
  }

  function post(body: unknown, headers: Record<string, string> = {}, id = storeId) {
    return fetch(`${server.api.url}/api/stores/${id}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  }

  beforeAll(async () => {
    ownerEmail = `owner-${tag()}@example.test`;
    const owner = await server.api.prisma.user.create({ data: { email: ownerEmail, role: 'operator' } });
    const store = await server.api.prisma.store.create({
      data: { userId: owner.id, storeName: `orders-${tag()}`, displayName: 'Orders Test Store' },
    });
    storeId = store.id;
  }, 60_000);

  it('prices every line from the database, adds the shipping fee and ignores tampered figures', async () => {
    const knob = await createProduct({ name: 'Dryer Knob', price: '12.50', stockQuantity: 10 });
    const clip = await createProduct({ name: 'Fridge Clip', price: '7.25', stockQuantity: 10 });
    const body = orderBody(
      [
        { productId: knob.id, quantity: 2, unitPrice: '0.01' },
        { productId: clip.id, quantity: 1, unitPrice: '0.01' },
      ],
      { shippingMethod: 'expedited', totalAmount: '0.03' },
    );
    const response = await post(body);
    expect(response.status).toBe(201);
    const order = (await response.json()) as PlacedOrder;
    expect(order).toMatchObject({
      status: 'pending',
      subtotal: '32.25',
      shippingFee: '9.99',
      totalAmount: '42.24',
    });
    expect(order.items.map((item) => [item.productName, item.quantity, item.unitPrice])).toEqual([
      ['Dryer Knob', 2, '12.50'],
      ['Fridge Clip', 1, '7.25'],
    ]);
    const stored = await server.api.prisma.order.findUniqueOrThrow({
      where: { id: order.id },
      include: { items: true },
    });
    expect(stored.totalAmount.toFixed(2)).toBe('42.24');
    expect(stored.items.every((item) => item.unitPrice.toFixed(2) !== '0.01')).toBe(true);
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: knob.id } })).stockQuantity,
    ).toBe(8);

    const [confirmation] = await eventually(async () => {
      const mails = await emailsTo(body.customerEmail);
      return mails.length > 0 ? mails : undefined;
    });
    expect(confirmation?.subject).toContain('Orders Test Store');
    expect(confirmation?.text).toContain('Total: $42.24');
    // The request recorded the words; the e-mail worker rendered the HTML beside them.
    expect(confirmation?.html).toMatch(/^<!DOCTYPE html/);
    expect(confirmation?.html).toContain('$42.24');
    const [event] = await server.api.prisma.outboxEvent.findMany({
      where: { job: 'email.send', payload: { path: ['to'], equals: body.customerEmail } },
    });
    expect(event?.payload).toMatchObject({ view: { message: 'orderConfirmationEmail' } });
    expect(event?.payload).not.toHaveProperty('html');
    // The store as the message reads it, not its row.
    expect((event?.payload as { view?: { args: unknown[] } } | undefined)?.view?.args[1]).toEqual({
      displayName: 'Orders Test Store',
      storeName: expect.any(String),
    });
    await eventually(async () =>
      (await emailsTo(ownerEmail)).some((mail) => mail.subject.includes(order.id.slice(0, 8).toUpperCase())),
    );
  });

  it('lets exactly the stock sell when 200 shoppers order at once', async () => {
    const product = await createProduct({ name: 'Hot Tub Jet', price: '24.99', stockQuantity: 50 });
    const run = tag();
    const bodies = Array.from({ length: 200 }, (_, i) =>
      orderBody([{ productId: product.id, quantity: 1 }], { customerEmail: `rush-${run}-${i}@example.test` }),
    );
    const responses = await Promise.all(bodies.map((body) => post(body)));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status !== 201 && status !== 409)).toEqual([]);
    expect(statuses.filter((status) => status === 201)).toHaveLength(50);
    expect(statuses.filter((status) => status === 409)).toHaveLength(150);
    const refused = await Promise.all(responses.filter((r) => r.status === 409).map((r) => r.json()));
    expect(refused[0]).toEqual({
      message: 'Only 0 left of "Hot Tub Jet"',
      fields: { 'items.0.quantity': 'Only 0 left of "Hot Tub Jet"' },
    });
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stockQuantity,
    ).toBe(0);
    const orders = await server.api.prisma.order.findMany({
      where: { items: { some: { productId: product.id } } },
      include: { items: true },
    });
    expect(orders).toHaveLength(50);
    for (const order of orders) {
      expect(order.totalAmount.toFixed(2)).toBe('24.99');
      expect(order.items).toHaveLength(1);
    }
    const buyers = new Set(orders.map((order) => order.customerEmail));
    // One confirmation per order and none for a refused one, recorded with the orders.
    expect(await outboxMailsTo(server.api.prisma, { startsWith: `rush-${run}-` })).toBe(50);
    const mails = await eventually(async () => {
      const found = (await listEmails()).filter((mail) =>
        mail.to.some((to) => to.address.includes(`rush-${run}-`)),
      );
      return found.length >= 50 ? found : undefined;
    }, 60_000);
    expect(mails).toHaveLength(50);
    expect(new Set(mails.map((mail) => mail.to[0]?.address))).toEqual(buyers);
  }, 120_000);

  it('answers a short line with 409 naming the product and rolls the whole order back', async () => {
    const plenty = await createProduct({ name: 'Vacuum Latch', price: '9.00', stockQuantity: 20 });
    const scarce = await createProduct({ name: 'Lens Cap', price: '8.00', stockQuantity: 2 });
    const response = await post(
      orderBody([
        { productId: plenty.id, quantity: 3 },
        { productId: scarce.id, quantity: 3 },
      ]),
    );
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({
      message: 'Only 2 left of "Lens Cap"',
      fields: { 'items.1.quantity': 'Only 2 left of "Lens Cap"' },
    });
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: plenty.id } })).stockQuantity,
    ).toBe(20);
    expect(await server.api.prisma.orderItem.count({ where: { productId: plenty.id } })).toBe(0);
  });

  it('makes one order for one idempotency key, one after the other and at the same time', async () => {
    const product = await createProduct({ name: 'Board Game Piece', price: '4.00', stockQuantity: 30 });
    const key = randomUUID();
    const body = orderBody([{ productId: product.id, quantity: 2 }]);
    const first = await post(body, { 'Idempotency-Key': key });
    const second = await post(body, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    const [a, b] = (await Promise.all([first.json(), second.json()])) as PlacedOrder[];
    expect(b?.id).toBe(a?.id);

    const racedKey = randomUUID();
    const raced = await Promise.all(
      Array.from({ length: 8 }, () => post(body, { 'Idempotency-Key': racedKey })),
    );
    expect(raced.map((r) => r.status).filter((s) => s === 201)).toHaveLength(1);
    expect(raced.every((r) => r.status === 201 || r.status === 200)).toBe(true);
    const ids = new Set(((await Promise.all(raced.map((r) => r.json()))) as PlacedOrder[]).map((o) => o.id));
    expect(ids.size).toBe(1);
    expect(
      await server.api.prisma.order.count({ where: { storeId, idempotencyKey: { in: [key, racedKey] } } }),
    ).toBe(2);
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stockQuantity,
    ).toBe(26);

    const viaBody = randomUUID();
    const bodyKeyed = await post({ ...body, idempotencyKey: viaBody });
    const bodyKeyedAgain = await post({ ...body, idempotencyKey: viaBody });
    expect([bodyKeyed.status, bodyKeyedAgain.status]).toEqual([201, 200]);
  }, 60_000);

  it('refuses an Idempotency-Key sent again with a different order, and totals past the columns', async () => {
    const product = await createProduct({ name: 'Spare Wheel', price: '7.00', stockQuantity: 30 });
    const key = randomUUID();
    const body = orderBody([{ productId: product.id, quantity: 1 }]);
    expect((await post(body, { 'Idempotency-Key': key })).status).toBe(201);
    const changed = await post(
      { ...body, items: [{ productId: product.id, quantity: 5 }] },
      { 'Idempotency-Key': key },
    );
    expect(changed.status).toBe(422);
    expect(await changed.json()).toEqual({
      message: 'This Idempotency-Key was used for a different order',
      fields: {},
    });
    expect(await server.api.prisma.order.count({ where: { storeId, idempotencyKey: key } })).toBe(1);
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).stockQuantity,
    ).toBe(29);

    const before = await server.api.prisma.order.count();
    const million = await createProduct({ name: 'Gold Statue', price: '1000000.00', stockQuantity: 100 });
    const hundred = await post(orderBody([{ productId: million.id, quantity: 100 }]));
    const most = await createProduct({ name: 'Priceless', price: '99999999.99', stockQuantity: 1 });
    const overnight = await post(
      orderBody([{ productId: most.id, quantity: 1 }], { shippingMethod: 'overnight' }),
    );
    for (const answer of [hundred, overnight]) {
      expect(answer.status).toBe(400);
      expect(((await answer.json()) as { message: string }).message).toBe(
        "This order's total passes $21,474,836.47, more than one order can hold. Please split it into smaller orders.",
      );
    }
    expect(await server.api.prisma.order.count()).toBe(before);
  });

  it('refuses every checkout rule with its message and writes nothing', async () => {
    const product = await createProduct({ name: 'Furniture Peg', price: '3.00', stockQuantity: 5 });
    const before = await server.api.prisma.order.count();
    const cases: [unknown, Record<string, string>][] = [
      [
        orderBody([{ productId: product.id, quantity: 1 }], { customerName: '  ' }),
        { customerName: 'Name is required' },
      ],
      [
        orderBody([{ productId: product.id, quantity: 1 }], { customerEmail: 'nope' }),
        { customerEmail: 'Valid email is required' },
      ],
      [
        orderBody([{ productId: product.id, quantity: 1 }], {
          shippingAddress: { street: '', city: '', state: '', zipCode: '' },
        }),
        {
          'shippingAddress.street': 'Street address is required',
          'shippingAddress.city': 'City is required',
          'shippingAddress.state': 'State is required',
          'shippingAddress.zipCode': 'ZIP code is required',
        },
      ],
      [
        orderBody([{ productId: product.id, quantity: 1 }], { shippingMethod: 'teleport' }),
        { shippingMethod: 'Choose a shipping method' },
      ],
      [orderBody([]), { items: 'Your cart is empty' }],
      [
        orderBody([{ productId: product.id, quantity: 0 }]),
        { 'items.0.quantity': 'Quantity must be at least 1' },
      ],
      [orderBody([{ productId: 'not-a-uuid', quantity: 1 }]), { 'items.0.productId': 'Invalid product' }],
      [
        orderBody([{ productId: product.id, quantity: 1, unitPrice: '-1' }]),
        { 'items.0.unitPrice': 'Invalid price' },
      ],
    ];
    for (const [body, fields] of cases) {
      const response = await post(body);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const answer = (await response.json()) as { fields: Record<string, string> };
      expect(answer.fields).toMatchObject(fields);
    }
    const phoneless = orderBody([{ productId: product.id, quantity: 1 }], {
      customerPhone: undefined,
      notes: undefined,
    });
    const minimal = await post({ ...phoneless, shippingMethod: undefined });
    expect(minimal.status).toBe(201);
    const order = (await minimal.json()) as PlacedOrder;
    const stored = await server.api.prisma.order.findUniqueOrThrow({ where: { id: order.id } });
    expect(stored.shippingMethod).toBe('standard');
    expect(stored.shippingAddress).toMatchObject({ country: 'US' });
    expect(await server.api.prisma.order.count()).toBe(before + 1);
  });

  it('refuses products that are hidden or belong to another store, and unknown stores', async () => {
    const hidden = await createProduct({
      name: 'Retired Part',
      price: '5.00',
      stockQuantity: 5,
      isActive: false,
    });
    const response = await post(orderBody([{ productId: hidden.id, quantity: 1 }]));
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: Record<string, string> }).fields).toEqual({
      'items.0.productId': 'This product is no longer available',
    });
    const owner = await server.api.prisma.user.create({
      data: { email: `other-${tag()}@example.test`, role: 'operator' },
    });
    const other = await server.api.prisma.store.create({
      data: { userId: owner.id, storeName: `other-${tag()}`, displayName: 'Other' },
    });
    const foreign = await server.api.prisma.product.create({
      data: { storeId: other.id, name: 'Foreign', price: '1.00', stockQuantity: 5 },
    });
    expect((await post(orderBody([{ productId: foreign.id, quantity: 1 }]))).status).toBe(400);
    const unknown = await post(orderBody([{ productId: foreign.id, quantity: 1 }]), {}, randomUUID());
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: 'Store not found', fields: {} });
    expect((await post(orderBody([{ productId: foreign.id, quantity: 1 }]), {}, 'nope')).status).toBe(404);
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: foreign.id } })).stockQuantity,
    ).toBe(5);
  });
});
