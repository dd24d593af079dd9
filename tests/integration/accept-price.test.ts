// An offer is re-priced in place: its firm price replaces the estimate, and a new round re-quotes the same
// farm's row. Accepting sends the price the customer saw; one that no longer matches answers 409 and
// orders nothing, so nobody is billed a price they never saw (a click on a $20.00 offer that became
// $45.00 in another tab used to order, and bill, $45.00).
import { describe, expect, it } from 'vitest';
import type { PrintRequestView } from '../../api/src/presenters/printRequest.ts';
import { call } from '../support/marketplace.ts';
import { routingKit } from '../support/routing.ts';
import { useServerSuite } from '../support/server.ts';

describe('accepting an offer at the price seen', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  const kit = routingKit(server);

  it('refuses a price that changed since, and orders at the one shown', async () => {
    await kit.rankedFarms(1);
    const { request, offers } = await kit.quote();
    const [offer] = offers;
    if (!offer) throw new Error('no offer');
    const seen = offer.price;
    const repriced = (Number(seen) + 25).toFixed(2);
    // What request.firm or the next round's request.quote writes into the same row.
    await kit.prisma().requestOffer.update({ where: { id: offer.id }, data: { price: repriced } });

    const accept = (price: string) =>
      call<PrintRequestView & { message?: string; fields?: Record<string, string> }>(
        kit.url(`/api/print-requests/${request.id}/offers/${offer.id}/accept`),
        kit.cookie,
        'POST',
        { price },
      );
    const stale = await accept(seen);
    expect(stale.status).toBe(409);
    expect(stale.body.fields?.price).toBe(
      `This offer's price is now $${repriced}: check it and accept again`,
    );
    expect(await kit.prisma().payment.count({ where: { requestId: request.id } })).toBe(0);
    expect(
      (await kit.prisma().customPrintRequest.findUniqueOrThrow({ where: { id: request.id } })).status,
    ).toBe('quoted');

    expect((await accept('not money')).status).toBe(400);
    const ordered = await accept(repriced);
    expect(ordered.status).toBe(200);
    const payment = await kit.prisma().payment.findFirstOrThrow({ where: { requestId: request.id } });
    expect(payment.amountCents).toBe(Math.round(Number(repriced) * 100));
  });
});
