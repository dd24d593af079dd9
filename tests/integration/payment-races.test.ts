// Money that arrives at an awkward moment, on the real services: a bank transfer made twice before the
// farm accepts, and a transfer recorded while the customer cancels. Each must end with the customer
// refunded exactly what was not earned, the farm keeping its share, one e-mail per refund and the
// books balanced.

import { cachedBalanceDrift, trialBalance } from '@printfarm/db/ledger';
import { lockPayment, recordReceived } from '@printfarm/db/payments/flow';
import { describe, expect, it } from 'vitest';
import { blockedBehind } from '../support/locks.ts';
import { emailsTo } from '../support/maildev.ts';
import { call, mailsTo } from '../support/marketplace.ts';
import { awaitingPayment, moneySettled, recordTransfer } from '../support/payments.ts';
import { routingKit } from '../support/routing.ts';
import { useServerSuite } from '../support/server.ts';

describe('payments arriving at an awkward moment', () => {
  const server = useServerSuite({ workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } } });
  const kit = routingKit(server);
  const { url, prisma, act } = kit;

  async function expectBooksBalance() {
    expect((await trialBalance(prisma())).balanceCents).toBe(0);
    expect(await cachedBalanceDrift(prisma())).toEqual([]);
  }

  const refundMails = async (address: string) =>
    (await emailsTo(address)).filter((mail) => mail.subject.startsWith('Refund'));

  it('a transfer made twice before the farm accepts goes back once, and the farm keeps its share', async () => {
    const [farm] = await kit.rankedFarms(1);
    if (!farm) throw new Error('farm');
    const { request, job } = await kit.order(farm);
    const paid = await prisma().payment.findFirstOrThrow({ where: { requestId: request.id } });
    // The customer's bank sends the same transfer again; it is recorded, and refunded, before the accept.
    await recordTransfer(prisma(), paid.id, paid.amountCents);
    await moneySettled(server);
    expect((await act(farm, job.id, 'accept')).status).toBe(200);
    await moneySettled(server);

    const settled = await prisma().payment.findUniqueOrThrow({ where: { id: paid.id } });
    const accepted = await prisma().printJob.findUniqueOrThrow({ where: { id: job.id } });
    const priceCents = Math.round(Number(accepted.price) * 100);
    expect({
      received: settled.receivedCents,
      captured: settled.capturedCents,
      share: settled.shareCents,
      refunded: settled.refundedCents,
    }).toEqual({
      received: 2 * paid.amountCents,
      captured: priceCents,
      share: priceCents - accepted.commissionCents,
      refunded: paid.amountCents,
    });
    const [pending] = await prisma().$queryRaw<{ balance: number }[]>`
      SELECT balance_cents::int AS balance FROM ledger_accounts WHERE code = ${`farm:${farm.farm.id}:pending`}`;
    expect(-(pending?.balance ?? 0)).toBe(priceCents - accepted.commissionCents);
    await mailsTo(kit.customer.email, 'Refund');
    expect(await refundMails(kit.customer.email)).toHaveLength(1);
    await expectBooksBalance();
  });

  // The cancel reads the payment as awaited, then waits for the row the transfer holds; the transfer
  // commits, in part (the payment stays awaited) or in full (it is secured), before the cancel writes.
  it.each([
    ['in part', (amountCents: number) => amountCents - 100],
    ['in full', (amountCents: number) => amountCents],
  ])(
    'a transfer made %s while the customer cancels goes back, instead of staying on a failed payment',
    async (_, part) => {
      await kit.rankedFarms(1);
      const before = (await refundMails(kit.customer.email)).length;
      const { request, offers } = await kit.quote();
      expect((await kit.accept(request.id, offers[0], { pay: false })).status).toBe(200);
      const payment = await awaitingPayment(prisma(), request.id);
      const cents = part(payment.amountCents);

      const cancelled = await blockedBehind(prisma(), {
        lock: (tx) => lockPayment(tx, payment.id),
        contenders: () => call(url(`/api/print-requests/${request.id}/cancel`), kit.cookie, 'POST', {}),
        beforeCommit: async (tx) => {
          const row = await tx.payment.findUniqueOrThrow({ where: { id: payment.id } });
          await recordReceived(tx, row, { cents, bankReference: 'race-transfer' });
        },
      });
      expect(cancelled.status).toBe(200);
      await moneySettled(server);

      const after = await prisma().payment.findUniqueOrThrow({ where: { id: payment.id } });
      expect({ status: after.status, received: after.receivedCents, refunded: after.refundedCents }).toEqual({
        status: 'refunded',
        received: cents,
        refunded: cents,
      });
      await mailsTo(kit.customer.email, 'Refund', before + 1);
      expect(await refundMails(kit.customer.email)).toHaveLength(before + 1);
      expect(await prisma().printJob.count({ where: { requestId: request.id } })).toBe(0);
      await expectBooksBalance();
    },
  );
});
