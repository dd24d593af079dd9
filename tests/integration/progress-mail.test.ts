// Progress e-mails (issue 25, defect 13): between 'printing started' and 'shipped' the customer of a long
// job hears once that it is past half-way, the first time the farm reports 50 % or more, however the
// reports go after that. A short job, or a job shipped without reports, gets no such e-mail.
import { describe, expect, it } from 'vitest';
import { mailsTo } from '../support/marketplace.ts';
import { outboxMails } from '../support/outboxMail.ts';
import { dayAfter, type Operator, routingKit } from '../support/routing.ts';
import { useServerSuite } from '../support/server.ts';

describe('the half-way e-mail', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  const kit = routingKit(server);
  const { prisma, act } = kit;

  /** An accepted job whose farm promised it `days` days from now. */
  async function acceptedJob(farm: Operator, days: number) {
    const { request, job } = await kit.order(farm);
    expect((await act(farm, job.id, 'accept')).status).toBe(200);
    await prisma().printJob.update({ where: { id: job.id }, data: { readyBy: new Date(dayAfter(days)) } });
    return { request, job };
  }

  const progress = async (farm: Operator, jobId: string, percent: number) =>
    expect((await act(farm, jobId, 'progress', { percent })).status).toBe(200);

  it('a job promised days ahead mails once when it first passes 50 %, even as progress goes back and forth', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { request, job } = await acceptedJob(farm, 5);
    const key = `job-halfway:${job.id}`;

    await progress(farm, job.id, 10);
    await progress(farm, job.id, 49);
    expect(await outboxMails(prisma(), key)).toBe(0);
    await progress(farm, job.id, 90);
    expect(await outboxMails(prisma(), key)).toBe(1);
    await progress(farm, job.id, 40);
    await progress(farm, job.id, 60);
    await progress(farm, job.id, 95);
    expect(await outboxMails(prisma(), key)).toBe(1);
    const shipped = await act(farm, job.id, 'ship', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' });
    expect(shipped.status).toBe(200);
    expect(await outboxMails(prisma(), key)).toBe(1);

    const [mail] = await mailsTo(kit.customer.email, `Half-way there: ${request.title}`);
    expect(mail?.text).toContain(`is past half-way printing "${request.title}"`);
    expect(mail?.text).toContain(`/dashboard/requests/${request.id}`);
    // The shipped e-mail came after it, and no second half-way e-mail with it.
    await mailsTo(kit.customer.email, `Shipped: ${request.title}`);
    expect(await mailsTo(kit.customer.email, `Half-way there: ${request.title}`)).toHaveLength(1);
  });

  it('a first report straight from 0 to 90 % mails that printing started and that it is past half-way', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { request, job } = await acceptedJob(farm, 4);
    await progress(farm, job.id, 90);
    expect(await outboxMails(prisma(), `job-printing:${job.id}`)).toBe(1);
    expect(await outboxMails(prisma(), `job-halfway:${job.id}`)).toBe(1);
    await mailsTo(kit.customer.email, `Half-way there: ${request.title}`);
  });

  it('a job due by tomorrow, or one shipped without a progress report, gets no half-way e-mail', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const short = await acceptedJob(farm, 1);
    await progress(farm, short.job.id, 80);
    expect(await outboxMails(prisma(), `job-printing:${short.job.id}`)).toBe(1);
    expect(await outboxMails(prisma(), `job-halfway:${short.job.id}`)).toBe(0);

    const shippedAtOnce = await acceptedJob(farm, 5);
    const shipped = await act(farm, shippedAtOnce.job.id, 'ship', {
      carrier: 'UPS',
      trackingNumber: '1Z999AA10123456784',
    });
    expect(shipped.status).toBe(200);
    expect(await outboxMails(prisma(), `job-shipped:${shippedAtOnce.job.id}`)).toBe(1);
    expect(await outboxMails(prisma(), `job-halfway:${shippedAtOnce.job.id}`)).toBe(0);
  });
});
