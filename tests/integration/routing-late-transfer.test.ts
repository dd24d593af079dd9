// A bank transfer that arrives after the offers' 7 days: the offer was judged valid when the customer
// accepted it, so the order goes to the farm they chose, not back to quoting with a refund.
import { describe, expect, it } from 'vitest';
import { awaitingPayment, moneySettled, recordTransfer } from '../support/payments.ts';
import { routingKit } from '../support/routing.ts';
import { useServerSuite } from '../support/server.ts';

const DAY_MS = 86_400_000;

describe('an offer accepted in time and paid by transfer after its 7 days', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  const kit = routingKit(server);
  const { prisma } = kit;

  it('goes to the chosen farm; no refund, no new round', async () => {
    const [, chosen] = await kit.rankedFarms(2);
    if (!chosen) throw new Error('farms');
    const { request, offers } = await kit.quote();
    const quotedAt = (days: number) =>
      prisma().customPrintRequest.update({
        where: { id: request.id },
        data: { quotedAt: new Date(Date.now() - days * DAY_MS) },
      });

    await quotedAt(6);
    const offer = offers.find((o) => o.farmId === chosen.farm.id);
    const accepted = await kit.accept(request.id, offer, { pay: false });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('ordered');
    const payment = await awaitingPayment(prisma(), request.id);

    await quotedAt(8);
    await recordTransfer(prisma(), payment.id);
    await moneySettled(server);

    const row = await prisma().customPrintRequest.findUniqueOrThrow({ where: { id: request.id } });
    expect(row.status).toBe('ordered');
    expect(row.quoteRound).toBe(request.quoteRound);
    const jobs = await kit.jobsOf(request.id);
    expect(jobs.map((job) => [job.farmId, job.offerId, job.state])).toEqual([
      [chosen.farm.id, offer?.id, 'offered'],
    ]);
    const refunds = await prisma().outboxEvent.count({
      where: { job: 'payment.refund', payload: { path: ['paymentId'], equals: payment.id } },
    });
    expect(refunds).toBe(0);
    expect((await prisma().payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe(
      'authorized',
    );
  });
});
