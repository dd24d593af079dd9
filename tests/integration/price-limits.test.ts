// A price an operator or a store owner types in becomes cents in a payment's 32-bit columns, so one far
// past any print (up to the decimal columns' $99,999,999.99) once made the customer's accept fail with
// "integer out of range". Each is now refused where it is entered, with a 400 naming the field, and
// nothing is written; a counter-offer at the cap ($1,000,000.00) still goes through to the customer's accept.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { call } from '../support/marketplace.ts';
import { routingKit } from '../support/routing.ts';
import { useServerSuite } from '../support/server.ts';

type Refusal = { message: string; fields: Record<string, string> };

describe('prices past what a payment holds', () => {
  const server = useServerSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
    workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } },
  });
  const kit = routingKit(server);
  const { prisma, url } = kit;

  it('refuses a counter-offer price past $1,000,000.00, and one at it can be accepted', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { request, job } = await kit.order(farm);
    const history = await prisma().requestStatusHistory.count({ where: { requestId: request.id } });

    for (const price of ['99999999.99', '1000000.01', 21_474_836.48]) {
      const refused = await kit.act(farm, job.id, 'counter', { price });
      expect(refused.status, String(price)).toBe(400);
      expect(refused.body).toEqual({
        message: expect.any(String),
        fields: { price: 'Price must be at most $1,000,000.00' },
      });
    }
    expect(await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({
      state: 'offered',
      counterPrice: null,
    });
    expect(await prisma().requestStatusHistory.count({ where: { requestId: request.id } })).toBe(history);

    expect((await kit.act(farm, job.id, 'counter', { price: '1000000.00' })).status).toBe(200);
    const accepted = await call(url(`/api/print-requests/${request.id}/counter/accept`), kit.cookie, 'POST');
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const difference = await prisma().payment.findFirstOrThrow({
      where: { jobId: job.id, purpose: 'difference' },
    });
    expect(difference.amountCents).toBeGreaterThan(99_000_000);
    expect(difference.amountCents).toBeLessThanOrEqual(100_000_000);
  });

  it("refuses a farm's rates past their caps, and writes nothing", async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const before = await prisma().farmRate.findMany({ where: { farmId: farm.farm.id } });
    const refused = await call<Refusal>(url('/api/operator/farm'), farm.cookie, 'PUT', {
      rates: [
        {
          technology: 'FFF/FDM',
          material: 'PLA',
          priceBasis: 'cm3',
          materialRate: '0.20',
          machineHourRate: '10000.01',
          setupFee: '99999999.99',
          minimumOrder: '1000000.01',
          leadTimeDays: 2,
        },
      ],
      availability: { availableCapacity: 10, isPaused: false, operatingHours: null },
      profile: { displayName: 'Capped Farm', contactPhone: '512-555-0147' },
      wantsOrderingLink: false,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      'rates.0.machineHourRate': 'Machine-hour rate must be at most $10,000.00',
      'rates.0.setupFee': 'Setup fee must be at most $10,000.00',
      'rates.0.minimumOrder': 'Minimum order must be at most $1,000,000.00',
    });
    expect(await prisma().farmRate.findMany({ where: { farmId: farm.farm.id } })).toEqual(before);
  });

  it("refuses a store product's price past $1,000,000.00 on create and on edit, and writes nothing", async () => {
    const owner = await createUser(prisma(), { role: 'operator' });
    const cookie = await signIn(server.api.url, owner.email, owner.password);
    const store = await prisma().store.create({
      data: {
        userId: owner.id,
        storeName: `limits-${randomUUID().slice(0, 8)}`,
        displayName: 'Limits Store',
        products: { create: [{ name: 'Knob', price: '5.00', stockQuantity: 5 }] },
      },
      include: { products: true },
    });
    const [knob] = store.products;
    if (!knob) throw new Error('product');
    const expected = { price: 'Price must be at most $1,000,000.00' };

    const created = await call<Refusal>(url(`/api/stores/${store.id}/products`), cookie, 'POST', {
      name: 'Gold statue',
      price: '99999999.99',
      stockQuantity: 1,
    });
    expect(created.status).toBe(400);
    expect(created.body.fields).toEqual(expected);
    const edited = await call<Refusal>(url(`/api/stores/${store.id}/products/${knob.id}`), cookie, 'PATCH', {
      price: 25_000_000,
    });
    expect(edited.status).toBe(400);
    expect(edited.body.fields).toEqual(expected);
    const products = await prisma().product.findMany({ where: { storeId: store.id } });
    expect(products.map((product) => [product.name, product.price.toFixed(2)])).toEqual([['Knob', '5.00']]);

    const atCap = await call(url(`/api/stores/${store.id}/products/${knob.id}`), cookie, 'PATCH', {
      price: '1000000',
    });
    expect(atCap.status).toBe(200);
  });
});
