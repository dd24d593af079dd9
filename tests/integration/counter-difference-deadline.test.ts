// A dearer counter-offer the customer accepted waits for the difference, paid by bank transfer by
// default: the counter's answer deadline (24 h) must not refuse it while the payment is on its way. The
// payment has its own deadline, days away and named in the payment e-mail; after it the job is closed as
// an unanswered counter-offer is.
import { describe, expect, it } from 'vitest';
import type { OperatorJobView } from '../../api/src/presenters/printJob.ts';
import type { PrintRequestView } from '../../api/src/presenters/printRequest.ts';
import { DIFFERENCE_PAYMENT_DAYS } from '../../db/src/requests/counterDifference.ts';
import { jobDeadline } from '../../workers/src/jobs/jobDeadline.ts';
import { call, mailsTo } from '../support/marketplace.ts';
import { outboxMails } from '../support/outboxMail.ts';
import { routingKit } from '../support/routing.ts';
import { useServerSuite } from '../support/server.ts';

const DAY_MS = 86_400_000;

describe('the difference for an accepted counter-offer', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  const kit = routingKit(server);
  const { prisma, act } = kit;

  it('outlives the counter’s deadline until its own, named in the payment e-mail; then the job closes as before', async () => {
    const [farm, next] = await kit.rankedFarms(2);
    if (!farm || !next) throw new Error('farms');
    const { request, job } = await kit.order(farm);
    const dearer = (Number(job.price) + 10).toFixed(2);
    const countered = await act(farm, job.id, 'counter', { price: dearer });
    expect(countered.status).toBe(200);
    expect(countered.body.counter?.accepted).toBe(false);

    const accepted = await call<PrintRequestView>(
      kit.url(`/api/print-requests/${request.id}/counter/accept`),
      kit.cookie,
      'POST',
    );
    expect(accepted.status).toBe(200);
    const difference = accepted.body.payments.find((payment) => payment.purpose === 'difference');
    expect(difference?.status).toBe('awaiting');
    // By bank transfer, the default provider.
    expect((await prisma().payment.findUniqueOrThrow({ where: { id: difference?.id ?? '' } })).provider).toBe(
      'invoice',
    );
    const acceptedAt = Date.now();
    // The farm sees that the customer accepted and is paying, not that an answer is awaited.
    const farmView = await call<OperatorJobView>(kit.url(`/api/operator/jobs/${job.id}`), farm.cookie);
    expect(farmView.body.counter).toMatchObject({ price: dearer, accepted: true });

    // The payment's deadline is days away: the customer's page shows it, the e-mail says it, and
    // job.deadline is recorded to look again after it.
    const waiting = await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } });
    const payBy = waiting.counterRespondBy?.getTime() ?? 0;
    expect(payBy - acceptedAt).toBeGreaterThan(DIFFERENCE_PAYMENT_DAYS * DAY_MS - 60_000);
    expect(payBy - acceptedAt).toBeLessThan(DIFFERENCE_PAYMENT_DAYS * DAY_MS + 60_000);
    expect((await kit.requestView(request.id)).job?.counter?.respondBy).toBe(
      waiting.counterRespondBy?.toISOString(),
    );
    const deadlines = (
      await prisma().outboxEvent.findMany({
        where: { job: 'job.deadline', payload: { path: ['jobId'], equals: job.id } },
        orderBy: { runAt: 'asc' },
      })
    ).filter((event) => (event.payload as { kind: string }).kind === 'counter');
    // The counter's, and the payment's after its deadline.
    expect(deadlines).toHaveLength(2);
    expect(deadlines.at(-1)?.runAt.getTime()).toBeGreaterThanOrEqual(payBy);
    const mails = await mailsTo(kit.customer.email, `Pay for your order: ${request.title}`, 2);
    const asked = mails.find((mail) => mail.text?.includes('Difference to the new price'));
    expect(asked?.text).toContain('Please pay by ');
    expect(asked?.text).toContain('the new terms lapse and we offer your order to the next farm');

    // The counter's own deadline (24 h after the counter-offer) comes while the transfer is on its way.
    expect(await jobDeadline({ jobId: job.id, kind: 'counter' }, server.workers.jobContext())).toBe(
      'skipped',
    );
    expect((await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } })).state).toBe('countered');
    expect((await prisma().payment.findUniqueOrThrow({ where: { id: difference?.id ?? '' } })).status).toBe(
      'awaiting',
    );
    expect(await outboxMails(prisma(), `job-counter-refused:${job.id}`)).toBe(0);
    expect(await kit.routeEvents(request.id)).toHaveLength(1);

    // The payment's deadline passed with no money: the job is closed as an unanswered counter-offer is.
    await prisma().printJob.update({
      where: { id: job.id },
      data: { counterRespondBy: new Date(Date.now() - 60_000) },
    });
    expect(await jobDeadline({ jobId: job.id, kind: 'counter' }, server.workers.jobContext())).toBe('done');
    expect((await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } })).state).toBe('refused');
    expect((await prisma().payment.findUniqueOrThrow({ where: { id: difference?.id ?? '' } })).status).toBe(
      'failed',
    );
    expect(await outboxMails(prisma(), `job-counter-refused:${job.id}`)).toBe(1);
    await mailsTo(farm.user.email, `Your counter-offer was refused: ${request.title}`);
    expect((await kit.jobAt(request.id, next)).farmId).toBe(next.farm.id);
  });
});
