// The money of one print request from end to end, every step read back from the API, the ledger and
// MailDev: the customer accepts and is told how to pay; staff record the bank transfer; the farm sees the
// job ('you receive $X') and accepts, and the capture is written; shipped and delivered; a claim refunded
// in part; the claims window closes and the rest of the share becomes available; the weekly payout
// states it, its CSV statement lists the job, staff mark it sent and the operator is told. And: a
// cancellation before printing refunds everything; a dearer counter-offer waits for the difference.
import { cachedBalanceDrift, trialBalance } from '@printfarm/db/ledger';
import { describe, expect, it } from 'vitest';
import type { PrintRequestView } from '../../api/src/presenters/printRequest.ts';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { claimsClose } from '../../workers/src/jobs/claimsClose.ts';
import { payoutsRun } from '../../workers/src/jobs/payoutsRun.ts';
import { call, mailsTo } from '../support/marketplace.ts';
import { awaitingPayment, recordTransfer } from '../support/payments.ts';
import { routingKit } from '../support/routing.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const PNG = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]).toString('base64')}`;

describe('money from accept to payout', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  const kit = routingKit(server);
  const { url, prisma, act } = kit;

  async function staffCookie() {
    const staff = await createUser(prisma(), { role: 'staff' });
    return signIn(server.api.url, staff.email, staff.password);
  }

  it('pays by bank transfer, captures on accept, refunds a claim, releases after the window and pays out once', {
    timeout: 120_000,
  }, async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { request, offers } = await kit.quote();
    const offer = offers[0];
    if (!offer) throw new Error('offer');
    const priceCents = Math.round(Number(offer.price) * 100);

    // 1. Accepting asks for the money: the answer carries the payment, the e-mail says how to pay.
    const accepted = await kit.accept(request.id, offer, { pay: false });
    expect(accepted.status).toBe(200);
    expect(accepted.body.payment).toMatchObject({ status: 'awaiting', amountCents: priceCents });
    const payment = accepted.body.payment;
    if (!payment) throw new Error('payment');
    expect(payment.reference).toMatch(/^PF-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    expect(payment.instructions).toContain(payment.reference);
    expect(accepted.body.charge?.lines.map((line) => line.label)).toEqual([
      'Printed parts',
      'Shipping',
      'Tax',
    ]);
    expect(accepted.body.charge?.lines.reduce((sum, line) => sum + line.cents, 0)).toBe(priceCents);
    const [howToPay] = await mailsTo(kit.customer.email, `Pay for your order: ${request.title}`);
    expect(howToPay?.text).toContain(payment.reference);
    // The farm sees nothing until the money is here.
    expect(await prisma().printJob.count({ where: { requestId: request.id } })).toBe(0);

    // 2. Staff record the transfer: the order goes to the farm, the customer hears it arrived.
    const staff = await staffCookie();
    const received = await call(url(`/api/admin/payments/${payment.id}/received`), staff, 'POST', {
      amountCents: priceCents,
      reference: 'ACH 0042',
    });
    expect(received.status).toBe(200);
    await mailsTo(kit.customer.email, 'Payment received');
    const job = await kit.jobAt(request.id, farm);
    const seen = await call<{ youReceive: string; commission: string; price: string }>(
      url(`/api/operator/jobs/${job.id}`),
      farm.cookie,
    );
    const commissionCents = Math.max(100, Math.round(priceCents * 0.1));
    expect(seen.body.commission).toBe((commissionCents / 100).toFixed(2));
    expect(seen.body.youReceive).toBe(((priceCents - commissionCents) / 100).toFixed(2));

    // 3. The farm accepts: the payment is captured, the share pending, the commission earned.
    expect((await act(farm, job.id, 'accept')).status).toBe(200);
    const captured = await eventually(async () => {
      const row = await prisma().payment.findUniqueOrThrow({ where: { id: payment.id } });
      return row.status === 'captured' ? row : undefined;
    });
    expect(captured).toMatchObject({ capturedCents: priceCents, shareCents: priceCents - commissionCents });
    const earnings = async () =>
      (
        await call<{
          pendingCents: number;
          availableCents: number;
          paidOutCents: number;
          jobs: { jobId: string }[];
        }>(url('/api/operator/earnings'), farm.cookie)
      ).body;
    expect(await earnings()).toMatchObject({ pendingCents: priceCents - commissionCents, availableCents: 0 });

    // 4. Shipped and delivered; the customer claims within the window, the farm refunds $5.
    expect(
      (await act(farm, job.id, 'ship', { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).status,
    ).toBe(200);
    expect((await act(farm, job.id, 'deliver')).status).toBe(200);
    const delivered = await kit.requestView(request.id);
    expect(delivered.claimOpenUntil).not.toBeNull();
    const claimed = await call(url(`/api/print-requests/${request.id}/claim`), kit.cookie, 'POST', {
      reason: 'defective',
      details: 'One side has a split layer',
      photos: [PNG],
    });
    expect(claimed.status).toBe(201);
    await mailsTo(farm.user.email, `Claim opened: ${request.title}`);
    const answered = await call(url(`/api/operator/jobs/${job.id}/claim`), farm.cookie, 'POST', {
      resolution: 'refund',
      refundCents: 500,
      message: 'Sorry about that',
    });
    expect(answered.status).toBe(200);
    await mailsTo(kit.customer.email, `Your claim: ${request.title}`);
    await mailsTo(kit.customer.email, 'Refund: $5.00');
    const refunded = await eventually(async () => {
      const row = await prisma().payment.findUniqueOrThrow({ where: { id: payment.id } });
      return row.refundedCents === 500 ? row : undefined;
    });
    expect(refunded.status).toBe('captured');

    // 5. The window closes (moved into the past here): what is left of the share becomes available.
    await prisma().printJob.update({
      where: { id: job.id },
      data: { claimsCloseAt: new Date(Date.now() - 1000) },
    });
    expect(await claimsClose({ jobId: job.id }, server.workers.jobContext())).toBe('done');
    const shareLeft =
      priceCents - commissionCents - Math.round((500 * (priceCents - commissionCents)) / priceCents);
    expect(await earnings()).toMatchObject({ pendingCents: 0, availableCents: shareLeft, paidOutCents: 0 });

    // 6. The weekly payout states it; its statement lists the job; staff mark it sent, once.
    expect(await payoutsRun({}, server.workers.jobContext())).toBe('done');
    expect(await payoutsRun({}, server.workers.jobContext())).toBe('skipped');
    const payout = await prisma().payout.findFirstOrThrow({ where: { farmId: farm.farm.id } });
    expect(payout.amountCents).toBe(shareLeft);
    const statement = await fetch(url(`/api/operator/payouts/${payout.id}/statement.csv`), {
      headers: { cookie: farm.cookie },
    });
    expect(statement.status).toBe(200);
    const csv = await statement.text();
    expect(csv).toContain(request.title);
    expect(csv).toContain(`Total,,${(shareLeft / 100).toFixed(2)}`);
    expect((await call(url(`/api/admin/payouts/${payout.id}/sent`), staff, 'POST')).status).toBe(200);
    expect((await call(url(`/api/admin/payouts/${payout.id}/sent`), staff, 'POST')).status).toBe(409);
    await mailsTo(farm.user.email, `Payout sent: $${(shareLeft / 100).toFixed(2)}`);
    expect(await earnings()).toMatchObject({ pendingCents: 0, availableCents: 0, paidOutCents: shareLeft });

    // The books: every entry balances, the cached balances are their entries' sums.
    const trial = await call<{ balanceCents: number; transactions: number }>(
      url('/api/admin/ledger/trial-balance'),
      staff,
    );
    expect(trial.body.balanceCents).toBe(0);
    expect(trial.body).toEqual(await trialBalance(prisma()));
    expect(await cachedBalanceDrift(prisma())).toEqual([]);
  });

  it('a cancellation before printing refunds the whole payment, and the e-mail says so', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { request, job } = await kit.order(farm);
    expect((await act(farm, job.id, 'accept')).status).toBe(200);
    const payment = await eventually(async () => {
      const row = await prisma().payment.findFirst({ where: { requestId: request.id, status: 'captured' } });
      return row ?? undefined;
    });
    const cancelled = await call<PrintRequestView>(
      url(`/api/print-requests/${request.id}/cancel`),
      kit.cookie,
      'POST',
      {
        reason: 'Changed my mind',
      },
    );
    expect(cancelled.status).toBe(200);
    const refunded = await eventually(async () => {
      const row = await prisma().payment.findUniqueOrThrow({ where: { id: payment.id } });
      return row.status === 'refunded' ? row : undefined;
    });
    expect(refunded.refundedCents).toBe(payment.capturedCents);
    const [mail] = await mailsTo(kit.customer.email, `Refund: $${(payment.capturedCents / 100).toFixed(2)}`);
    expect(mail?.text).toContain('You cancelled the order before printing');
    expect((await trialBalance(prisma())).balanceCents).toBe(0);
  });

  it('a cancellation while the payment is awaited calls it off; money arriving later goes back by itself', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { request, offers } = await kit.quote();
    expect((await kit.accept(request.id, offers[0], { pay: false })).status).toBe(200);
    const payment = await awaitingPayment(prisma(), request.id);
    expect((await call(url(`/api/print-requests/${request.id}/cancel`), kit.cookie, 'POST', {})).status).toBe(
      200,
    );
    expect((await prisma().payment.findUniqueOrThrow({ where: { id: payment.id } })).status).toBe('failed');
    await recordTransfer(prisma(), payment.id);
    const back = await eventually(async () => {
      const row = await prisma().payment.findUniqueOrThrow({ where: { id: payment.id } });
      return row.refundedCents === payment.amountCents ? row : undefined;
    });
    expect(back.status).toBe('refunded');
    expect(await prisma().printJob.count({ where: { requestId: request.id } })).toBe(0);
  });
});
