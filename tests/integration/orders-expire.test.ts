// Store orders never paid give their stock back: the hourly orders.expire job (real API, workers,
// PostgreSQL) cancels a bank-transfer order unpaid after ORDER_PAYMENT_DAYS as the store would (payment
// called off, items restocked, the shopper told why), and leaves alone a younger order, a paid one and
// one the store already cancelled.
import { randomUUID } from 'node:crypto';
import { ORDER_PAYMENT_DAYS } from '@printfarm/domain/order';
import { describe, expect, it } from 'vitest';
import { createUser } from '../../ops/fixtures/auth.ts';
import { recordTransfer } from '../support/payments.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const tag = () => randomUUID().slice(0, 8);

describe('unpaid store orders', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' }, workers: true });

  async function placeOrder(storeId: string, productId: string, quantity: number) {
    const response = await fetch(`${server.api.url}/api/stores/${storeId}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        customerName: 'Una Paid',
        customerEmail: `unpaid-${tag()}@example.test`,
        shippingAddress: { street: '5 Fayette St', city: 'Raleigh', state: 'NC', zipCode: '27601' },
        shippingMethod: 'standard',
        items: [{ productId, quantity }],
      }),
    });
    expect(response.status).toBe(201);
    const order = (await response.json()) as { id: string; payment: { id: string } };
    return order;
  }

  /** Places the order `days` ago, as far as the database can tell. */
  const age = (orderId: string, days: number) =>
    server.api.prisma.$executeRaw`
      UPDATE orders SET created_at = now() - make_interval(days => ${days}) WHERE id = ${orderId}::uuid`;

  const stockOf = async (productId: string) =>
    (await server.api.prisma.product.findUniqueOrThrow({ where: { id: productId } })).stockQuantity;

  it(`cancels an order not paid within ${ORDER_PAYMENT_DAYS} days and puts its items back on sale`, async () => {
    const owner = await createUser(server.api.prisma, { role: 'operator' });
    const store = await server.api.prisma.store.create({
      data: {
        userId: owner.id,
        storeName: `expiring-${tag()}`,
        displayName: 'Expiring Parts',
        products: { create: [{ name: 'Clip', price: '4.00', stockQuantity: 100 }] },
      },
      include: { products: true },
    });
    const clip = store.products[0]?.id ?? '';
    const stale = await placeOrder(store.id, clip, 40);
    const young = await placeOrder(store.id, clip, 10);
    const paid = await placeOrder(store.id, clip, 5);
    const withdrawn = await placeOrder(store.id, clip, 3);
    expect(await stockOf(clip)).toBe(42);
    await age(stale.id, ORDER_PAYMENT_DAYS + 1);
    await age(young.id, ORDER_PAYMENT_DAYS - 1);
    await age(paid.id, ORDER_PAYMENT_DAYS + 1);
    await age(withdrawn.id, ORDER_PAYMENT_DAYS + 1);
    await recordTransfer(server.api.prisma, paid.payment.id);
    const ownerSession = await fetch(`${server.api.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: owner.email, password: owner.password }),
    });
    const cookie = ownerSession.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const cancel = await fetch(`${server.api.url}/api/stores/${store.id}/orders/${withdrawn.id}`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ status: 'cancelled' }),
    });
    expect(cancel.status).toBe(200);
    expect(await stockOf(clip)).toBe(45);

    const run = () => server.api.queues.get('orders.expire').add('orders.expire', {}, { attempts: 1 });
    const first = await run();
    await eventually(
      async () => (await server.api.queues.get('orders.expire').getJob(String(first.id)))?.finishedOn,
    );

    const statusOf = async (id: string) => {
      const order = await server.api.prisma.order.findUniqueOrThrow({
        where: { id },
        include: { payments: true },
      });
      return [order.status, order.payments[0]?.status];
    };
    expect(await statusOf(stale.id)).toEqual(['cancelled', 'failed']);
    expect(await statusOf(young.id)).toEqual(['pending', 'awaiting']);
    expect((await statusOf(paid.id))[0]).toBe('pending');
    expect(await statusOf(withdrawn.id)).toEqual(['cancelled', 'failed']);
    expect(await stockOf(clip)).toBe(85);
    const mails = await server.api.prisma.outboxEvent.findMany({
      where: { job: 'email.send', payload: { path: ['messageKey'], equals: `order-cancelled:${stale.id}` } },
    });
    expect(mails).toHaveLength(1);
    expect((mails[0]?.payload as { text?: string } | undefined)?.text).toContain(
      `It was not paid within ${ORDER_PAYMENT_DAYS} days, so its items went back on sale. You have not been charged for it`,
    );

    // Again: nothing more is cancelled, restocked or mailed.
    const second = await run();
    await eventually(
      async () => (await server.api.queues.get('orders.expire').getJob(String(second.id)))?.finishedOn,
    );
    expect((await server.api.queues.get('orders.expire').getJob(String(second.id)))?.returnvalue).toBe(
      'skipped',
    );
    expect(await stockOf(clip)).toBe(85);
    expect(
      await server.api.prisma.outboxEvent.count({
        where: {
          job: 'email.send',
          payload: { path: ['messageKey'], equals: `order-cancelled:${stale.id}` },
        },
      }),
    ).toBe(1);
  });
});
