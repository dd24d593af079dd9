// Only a dearer farm is left after the chosen one declined: the customer is asked to pay the difference,
// by a deadline named in the e-mail. Not paid by then, the difference is called off and the order is
// quoted again with what was paid refunded, instead of sitting 'ordered' with the money held for ever.
import { describe, expect, it } from 'vitest';
import { DIFFERENCE_PAYMENT_DAYS } from '../../db/src/requests/counterDifference.ts';
import { requestRoute } from '../../workers/src/jobs/requestRoute.ts';
import { routingKit } from '../support/routing.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const DAY_MS = 86_400_000;

describe('approving a dearer farm', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  const kit = routingKit(server);
  const { prisma } = kit;

  it('has a deadline; past it, the difference is called off and the order quoted again with a refund', async () => {
    const [chosen] = await kit.rankedFarms(2);
    if (!chosen) throw new Error('farms');
    const { request, job } = await kit.order(chosen);
    // Every other farm's offer is now dearer than what the customer paid.
    await prisma().requestOffer.updateMany({
      where: { requestId: request.id, farmId: { not: chosen.farm.id } },
      data: { price: '999.00' },
    });
    const askedAt = Date.now();
    expect((await kit.act(chosen, job.id, 'decline', { reason: 'Out of PLA' })).status).toBe(200);

    const difference = await eventually(
      async () =>
        (await prisma().payment.findFirst({
          where: { requestId: request.id, purpose: 'difference', status: 'awaiting' },
        })) ?? undefined,
    );
    const lapse = (
      await prisma().outboxEvent.findMany({
        where: { job: 'request.route', payload: { path: ['reason'], equals: 'lapsed' } },
      })
    ).find((event) => (event.payload as { requestId: string }).requestId === request.id);
    expect(lapse?.payload).toMatchObject({
      requestId: request.id,
      offerId: difference.offerId,
      reason: 'lapsed',
    });
    const runIn = (lapse?.runAt.getTime() ?? 0) - askedAt;
    expect(runIn).toBeGreaterThan(DIFFERENCE_PAYMENT_DAYS * DAY_MS);
    expect(runIn).toBeLessThan(DIFFERENCE_PAYMENT_DAYS * DAY_MS + 5 * 60_000);
    const asked = (
      await prisma().outboxEvent.findMany({
        where: { job: 'email.send', payload: { path: ['to'], equals: kit.customer.email } },
      })
    )
      .map((event) => event.payload as { text: string })
      .find(
        (mail) =>
          mail.text.includes('charges $973.00 more') || mail.text.includes('more. Pay the difference'),
      );
    expect(asked?.text).toContain(
      'if it has not arrived by then, we ask farms again and refund what you paid',
    );

    // The deadline's route, as the outbox publishes it a week on.
    const payload = {
      requestId: request.id,
      offerId: difference.offerId ?? undefined,
      reason: 'lapsed' as const,
    };
    expect(await requestRoute(payload, server.workers.jobContext())).toBe('done');
    expect((await prisma().payment.findUniqueOrThrow({ where: { id: difference.id } })).status).toBe(
      'failed',
    );
    expect((await prisma().customPrintRequest.findUniqueOrThrow({ where: { id: request.id } })).status).toBe(
      'quoting',
    );
    const refunds = await prisma().outboxEvent.findMany({
      where: { job: 'payment.refund', payload: { path: ['key'], string_starts_with: 'requote:' } },
    });
    const requestPayment = await prisma().payment.findFirstOrThrow({
      where: { requestId: request.id, purpose: 'request' },
    });
    expect(refunds.map((event) => (event.payload as { paymentId: string }).paymentId)).toContain(
      requestPayment.id,
    );
    // Run again (a second publication): nothing more.
    expect(await requestRoute(payload, server.workers.jobContext())).toBe('skipped');
  });
});
