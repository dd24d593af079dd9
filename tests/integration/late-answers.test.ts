// Answers that come after their deadline: job.deadline may run late (the outbox holds it while Redis is
// out), yet an operator's answer after respondBy and a customer's answer to a counter-offer after
// counterRespondBy are refused with 409 and change nothing; the deadline still closes the job.
import { describe, expect, it } from 'vitest';
import type { PrintRequestView } from '../../api/src/presenters/printRequest.ts';
import { jobDeadline } from '../../workers/src/jobs/jobDeadline.ts';
import { call } from '../support/marketplace.ts';
import { routingKit } from '../support/routing.ts';
import { useServerSuite } from '../support/server.ts';

const AN_HOUR_AGO = () => new Date(Date.now() - 3_600_000);

describe('answers after the deadline', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  const kit = routingKit(server);
  const { prisma, act } = kit;

  it('the operator’s accept, decline or counter after respondBy answers 409 and the job stays offered', async () => {
    const [farm, next] = await kit.rankedFarms(2);
    if (!farm || !next) throw new Error('farms');
    const { request, job } = await kit.order(farm);
    // The deadline passed; its job.deadline has not run yet.
    await prisma().printJob.update({ where: { id: job.id }, data: { respondBy: AN_HOUR_AGO() } });
    const historyBefore = await prisma().requestStatusHistory.count({ where: { requestId: request.id } });

    for (const [action, body] of [
      ['accept', undefined],
      ['decline', { reason: 'Printers booked' }],
      ['counter', { price: '99.00' }],
    ] as const) {
      const late = await act(farm, job.id, action, body);
      expect(late.status, action).toBe(409);
      expect(late.body).toMatchObject({
        message: 'The time to answer this job has passed',
        fields: { respondBy: expect.stringContaining('Answers were due by') },
      });
    }
    const row = await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } });
    expect(row).toMatchObject({ state: 'offered', respondedAt: null, counterPrice: null });
    expect(await prisma().requestStatusHistory.count({ where: { requestId: request.id } })).toBe(
      historyBefore,
    );
    expect((await kit.farmRow(farm)).queuedParts).toBe(0);

    // The deadline, when it runs, still expires the job and offers the order to the next farm.
    expect(await jobDeadline({ jobId: job.id, kind: 'response' }, server.workers.jobContext())).toBe('done');
    expect((await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } })).state).toBe('expired');
    expect((await kit.jobAt(request.id, next)).farmId).toBe(next.farm.id);
  });

  it('the customer’s answer to a counter-offer after counterRespondBy answers 409 and the job stays countered', async () => {
    const [farm, next] = await kit.rankedFarms(2);
    if (!farm || !next) throw new Error('farms');
    const { request, job } = await kit.order(farm);
    expect((await act(farm, job.id, 'counter', { price: '70.00' })).status).toBe(200);
    await prisma().printJob.update({ where: { id: job.id }, data: { counterRespondBy: AN_HOUR_AGO() } });
    const historyBefore = await prisma().requestStatusHistory.count({ where: { requestId: request.id } });

    for (const answer of ['accept', 'refuse']) {
      const late = await call<PrintRequestView & { message?: string; fields?: Record<string, string> }>(
        kit.url(`/api/print-requests/${request.id}/counter/${answer}`),
        kit.cookie,
        'POST',
      );
      expect(late.status, answer).toBe(409);
      expect(late.body).toMatchObject({
        message: 'The time to answer this counter-offer has passed',
        fields: { respondBy: expect.stringContaining('Answers were due by') },
      });
    }
    expect((await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } })).state).toBe('countered');
    expect(await prisma().payment.count({ where: { jobId: job.id, purpose: 'difference' } })).toBe(0);
    expect(await prisma().requestStatusHistory.count({ where: { requestId: request.id } })).toBe(
      historyBefore,
    );
    expect(await kit.routeEvents(request.id)).toHaveLength(1);

    expect(await jobDeadline({ jobId: job.id, kind: 'counter' }, server.workers.jobContext())).toBe('done');
    expect((await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } })).state).toBe('refused');
    expect((await kit.jobAt(request.id, next)).farmId).toBe(next.farm.id);
  });
});
