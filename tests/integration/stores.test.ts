// The public storefront calls, the seeded fixed stores, the custom-order request and the store admin:
// who may do what, every product and settings rule, and the order status flow with its e-mails.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '../../ops/fixtures/auth.ts';
import { FIXED_STORES, seedStores } from '../../prisma/seed/stores.ts';
import { emailsTo } from '../support/maildev.ts';
import { outboxMails } from '../support/outboxMail.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const tag = () => randomUUID().slice(0, 8);

describe('stores', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' }, workers: true });
  let owner: TestUser;
  let ownerCookie: string;
  let otherCookie: string;
  let customerCookie: string;
  let staffCookie: string;
  let store: { id: string; storeName: string };

  function call(method: string, path: string, options: { cookie?: string; body?: unknown } = {}) {
    return fetch(`${server.api.url}${path}`, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...(options.cookie ? { Cookie: options.cookie } : {}),
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
    });
  }

  async function placeOrder(productId: string, quantity = 1) {
    const customerEmail = `shopper-${tag()}@example.test`;
    const response = await call('POST', `/api/stores/${store.id}/orders`, {
      body: {
        customerName: 'Sam Shopper',
        customerEmail,
        shippingAddress: { street: '9 Elm St', city: 'Boise', state: 'ID', zipCode: '83702' },
        shippingMethod: 'overnight',
        items: [{ productId, quantity }],
      },
    });
    expect(response.status).toBe(201);
    return { ...((await response.json()) as { id: string; totalAmount: string }), customerEmail };
  }

  beforeAll(async () => {
    owner = await createUser(server.api.prisma, { role: 'operator' });
    const other = await createUser(server.api.prisma, { role: 'operator' });
    const customer = await createUser(server.api.prisma, { role: 'customer' });
    const staff = await createUser(server.api.prisma, { role: 'staff' });
    const cookies = await Promise.all(
      [owner, other, customer, staff].map((user) => signIn(server.api.url, user.email, user.password)),
    );
    [ownerCookie, otherCookie, customerCookie, staffCookie] = cookies as [string, string, string, string];
    store = await server.api.prisma.store.create({
      data: {
        userId: owner.id,
        storeName: `store-${tag()}`,
        displayName: 'Garage Prints',
        description: 'Parts from a garage',
      },
      select: { id: true, storeName: true },
    });
  }, 60_000);

  it('shows an active store and only its active products, with prices as decimal strings', async () => {
    await server.api.prisma.product.createMany({
      data: [
        {
          storeId: store.id,
          name: 'Knob',
          price: '12.5',
          stockQuantity: 3,
          tags: ['a', 'b'],
          printTime: 61,
          materialType: 'PLA',
          category: 'Laundry',
        },
        { storeId: store.id, name: 'Hidden', price: '1.00', stockQuantity: 3, isActive: false },
      ],
    });
    const response = await call('GET', `/api/public/store/${store.storeName}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      id: store.id,
      storeName: store.storeName,
      displayName: 'Garage Prints',
      description: 'Parts from a garage',
      logoUrl: null,
      bannerUrl: null,
      // No rules of its own yet: the network's table (issue 16).
      hasOwnShipping: false,
      shipping: {
        methods: [
          { id: 'standard', fee: '0.00' },
          { id: 'expedited', fee: '9.99' },
          { id: 'overnight', fee: '24.99' },
        ],
        freeShippingOver: null,
      },
    });
    const products = (await (
      await call('GET', `/api/public/store/${store.storeName}/products`)
    ).json()) as unknown[];
    expect(products).toEqual([
      {
        id: expect.any(String),
        name: 'Knob',
        description: null,
        price: '12.50',
        imageUrl: null,
        category: 'Laundry',
        tags: ['a', 'b'],
        printTime: 61,
        materialType: 'PLA',
        stockQuantity: 3,
      },
    ]);
  });

  it('answers Store not found for unknown and inactive stores', async () => {
    for (const path of ['/api/public/store/no-such-store', '/api/public/store/no-such-store/products']) {
      const response = await call('GET', path);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: 'Store not found', fields: {} });
    }
    const closed = await server.api.prisma.store.create({
      data: { userId: owner.id, storeName: `closed-${tag()}`, displayName: 'Closed', isActive: false },
    });
    expect((await call('GET', `/api/public/store/${closed.storeName}`)).status).toBe(404);
    expect((await call('GET', `/api/public/store/${closed.storeName}/products`)).status).toBe(404);
  });

  it('seeds the three fixed stores once, with believable catalogues', async () => {
    await seedStores(server.api.prisma, { ownerId: owner.id });
    await seedStores(server.api.prisma, { ownerId: owner.id });
    for (const fixed of FIXED_STORES) {
      const stores = await server.api.prisma.store.findMany({
        where: { storeName: fixed.storeName },
        include: { products: true },
      });
      expect(stores).toHaveLength(1);
      const products = stores[0]?.products ?? [];
      expect(products.length).toBeGreaterThanOrEqual(10);
      expect(products.length).toBeLessThanOrEqual(16);
      expect(products.some((p) => p.stockQuantity === 0)).toBe(true);
      expect(products.some((p) => p.stockQuantity >= 1 && p.stockQuantity <= 5)).toBe(true);
      expect((await call('GET', `/api/public/store/${fixed.storeName}`)).status).toBe(200);
    }
    const minis = await server.api.prisma.product.findMany({
      where: { store: { storeName: 'miniature-masters' } },
    });
    expect(new Set(minis.map((p) => p.category))).toEqual(
      new Set(['Heroes', 'Monsters', 'Troops', 'Terrain']),
    );
  });

  it('lets only the owner and staff into the store admin', async () => {
    const paths = [
      `/api/stores/by-name/${store.storeName}`,
      `/api/stores/${store.id}/products`,
      `/api/stores/${store.id}/orders`,
    ];
    for (const path of paths) {
      expect((await call('GET', path)).status, path).toBe(401);
      expect((await call('GET', path, { cookie: otherCookie })).status, path).toBe(404);
      expect((await call('GET', path, { cookie: customerCookie })).status, path).toBe(404);
      expect((await call('GET', path, { cookie: ownerCookie })).status, path).toBe(200);
      expect((await call('GET', path, { cookie: staffCookie })).status, path).toBe(200);
    }
    const mine = (await (await call('GET', '/api/my/stores', { cookie: ownerCookie })).json()) as {
      id: string;
    }[];
    expect(mine.map((s) => s.id)).toContain(store.id);
    expect(await (await call('GET', '/api/my/stores', { cookie: otherCookie })).json()).toEqual([]);

    const product = await server.api.prisma.product.create({
      data: { storeId: store.id, name: 'Guarded', price: '2.00' },
    });
    const writes: [string, string, unknown][] = [
      ['PATCH', `/api/stores/${store.id}`, { displayName: 'Taken Over' }],
      ['POST', `/api/stores/${store.id}/products`, { name: 'Intruder', price: '1.00' }],
      ['PATCH', `/api/stores/${store.id}/products/${product.id}`, { price: '0.01' }],
      ['DELETE', `/api/stores/${store.id}/products/${product.id}`, undefined],
    ];
    for (const [method, path, body] of writes) {
      expect((await call(method, path, { cookie: otherCookie, body })).status, `${method} ${path}`).toBe(404);
      expect((await call(method, path, { body })).status, `${method} ${path}`).toBe(401);
    }
    expect((await server.api.prisma.store.findUniqueOrThrow({ where: { id: store.id } })).displayName).toBe(
      'Garage Prints',
    );
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).price.toFixed(2),
    ).toBe('2.00');
    expect(await server.api.prisma.product.count({ where: { name: 'Intruder' } })).toBe(0);
    expect((await call('GET', `/api/stores/${randomUUID()}/orders`, { cookie: ownerCookie })).status).toBe(
      404,
    );
    expect((await call('GET', '/api/stores/not-a-uuid/orders', { cookie: ownerCookie })).status).toBe(404);
  });

  it('saves store settings with their rules', async () => {
    const bad = await call('PATCH', `/api/stores/${store.id}`, {
      cookie: ownerCookie,
      body: { displayName: ' ', logoUrl: 'not a url' },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      displayName: 'Store name is required',
      logoUrl: 'Logo URL must be a valid URL',
    });
    const good = await call('PATCH', `/api/stores/${store.id}`, {
      cookie: ownerCookie,
      body: {
        displayName: 'Garage Prints Co.',
        description: 'Now bigger',
        logoUrl: 'https://example.com/logo.png',
        bannerUrl: '',
      },
    });
    expect(good.status).toBe(200);
    const saved = await server.api.prisma.store.findUniqueOrThrow({ where: { id: store.id } });
    expect([saved.displayName, saved.description, saved.logoUrl, saved.bannerUrl]).toEqual([
      'Garage Prints Co.',
      'Now bigger',
      'https://example.com/logo.png',
      null,
    ]);
  });

  it('adds, edits and deletes products with the product form rules; a product with orders is hidden', async () => {
    const path = `/api/stores/${store.id}/products`;
    const bad = await call('POST', path, {
      cookie: ownerCookie,
      body: { name: '', price: '', stockQuantity: -1 },
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      name: 'Product name is required',
      price: 'Price is required',
      stockQuantity: 'Stock quantity must be non-negative',
    });
    const missing = await call('POST', path, { cookie: ownerCookie, body: {} });
    expect(((await missing.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      name: 'Product name is required',
      price: 'Price is required',
    });

    const created = await call('POST', path, {
      cookie: ownerCookie,
      body: {
        name: 'Lens Cap',
        price: '8',
        stockQuantity: 4,
        tags: ['camera'],
        printTime: 45,
        materialType: 'PETG',
      },
    });
    expect(created.status).toBe(201);
    const lensCap = (await created.json()) as { id: string; price: string; isActive: boolean };
    expect(lensCap).toMatchObject({ price: '8.00', isActive: true });

    const edited = await call('PATCH', `${path}/${lensCap.id}`, {
      cookie: ownerCookie,
      body: { price: '9.25', stockQuantity: 0 },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ price: '9.25', stockQuantity: 0, name: 'Lens Cap' });
    const badEdit = await call('PATCH', `${path}/${lensCap.id}`, {
      cookie: ownerCookie,
      body: { stockQuantity: -2 },
    });
    expect(badEdit.status).toBe(400);

    expect(await (await call('DELETE', `${path}/${lensCap.id}`, { cookie: ownerCookie })).json()).toEqual({
      id: lensCap.id,
      outcome: 'deleted',
    });
    expect(await server.api.prisma.product.count({ where: { id: lensCap.id } })).toBe(0);

    const sold = await server.api.prisma.product.create({
      data: { storeId: store.id, name: 'Sold Part', price: '3.00', stockQuantity: 5 },
    });
    await placeOrder(sold.id);
    expect(await (await call('DELETE', `${path}/${sold.id}`, { cookie: ownerCookie })).json()).toEqual({
      id: sold.id,
      outcome: 'hidden',
    });
    expect((await server.api.prisma.product.findUniqueOrThrow({ where: { id: sold.id } })).isActive).toBe(
      false,
    );
    const publicList = (await (
      await call('GET', `/api/public/store/${store.storeName}/products`)
    ).json()) as { id: string }[];
    expect(publicList.map((p) => p.id)).not.toContain(sold.id);
    const adminList = (await (await call('GET', path, { cookie: ownerCookie })).json()) as { id: string }[];
    expect(adminList.map((p) => p.id)).toContain(sold.id);
  });

  it('moves an order through its states, e-mails shipped and cancelled, and returns cancelled stock', async () => {
    const part = await server.api.prisma.product.create({
      data: { storeId: store.id, name: 'Flow Part', price: '10.00', stockQuantity: 10 },
    });
    const order = await placeOrder(part.id, 2);
    expect(order.totalAmount).toBe('44.99');
    const path = `/api/stores/${store.id}/orders/${order.id}`;
    const patch = (body: unknown, cookie = ownerCookie) => call('PATCH', path, { cookie, body });

    const listed = (await (
      await call('GET', `/api/stores/${store.id}/orders`, { cookie: ownerCookie })
    ).json()) as {
      id: string;
      items: { productName: string; quantity: number }[];
      customerEmail: string;
    }[];
    expect(listed.find((o) => o.id === order.id)).toMatchObject({
      customerEmail: order.customerEmail,
      items: [{ productName: 'Flow Part', quantity: 2 }],
    });

    expect((await patch({ status: 'shipped', carrier: 'UPS', trackingNumber: 'X' })).status).toBe(409);
    expect((await patch({ status: 'processing' }, otherCookie)).status).toBe(404);
    expect((await patch({ status: 'processing' })).status).toBe(200);
    const noTracking = await patch({ status: 'shipped' });
    expect(noTracking.status).toBe(400);
    expect(await noTracking.json()).toMatchObject({
      fields: { carrier: 'Choose a carrier', trackingNumber: 'Tracking number is required' },
    });
    const badCarrier = await patch({
      status: 'shipped',
      carrier: 'Pigeon',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(badCarrier.status).toBe(400);
    expect(await badCarrier.json()).toMatchObject({
      message: expect.any(String),
      fields: { carrier: 'Choose a carrier' },
    });
    const shipped = await patch({ status: 'shipped', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(shipped.status).toBe(200);
    expect(await shipped.json()).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    const mail = await eventually(async () =>
      (await emailsTo(order.customerEmail)).find((m) => m.subject.includes('has shipped')),
    );
    // The carrier, its tracking page and the order's signed link (issue 25, defect 4).
    expect(mail.text).toContain('Carrier: UPS');
    expect(mail.text).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect(mail.text).toMatch(new RegExp(`/orders/${order.id}\\?token=[\\w-]+`));
    expect(mail.html).toContain('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    expect((await patch({ status: 'cancelled' })).status).toBe(409);
    expect((await patch({ status: 'delivered' })).status).toBe(200);
    expect((await patch({ status: 'delivered' })).status).toBe(409);
    const delivered = await eventually(async () =>
      (await emailsTo(order.customerEmail)).find((m) => m.subject.includes('has been delivered')),
    );
    expect(delivered.text).toMatch(new RegExp(`/orders/${order.id}\\?token=[\\w-]+`));
    expect(await outboxMails(server.api.prisma, `order-delivered:${order.id}`)).toBe(1);
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: part.id } })).stockQuantity,
    ).toBe(8);

    const second = await placeOrder(part.id, 3);
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: part.id } })).stockQuantity,
    ).toBe(5);
    const cancel = await call('PATCH', `/api/stores/${store.id}/orders/${second.id}`, {
      cookie: staffCookie,
      body: { status: 'cancelled' },
    });
    expect(cancel.status).toBe(200);
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: part.id } })).stockQuantity,
    ).toBe(8);
    await eventually(async () =>
      (await emailsTo(second.customerEmail)).find((m) => m.subject.includes('was cancelled')),
    );
    const again = await call('PATCH', `/api/stores/${store.id}/orders/${second.id}`, {
      cookie: ownerCookie,
      body: { status: 'processing' },
    });
    expect(again.status).toBe(409);
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: part.id } })).stockQuantity,
    ).toBe(8);
  });

  it('records a custom-order request and e-mails the store owner', async () => {
    const path = `/api/stores/${store.id}/custom-orders`;
    const bad = await call('POST', path, { body: { fullName: '', email: 'x', description: ' ' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields).toMatchObject({
      fullName: 'Full name is required',
      email: 'Valid email is required',
      description: 'Project description is required',
    });
    const email = `maker-${tag()}@example.test`;
    const good = await call('POST', path, {
      body: {
        fullName: 'Riley Maker',
        email,
        description: 'A jig for 45 degree dowels',
        timeline: '2 weeks',
        budget: '$50',
      },
    });
    expect(good.status).toBe(201);
    const row = await server.api.prisma.customOrderRequest.findFirstOrThrow({ where: { email } });
    expect(row).toMatchObject({ storeId: store.id, fullName: 'Riley Maker', phone: null, budget: '$50' });
    const mail = await eventually(async () =>
      (await emailsTo(owner.email)).find((m) => m.subject.includes('Riley Maker')),
    );
    expect(mail.text).toContain('A jig for 45 degree dowels');
    expect(
      (
        await call('POST', `/api/stores/${randomUUID()}/custom-orders`, {
          body: { fullName: 'A', email, description: 'B' },
        })
      ).status,
    ).toBe(404);
  });
});
