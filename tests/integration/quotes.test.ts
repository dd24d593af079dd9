// Print requests turned into offers (issue 10): choices and units, 'Get quotes', the candidate search in
// PostgreSQL (capability, availability, build volume, radius), accepting, cancelling, and the e-mails.

import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '../../ops/fixtures/auth.ts';
import { requestQuote } from '../../workers/src/jobs/requestQuote.ts';
import { emailsTo } from '../support/maildev.ts';
import {
  call,
  createDraftRequest,
  createFarm,
  FDM_MINI,
  FDM_X1,
  type OfferView,
  RESIN_FORM4,
} from '../support/marketplace.ts';
import { payForRequest } from '../support/payments.ts';
import { eventually, useServerSuite } from '../support/server.ts';

interface RequestView {
  id: string;
  status: string;
  quoteRound: number;
  searchRadiusMiles: number | null;
  quoteIssue: string | null;
  assignedFarmId: string | null;
  files: {
    id: string;
    quantity: number;
    analysis: {
      units: string;
      suggestedUnits: string | null;
      boundingBoxMm: { x: number } | null;
      familiarSize: string | null;
    };
  }[];
}

describe('print requests and offers', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  let customer: TestUser;
  let cookie: string;
  const url = (path: string) => `${server.api.url}${path}`;

  beforeAll(async () => {
    customer = await createUser(server.api.prisma, { firstName: 'Quinn' });
    cookie = await signIn(server.api.url, customer.email, customer.password);
  });

  beforeEach(async () => {
    // Each test draws its own map of farms: earlier ones are switched off, not deleted, so the jobs a
    // previous test left running never deadlock against a cascade.
    await server.api.prisma.printFarm.updateMany({ where: { isActive: true }, data: { isActive: false } });
  });

  async function quoted(requestId: string): Promise<RequestView> {
    return eventually(async () => {
      const { body } = await call<RequestView>(url(`/api/print-requests/${requestId}`), cookie);
      return body.status === 'quoting' ? undefined : body;
    });
  }

  async function offersOf(requestId: string): Promise<OfferView[]> {
    return (await call<OfferView[]>(url(`/api/print-requests/${requestId}/offers`), cookie)).body;
  }

  it('asks only capable, active, unpaused farms with room, within range', async () => {
    const austin = await createFarm(server.api.prisma, { zip: '78701', name: 'Austin Capable' });
    const dallas = await createFarm(server.api.prisma, { zip: '75201', name: 'Dallas Capable' });
    const houston = await createFarm(server.api.prisma, { zip: '77002', name: 'Houston Capable' });
    await createFarm(server.api.prisma, { zip: '78205', name: 'Paused', isPaused: true });
    await createFarm(server.api.prisma, { zip: '78205', name: 'Switched off', isActive: false });
    await createFarm(server.api.prisma, { zip: '78205', name: 'In maintenance', nodeStatus: 'maintenance' });
    await createFarm(server.api.prisma, { zip: '78205', name: 'Full', availableCapacity: 0 });
    await createFarm(server.api.prisma, { zip: '78205', name: 'Resin only', inventory: [RESIN_FORM4] });
    await createFarm(server.api.prisma, { zip: '10001', name: 'New York, too far' });
    const request = await createDraftRequest(server.api.prisma, customer.id, { zip: '78701' });

    const submitted = await call<RequestView>(
      url(`/api/print-requests/${request.id}/submit`),
      cookie,
      'POST',
    );
    expect(submitted.status).toBe(200);
    expect(submitted.body.status).toBe('quoting');
    const done = await quoted(request.id);
    expect(done.status).toBe('quoted');
    expect(done.searchRadiusMiles).toBe(500);

    const offers = await offersOf(request.id);
    expect(offers.map((o) => o.farmId).sort()).toEqual([austin.id, dallas.id, houston.id].sort());
    for (const offer of offers) {
      expect(offer.kind).toBe('estimate');
      expect(Number(offer.price)).toBeGreaterThan(0);
      const lines = [offer.breakdown.material, offer.breakdown.machine, offer.breakdown.setup];
      const sum = [...lines, offer.breakdown.minimumOrder, offer.breakdown.shipping].reduce(
        (s, v) => s + Number(v),
        0,
      );
      expect(sum).toBeCloseTo(Number(offer.price), 2);
      expect(offer.breakdown.printHours).toBeGreaterThan(0);
      expect(offer.readyBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(offer.rating).toBeNull(); // no record yet
    }
    const nearest = offers.find((o) => o.farmId === austin.id);
    expect(nearest?.distanceMiles).toBeLessThan(5);
    expect(offers.find((o) => o.farmId === dallas.id)?.distanceMiles).toBeGreaterThan(170);
  });

  it('gives no offer where the largest part does not fit any printer', async () => {
    await createFarm(server.api.prisma, { zip: '78701', name: 'Big Austin', inventory: [FDM_X1] });
    const mini = await createFarm(server.api.prisma, {
      zip: '75201',
      name: 'Mini Dallas',
      inventory: [FDM_MINI],
    });
    await createFarm(server.api.prisma, { zip: '77002', name: 'Big Houston', inventory: [FDM_X1] });
    await createFarm(server.api.prisma, { zip: '78205', name: 'Big San Antonio', inventory: [FDM_X1] });
    // 200 mm fits a 256 mm X1 Carbon but not a 180 mm A1 mini, whichever way it lies.
    const request = await createDraftRequest(server.api.prisma, customer.id, {
      zip: '78701',
      parts: [{ bbox: { x: 200, y: 60, z: 40 }, volumeCm3: 120 }],
    });
    await call(url(`/api/print-requests/${request.id}/submit`), cookie, 'POST');
    await quoted(request.id);
    const offers = await offersOf(request.id);
    expect(offers).toHaveLength(3);
    expect(offers.some((o) => o.farmId === mini.id)).toBe(false);
  });

  it('widens the radius step by step until three farms qualify', async () => {
    const austin = await createFarm(server.api.prisma, { zip: '78701', inventory: [RESIN_FORM4] });
    const denver = await createFarm(server.api.prisma, { zip: '80202', inventory: [RESIN_FORM4] }); // ~770 mi
    const chicago = await createFarm(server.api.prisma, { zip: '60601', inventory: [RESIN_FORM4] }); // ~980 mi
    await createFarm(server.api.prisma, { zip: '98101', inventory: [RESIN_FORM4] }); // Seattle, ~1,770 mi
    const request = await createDraftRequest(server.api.prisma, customer.id, {
      zip: '78701',
      technology: 'SLA/Resin',
      material: 'Standard Resin',
      parts: [{ bbox: { x: 30, y: 30, z: 30 } }],
    });
    await call(url(`/api/print-requests/${request.id}/submit`), cookie, 'POST');
    const done = await quoted(request.id);
    expect(done.searchRadiusMiles).toBe(1_000);
    const offers = await offersOf(request.id);
    expect(offers.map((o) => o.farmId).sort()).toEqual([austin.id, denver.id, chicago.id].sort());
    // Resin is not sliced: its offers stay estimates and say why.
    expect(offers.every((o) => o.kind === 'estimate' && o.estimateReason?.includes('FDM'))).toBe(true);
  });

  it('tells the customer what to change when no farm qualifies, by e-mail and on the request', async () => {
    await createFarm(server.api.prisma, { zip: '78701', inventory: [FDM_X1] });
    const request = await createDraftRequest(server.api.prisma, customer.id, {
      zip: '78701',
      technology: 'Metal 3D Printing',
      material: 'Titanium Ti64',
    });
    await call(url(`/api/print-requests/${request.id}/submit`), cookie, 'POST');
    const done = await quoted(request.id);
    expect(done.status).toBe('draft');
    expect(done.quoteIssue).toContain('Titanium Ti64');
    const mail = await eventually(async () => {
      const found = (await emailsTo(customer.email)).filter((m) =>
        m.subject.includes('No print farm could quote'),
      );
      return found.length > 0 ? found : undefined;
    });
    expect(mail[0]?.text).toContain('another material or technology');
  });

  it("mails 'Your quotes are ready' once, even when the quote job runs twice", async () => {
    await createFarm(server.api.prisma, { zip: '19103', name: 'Philly One' });
    await createFarm(server.api.prisma, { zip: '10001', name: 'Manhattan Two' });
    await createFarm(server.api.prisma, { zip: '02108', name: 'Boston Three' });
    const title = `Mail once ${Date.now()}`;
    const request = await createDraftRequest(server.api.prisma, customer.id, { zip: '19103', title });
    await call(url(`/api/print-requests/${request.id}/submit`), cookie, 'POST');
    const done = await quoted(request.id);
    expect(done.status).toBe('quoted');
    const again = await requestQuote(
      { requestId: request.id, round: done.quoteRound },
      server.workers.jobContext(),
    );
    expect(again).toBe('skipped');
    const mails = await eventually(async () => {
      const found = (await emailsTo(customer.email)).filter(
        (m) => m.subject === `Your quotes are ready: ${title}`,
      );
      return found.length > 0 ? found : undefined;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Philly One');
    expect(mails[0]?.text).toMatch(/1\. .+: \$\d+\.\d{2}, ready by/);
    const events = await server.api.prisma.outboxEvent.count({
      where: { payload: { path: ['messageKey'], equals: `quotes-ready:${request.id}:${done.quoteRound}` } },
    });
    expect(events).toBe(1);
  });

  it('accepts one offer once: the farm is set and request.route is recorded once; twice or stale answers 409', async () => {
    const seattle = await createFarm(server.api.prisma, { zip: '98101' });
    await createFarm(server.api.prisma, { zip: '97201' });
    await createFarm(server.api.prisma, { zip: '99501', inventory: [FDM_X1] }); // Anchorage, far but counted
    const request = await createDraftRequest(server.api.prisma, customer.id, { zip: '98101' });
    await call(url(`/api/print-requests/${request.id}/submit`), cookie, 'POST');
    await quoted(request.id);
    const offers = await offersOf(request.id);
    const chosen = offers.find((o) => o.farmId === seattle.id);
    if (!chosen) throw new Error('no Seattle offer');

    // Accepting an offer while it is not this round's, or of another request, fails and writes nothing.
    const bogus = await call(
      url(`/api/print-requests/${request.id}/offers/${crypto.randomUUID()}/accept`),
      cookie,
      'POST',
    );
    expect(bogus.status).toBe(404);

    const accepted = await call<RequestView>(
      url(`/api/print-requests/${request.id}/offers/${chosen.id}/accept`),
      cookie,
      'POST',
    );
    expect(accepted.status).toBe(200);
    expect(['ordered', 'accepted']).toContain(accepted.body.status);
    const row = await server.api.prisma.customPrintRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(row.assignedFarmId).toBe(seattle.id);

    const twice = await call<{ message: string }>(
      url(`/api/print-requests/${request.id}/offers/${chosen.id}/accept`),
      cookie,
      'POST',
    );
    expect(twice.status).toBe(409);
    const other = offers.find((o) => o.id !== chosen.id);
    const stale = await call(
      url(`/api/print-requests/${request.id}/offers/${other?.id}/accept`),
      cookie,
      'POST',
    );
    expect(stale.status).toBe(409);

    // One payment asked for the chosen offer's whole price; the farm sees the order once it is paid.
    const routesOf = () =>
      server.api.prisma.outboxEvent.findMany({
        where: { job: 'request.route', payload: { path: ['requestId'], equals: request.id } },
      });
    const payments = await server.api.prisma.payment.findMany({ where: { requestId: request.id } });
    expect(payments).toMatchObject([
      {
        purpose: 'request',
        status: 'awaiting',
        offerId: chosen.id,
        amountCents: Math.round(Number(chosen.price) * 100),
      },
    ]);
    expect(await routesOf()).toHaveLength(0);
    await payForRequest(server.api.prisma, request.id);
    const routes = await eventually(async () => {
      const found = await routesOf();
      return found.length > 0 ? found : undefined;
    });
    expect(routes).toHaveLength(1);
    expect(routes[0]?.payload).toMatchObject({ offerId: chosen.id, reason: 'chosen' });
    const history = await server.api.prisma.requestStatusHistory.findMany({
      where: { requestId: request.id, toStatus: 'ordered', changedByUserId: customer.id },
    });
    expect(history).toHaveLength(1);
  });

  it('keeps the offers when a change does not touch the price, withdraws them when it does', async () => {
    await createFarm(server.api.prisma, { zip: '85004' });
    await createFarm(server.api.prisma, { zip: '87102' });
    await createFarm(server.api.prisma, { zip: '89101' });
    const request = await createDraftRequest(server.api.prisma, customer.id, { zip: '85004' });
    await call(url(`/api/print-requests/${request.id}/submit`), cookie, 'POST');
    await quoted(request.id);
    const notes = await call<RequestView>(url(`/api/print-requests/${request.id}`), cookie, 'PATCH', {
      notes: 'Leave at the back door',
      color: 'Blue',
      material: 'PLA',
    });
    expect(notes.body.status).toBe('quoted');
    expect((await offersOf(request.id)).length).toBe(3);
    const petg = await call<RequestView>(url(`/api/print-requests/${request.id}`), cookie, 'PATCH', {
      material: 'PETG',
    });
    expect(petg.body.status).toBe('draft');
    expect(await offersOf(request.id)).toEqual([]);
  });

  it('refuses offers older than seven days and marks the request expired', async () => {
    await createFarm(server.api.prisma, { zip: '30301' });
    await createFarm(server.api.prisma, { zip: '28202' });
    await createFarm(server.api.prisma, { zip: '37203' });
    const request = await createDraftRequest(server.api.prisma, customer.id, { zip: '30301' });
    await call(url(`/api/print-requests/${request.id}/submit`), cookie, 'POST');
    await quoted(request.id);
    await server.api.prisma.customPrintRequest.update({
      where: { id: request.id },
      data: { quotedAt: new Date(Date.now() - 8 * 86_400_000) },
    });
    const [offer] = await offersOf(request.id);
    const refused = await call<{ message: string }>(
      url(`/api/print-requests/${request.id}/offers/${offer?.id}/accept`),
      cookie,
      'POST',
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('older than 7 days');
    const after = await call<RequestView>(url(`/api/print-requests/${request.id}`), cookie);
    expect(after.body.status).toBe('expired');
    // Re-quoted on demand.
    const requote = await call<RequestView>(url(`/api/print-requests/${request.id}/submit`), cookie, 'POST');
    expect(requote.body.status).toBe('quoting');
    expect((await quoted(request.id)).status).toBe('quoted');
  });

  it('cancels before printing, never after, and writes nothing on a refusal', async () => {
    const request = await createDraftRequest(server.api.prisma, customer.id, { zip: '78701' });
    const cancelled = await call<RequestView>(
      url(`/api/print-requests/${request.id}/cancel`),
      cookie,
      'POST',
      {
        reason: 'Ordered elsewhere',
      },
    );
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    const again = await call<{ message: string }>(
      url(`/api/print-requests/${request.id}/cancel`),
      cookie,
      'POST',
      {},
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You cannot cancel a request that is cancelled');

    const printing = await createDraftRequest(server.api.prisma, customer.id, { zip: '78701' });
    await server.api.prisma.customPrintRequest.update({
      where: { id: printing.id },
      data: { status: 'printing' },
    });
    const refused = await call<{ message: string }>(
      url(`/api/print-requests/${printing.id}/cancel`),
      cookie,
      'POST',
      {},
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('You cannot cancel a request that is printing');
    expect(await server.api.prisma.requestStatusHistory.count({ where: { requestId: printing.id } })).toBe(1);
  });

  it('saves choices with the shared schema; bad input answers 400 and writes nothing', async () => {
    const request = await createDraftRequest(server.api.prisma, customer.id, {
      // The Stanford bunny, in metres.
      parts: [{ bbox: { x: 0.155, y: 0.153, z: 0.12 }, volumeCm3: 0.0007, surfaceAreaCm2: 0.057 }],
    });
    const before = await call<RequestView>(url(`/api/print-requests/${request.id}`), cookie);
    const file = before.body.files[0];
    expect(file?.analysis.units).toBe('mm');
    expect(file?.analysis.suggestedUnits).toBe('m');

    for (const bad of [
      { body: { technology: 'Laser cutter' }, field: 'technology' },
      { body: { technology: 'SLA/Resin', material: 'PLA' }, field: 'material' },
      { body: { shipToZip: '123' }, field: 'shipToZip' },
      { body: { shipToZip: '00000' }, field: 'shipToZip' },
      { body: { files: [{ id: file?.id, units: 'furlong' }] }, field: 'files.0.units' },
      { body: { files: [{ id: crypto.randomUUID(), quantity: 2 }] }, field: 'files.0.id' },
      { body: { quantity: 0 }, field: 'quantity' },
      { body: { budget: '-5' }, field: 'budget' },
      { body: { deadline: '2020-01-01' }, field: 'deadline' },
    ]) {
      const response = await call<{ message: string; fields: Record<string, string> }>(
        url(`/api/print-requests/${request.id}`),
        cookie,
        'PATCH',
        bad.body,
      );
      expect(response.status, JSON.stringify(bad.body)).toBe(400);
      expect(response.body.fields[bad.field], JSON.stringify(response.body)).toBeTruthy();
    }
    const unchanged = await server.api.prisma.customPrintRequest.findUniqueOrThrow({
      where: { id: request.id },
    });
    expect(unchanged.updatedAt.getTime()).toBe(request.updatedAt.getTime());

    const saved = await call<RequestView & { shipTo: { city: string }; technology: string; color: string }>(
      url(`/api/print-requests/${request.id}`),
      cookie,
      'PATCH',
      {
        technology: 'FFF/FDM',
        material: 'PETG',
        color: 'Orange',
        shipToZip: '78701',
        files: [{ id: file?.id, units: 'm', quantity: 3 }],
        notes: 'Please print it upright',
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.shipTo.city).toBe('Austin');
    expect(saved.body.color).toBe('Orange');
    const bunny = saved.body.files[0];
    expect(bunny?.quantity).toBe(3);
    expect(bunny?.analysis.units).toBe('m');
    expect(bunny?.analysis.suggestedUnits).toBeNull();
    expect(bunny?.analysis.boundingBoxMm?.x).toBeCloseTo(155, 6);
    expect(bunny?.analysis.familiarSize).toBe('about the size of a smartphone');
  });

  it("answers 404 for another customer's request, on every call", async () => {
    const other = await createUser(server.api.prisma);
    const theirs = await createDraftRequest(server.api.prisma, other.id, { zip: '78701' });
    const base = `/api/print-requests/${theirs.id}`;
    for (const [method, path, body] of [
      ['GET', base, undefined],
      ['PATCH', base, { color: 'Red' }],
      ['POST', `${base}/submit`, undefined],
      ['POST', `${base}/cancel`, {}],
      ['GET', `${base}/offers`, undefined],
      ['POST', `${base}/offers/${crypto.randomUUID()}/accept`, undefined],
      ['POST', `${base}/counter/accept`, undefined],
      ['POST', `${base}/rating`, { quality: 5, communication: 5, timeliness: 5 }],
    ] as const) {
      const response = await call(url(path), cookie, method, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const row = await server.api.prisma.customPrintRequest.findUniqueOrThrow({ where: { id: theirs.id } });
    expect(row.status).toBe('draft');
    expect(row.color).toBeNull();
  });

  it('refuses to quote a request that does not say what or where', async () => {
    const request = await createDraftRequest(server.api.prisma, customer.id, {});
    const response = await call<{ message: string; fields: Record<string, string> }>(
      url(`/api/print-requests/${request.id}/submit`),
      cookie,
      'POST',
    );
    expect(response.status).toBe(400);
    expect(response.body.fields.shipToZip).toBe('Enter the ZIP code to ship to');
    const rejected = await createDraftRequest(server.api.prisma, customer.id, {
      zip: '78701',
      parts: [{ status: 'rejected' }],
    });
    const verdict = await call<RequestView>(url(`/api/print-requests/${rejected.id}/submit`), cookie, 'POST');
    expect(verdict.body.status).toBe('rejected');
  });
});
