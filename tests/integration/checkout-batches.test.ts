// The checkout writer against PostgreSQL: orders a store receives while its previous batch is being written
// go together in one call of place_store_orders, and each comes back with its own outcome (placed with
// its items and e-mail events, refused without writing anything, a duplicate Idempotency-Key), in the
// order they arrived; an order the database rejects fails alone, not the orders that shared its batch.
import { randomUUID } from 'node:crypto';
import { newReference } from '@printfarm/db/payments/flow';
import { beforeAll, describe, expect, it } from 'vitest';
import { type CheckoutOrder, createCheckouts } from '../../api/src/services/checkout.ts';
import { useServerSuite } from '../support/server.ts';

const tag = () => randomUUID().slice(0, 8);

describe('store checkout batches', () => {
  const server = useServerSuite();
  let storeId: string;

  beforeAll(async () => {
    const owner = await server.api.prisma.user.create({
      data: { email: `batch-owner-${tag()}@example.test`, role: 'operator' },
    });
    const store = await server.api.prisma.store.create({
      data: { userId: owner.id, storeName: `batches-${tag()}`, displayName: 'Batch Store' },
    });
    storeId = store.id;
  }, 60_000);

  function order(
    lines: {
      productId: string;
      quantity: number;
      unitPrice: string;
      customizations?: Record<string, unknown>;
    }[],
    overrides: Partial<CheckoutOrder> = {},
  ): CheckoutOrder {
    const subtotal = lines.reduce((sum, line) => sum + Number(line.unitPrice) * line.quantity, 0);
    const email = `batch-${tag()}@example.test`;
    return {
      id: randomUUID(),
      storeId,
      customerName: 'Batch Shopper',
      customerEmail: email,
      customerPhone: null,
      shippingAddress: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
      shippingMethod: 'standard',
      notes: null,
      subtotal: subtotal.toFixed(2),
      shippingFee: '0.00',
      totalAmount: subtotal.toFixed(2),
      idempotencyKey: null,
      requestHash: null,
      lines: lines.map((line) => ({ ...line, productName: 'Batch Part' })),
      payment: {
        id: randomUUID(),
        provider: 'invoice',
        amountCents: Math.round(subtotal * 100),
        reference: newReference(),
      },
      // A job no worker runs here: the test reads the recorded row, nothing is sent.
      events: [{ job: 'email.send', payload: { messageKey: `batch:${email}`, to: email } }],
      ...overrides,
    };
  }

  function writer() {
    const batches: number[] = [];
    const checkouts = createCheckouts(server.api.prisma, { onBatch: (orders) => batches.push(orders) });
    return { checkouts, batches };
  }

  it('writes the orders that arrive while a batch is written as the next batch, each with its own outcome', async () => {
    const part = await server.api.prisma.product.create({
      data: { storeId, name: 'Batch Part', price: '3.00', stockQuantity: 25 },
    });
    const { checkouts, batches } = writer();
    const orders = Array.from({ length: 40 }, () =>
      order([{ productId: part.id, quantity: 1, unitPrice: '3.00' }]),
    );
    const outcomes = await Promise.all(orders.map((each) => checkouts.place(each)));

    // The first order is written at once; the 39 that arrived meanwhile go 32 and 7.
    expect(batches).toEqual([1, 32, 7]);
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual([
      ...Array(25).fill('placed'),
      ...Array(15).fill('refused'),
    ]);
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: part.id } })).stockQuantity,
    ).toBe(0);

    const written = await server.api.prisma.order.findMany({
      where: { id: { in: orders.map((each) => each.id) } },
      include: { items: true },
      orderBy: { createdAt: 'asc' },
    });
    // Only the placed ones, each at its own moment in the order they arrived, with its line and its e-mail.
    expect(written.map((row) => row.id)).toEqual(orders.slice(0, 25).map((each) => each.id));
    const [moments] = await server.api.prisma.$queryRaw<{ distinct: number }[]>`
      SELECT count(DISTINCT created_at)::int AS distinct FROM orders WHERE id = ANY(${written.map((row) => row.id)}::uuid[])`;
    expect(moments?.distinct).toBe(25);
    for (const row of written)
      expect(row.items.map((item) => [item.productId, item.quantity])).toEqual([[part.id, 1]]);
    const events = await server.api.prisma.outboxEvent.findMany({
      where: { payload: { path: ['messageKey'], string_starts_with: 'batch:' } },
    });
    const keys = new Set(events.map((event) => (event.payload as { messageKey: string }).messageKey));
    expect(orders.filter((each) => keys.has(`batch:${each.customerEmail}`)).map((each) => each.id)).toEqual(
      orders.slice(0, 25).map((each) => each.id),
    );

    const placed = outcomes[0];
    if (placed?.outcome !== 'placed') throw new Error('the first order was not placed');
    const stored = written[0];
    expect(placed.order).toMatchObject({
      id: orders[0]?.id,
      status: stored?.status,
      createdAt: stored?.createdAt,
      items: [{ id: stored?.items[0]?.id, productId: part.id, quantity: 1 }],
    });
  });

  it('reads what pricing needs for the checkouts that arrive together, each its own products and earlier order', async () => {
    const knob = await server.api.prisma.product.create({
      data: { storeId, name: 'Read Knob', price: '1.50', stockQuantity: 9 },
    });
    const clip = await server.api.prisma.product.create({
      data: { storeId, name: 'Read Clip', price: '0.75', stockQuantity: 4 },
    });
    const { checkouts } = writer();
    const key = randomUUID();
    const earlier = order([{ productId: knob.id, quantity: 1, unitPrice: '1.50' }], {
      idempotencyKey: key,
      requestHash: 'a',
    });
    expect((await checkouts.place(earlier)).outcome).toBe('placed');

    // The first is read at once; the two that arrived meanwhile are read together.
    const [first, second, third, elsewhere] = await Promise.all([
      checkouts.read(storeId, [knob.id], null),
      checkouts.read(storeId, [clip.id], key),
      checkouts.read(storeId, [clip.id, knob.id], randomUUID()),
      checkouts.read(randomUUID(), [knob.id], key),
    ]);
    const stock = (reading: typeof first) =>
      reading?.products.map((product) => [product.name, product.price.toFixed(2), product.stockQuantity]);
    expect(first?.store?.displayName).toBe('Batch Store');
    expect(stock(first)).toEqual([['Read Knob', '1.50', 8]]);
    expect(first?.earlierOrderId).toBeNull();
    expect(stock(second)).toEqual([['Read Clip', '0.75', 4]]);
    expect(second?.earlierOrderId).toBe(earlier.id);
    expect(stock(third)).toEqual([
      ['Read Clip', '0.75', 4],
      ['Read Knob', '1.50', 8],
    ]);
    expect(third?.earlierOrderId).toBeNull();
    expect(elsewhere).toEqual({ store: null, products: [], earlierOrderId: null, paymentWords: '' });
  });

  it('answers a second order with the same Idempotency-Key in one batch as a duplicate', async () => {
    const part = await server.api.prisma.product.create({
      data: { storeId, name: 'Keyed Part', price: '5.00', stockQuantity: 10 },
    });
    const { checkouts, batches } = writer();
    const line = { productId: part.id, quantity: 2, unitPrice: '5.00' };
    const key = randomUUID();
    const engraved = order([{ ...line, customizations: { engraving: 'AB' } }]);
    const outcomes = await Promise.all([
      checkouts.place(engraved),
      checkouts.place(order([line], { idempotencyKey: key, requestHash: 'a' })),
      checkouts.place(order([line], { idempotencyKey: key, requestHash: 'a' })),
    ]);
    expect(batches).toEqual([1, 2]);
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['placed', 'placed', 'duplicate']);
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: part.id } })).stockQuantity,
    ).toBe(6);
    expect(await server.api.prisma.order.count({ where: { storeId, idempotencyKey: key } })).toBe(1);
    const items = await server.api.prisma.orderItem.findMany({ where: { productId: part.id } });
    expect(items.map((item) => item.customizations)).toContainEqual({ engraving: 'AB' });
    expect(items.map((item) => item.customizations)).toContainEqual(null);
  });

  it('refuses a line priced at a price the product no longer has, and a product gone from the store', async () => {
    const part = await server.api.prisma.product.create({
      data: { storeId, name: 'Repriced Part', price: '7.00', stockQuantity: 10 },
    });
    const hidden = await server.api.prisma.product.create({
      data: { storeId, name: 'Hidden Part', price: '7.00', stockQuantity: 10, isActive: false },
    });
    const { checkouts } = writer();
    const outcomes = await Promise.all([
      checkouts.place(order([{ productId: part.id, quantity: 1, unitPrice: '6.50' }])),
      checkouts.place(
        order([
          { productId: part.id, quantity: 1, unitPrice: '7.00' },
          { productId: hidden.id, quantity: 1, unitPrice: '7.00' },
        ]),
      ),
      checkouts.place(order([{ productId: part.id, quantity: 4, unitPrice: '7.00' }])),
    ]);
    expect(outcomes.map((outcome) => outcome.outcome)).toEqual(['refused', 'refused', 'placed']);
    const stock = await server.api.prisma.product.findMany({ where: { id: { in: [part.id, hidden.id] } } });
    expect(Object.fromEntries(stock.map((row) => [row.name, row.stockQuantity]))).toEqual({
      'Repriced Part': 6,
      'Hidden Part': 10,
    });
  });

  it('writes again one by one a batch the database rejects, so only the order at fault fails', async () => {
    const part = await server.api.prisma.product.create({
      data: { storeId, name: 'Sturdy Part', price: '2.00', stockQuantity: 10 },
    });
    const { checkouts, batches } = writer();
    const line = { productId: part.id, quantity: 1, unitPrice: '2.00' };
    // A total past the orders' numeric(10,2) column: placeOrder never sends one, the database refuses it.
    const faulty = order([line], { totalAmount: '123456789012.00' });
    const settled = await Promise.allSettled([
      checkouts.place(order([line])),
      checkouts.place(order([line])),
      checkouts.place(faulty),
      checkouts.place(order([line])),
    ]);
    expect(batches).toEqual([1, 3, 1, 1, 1]);
    expect(
      settled.map((result) => (result.status === 'fulfilled' ? result.value.outcome : 'failed')),
    ).toEqual(['placed', 'placed', 'failed', 'placed']);
    expect(
      (await server.api.prisma.product.findUniqueOrThrow({ where: { id: part.id } })).stockQuantity,
    ).toBe(7);
    expect(await server.api.prisma.order.count({ where: { id: faulty.id } })).toBe(0);
  });
});
