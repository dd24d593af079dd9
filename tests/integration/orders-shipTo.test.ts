// What an order must carry before a farm sees it (issue 23): the address to ship to, given when the
// customer accepts an offer (or the one saved before), shown to the farm the moment it accepts; and one
// farm per order: 'Get quotes' is refused once ordered, and the database refuses any write that would
// leave an open job at a farm other than the request's.

import { describe, expect, it } from 'vitest';
import type { OperatorJobView } from '../../api/src/presenters/printJob.ts';
import type { PrintRequestView } from '../../api/src/presenters/printRequest.ts';
import { call } from '../support/marketplace.ts';
import { payForRequest } from '../support/payments.ts';
import { routingKit } from '../support/routing.ts';
import { useServerSuite } from '../support/server.ts';

const ADA = {
  name: 'Ada Lovelace',
  street: '12 Congress Ave, Apt 4',
  city: 'Austin',
  state: 'tx',
  zipCode: '78701-2203',
  phone: '(512) 555-0142',
};

type ErrorBody = { message: string; fields: Record<string, string> };

describe('an order a farm can fulfil', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  const kit = routingKit(server);
  const { url, prisma, act } = kit;

  function acceptWith(requestId: string, offerId: string, body?: unknown) {
    return call<PrintRequestView & Partial<ErrorBody>>(
      url(`/api/print-requests/${requestId}/offers/${offerId}/accept`),
      kit.cookie,
      'POST',
      body,
    );
  }

  it('takes the ship-to address with the acceptance, and the farm sees it the moment it accepts', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { request, offers } = await kit.quote();
    const offer = offers.find((o) => o.farmId === farm.farm.id);
    if (!offer) throw new Error('offer');

    const accepted = await acceptWith(request.id, offer.id, { shippingAddress: ADA });
    expect(accepted.status).toBe(200);
    const shipTo = {
      name: 'Ada Lovelace',
      street: '12 Congress Ave, Apt 4',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701-2203',
      country: 'US',
      phone: '(512) 555-0142',
    };
    expect(accepted.body.status).toBe('ordered');
    expect(accepted.body.shippingAddress).toEqual(shipTo);
    await payForRequest(kit.prisma(), request.id);

    const job = await kit.jobAt(request.id, farm);
    const before = await call<OperatorJobView>(url(`/api/operator/jobs/${job.id}`), farm.cookie);
    expect(before.body.shippingAddress).toBeNull();
    expect(before.body.shipTo).toMatchObject({ city: 'Austin', state: 'TX', zip: '78701' });
    const answered = await act(farm, job.id, 'accept');
    expect(answered.status).toBe(200);
    expect(answered.body.shippingAddress).toEqual(shipTo);
  });

  it('uses the saved default address without a body; with none, answers 400 naming the fields and writes nothing', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { request, offers } = await kit.quote();
    const offer = offers[0];
    if (!offer) throw new Error('offer');
    // Nothing saved anywhere: not on the request, not on the account.
    await prisma()
      .$executeRaw`UPDATE custom_print_requests SET shipping_address = NULL WHERE id = ${request.id}::uuid`;
    await prisma()
      .$executeRaw`UPDATE users SET default_shipping_address = NULL WHERE id = ${kit.customer.id}::uuid`;

    const bare = await acceptWith(request.id, offer.id);
    expect(bare.status).toBe(400);
    expect(bare.body.message).toBe('Enter the address to ship to');
    expect(bare.body.fields).toEqual({
      'shippingAddress.street': 'Street address is required',
      'shippingAddress.city': 'City is required',
      'shippingAddress.state': 'State is required',
      'shippingAddress.zipCode': 'ZIP code is required',
    });
    const blank = await acceptWith(request.id, offer.id, {
      shippingAddress: { ...ADA, name: ' ', street: '', zipCode: '787' },
    });
    expect(blank.status).toBe(400);
    expect(blank.body.fields).toMatchObject({
      'shippingAddress.name': 'Name is required',
      'shippingAddress.street': 'Street address is required',
      'shippingAddress.zipCode': 'Enter a 5-digit ZIP code or ZIP+4, such as 27601 or 27601-1234',
    });
    const elsewhere = await acceptWith(request.id, offer.id, {
      shippingAddress: { ...ADA, zipCode: '10001' },
    });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.fields?.['shippingAddress.zipCode']).toContain('shipping to 78701');

    // None of those wrote anything: still quoted, no farm, no route.
    const unchanged = await prisma().customPrintRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(unchanged.status).toBe('quoted');
    expect(unchanged.shippingAddress).toBeNull();
    expect(await kit.routeEvents(request.id)).toHaveLength(0);

    const saved = await call(url('/api/profile'), kit.cookie, 'PATCH', {
      firstName: 'Casey',
      lastName: 'Customer',
      defaultShippingAddress: { street: '500 Congress Ave', city: 'Austin', state: 'TX', zipCode: '78701' },
    });
    expect(saved.status).toBe(200);
    const byDefault = await acceptWith(request.id, offer.id);
    expect(byDefault.status).toBe(200);
    expect(byDefault.body.shippingAddress).toEqual({
      name: 'Casey Customer',
      street: '500 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      country: 'US',
      phone: null,
    });
  });

  it("refuses 'Get quotes' once ordered, so the first farm's job never goes stale beside a new round", async () => {
    const [first, second] = await kit.rankedFarms(2);
    if (!first || !second) throw new Error('farms');
    const { request, job } = await kit.order(first);

    const again = await call<ErrorBody>(url(`/api/print-requests/${request.id}/submit`), kit.cookie, 'POST');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You cannot get quotes for a request that is ordered');
    const row = await prisma().customPrintRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(row.status).toBe('ordered');
    expect(row.quoteRound).toBe(request.quoteRound);
    expect(row.assignedFarmId).toBe(first.farm.id);

    // The first farm's job is the order's, at the price the customer was shown.
    const answered = await act(first, job.id, 'accept');
    expect(answered.status).toBe(200);
    expect(answered.body.price).toBe(job.price.toFixed(2));
    expect(await prisma().printJob.count({ where: { requestId: request.id, farmId: second.farm.id } })).toBe(
      0,
    );
  });

  it('never lets a request hold an open job at a farm other than its assigned farm', async () => {
    const [first, second] = await kit.rankedFarms(2);
    if (!first || !second) throw new Error('farms');
    const { request, job, offers } = await kit.order(first);
    const other = offers.find((offer) => offer.farmId === second.farm.id);
    if (!other) throw new Error('offer');

    // Assigning the order to another farm while the first holds its job is refused at commit.
    await expect(
      prisma().customPrintRequest.update({
        where: { id: request.id },
        data: { assignedFarmId: second.farm.id },
      }),
    ).rejects.toThrow(/open job .* but is assigned to farm/);
    // So is handing the open job to another farm.
    await expect(
      prisma().printJob.update({ where: { id: job.id }, data: { farmId: second.farm.id } }),
    ).rejects.toThrow(/open job/);
    // A re-route done whole (the old job closed, the new farm assigned, its job opened) is accepted.
    await prisma().$transaction(async (tx) => {
      await tx.printJob.update({ where: { id: job.id }, data: { state: 'declined', closedAt: new Date() } });
      await tx.customPrintRequest.update({
        where: { id: request.id },
        data: { assignedFarmId: second.farm.id },
      });
      await tx.printJob.create({
        data: {
          requestId: request.id,
          farmId: second.farm.id,
          offerId: other.id,
          price: other.price,
          readyBy: new Date(other.readyBy ?? ''),
          parts: 1,
          respondBy: new Date(Date.now() + 3_600_000),
        },
      });
    });

    const strays = await prisma().$queryRaw<{ id: string }[]>`
      SELECT r.id::text FROM custom_print_requests r JOIN print_jobs j ON j.request_id = r.id
      WHERE j.state IN ('offered', 'countered', 'accepted', 'printing', 'shipped')
        AND r.assigned_farm_id IS DISTINCT FROM j.farm_id`;
    expect(strays).toEqual([]);
  });
});
