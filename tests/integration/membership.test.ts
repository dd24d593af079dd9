// Issue 24, membership fees on the real API and workers: staff approving a farm as a paid member
// invoices its signup fee once (the ledger, an awaiting payment, the operator's e-mail); the daily job
// invoices each member's monthly fee once a month however often it runs; a transfer staff record pays
// the invoice through payment.secured and payment.capture; the operator's card shows what is owed.
import { balancesOf } from '@printfarm/db/ledger';
import { payeeAccount } from '@printfarm/domain/ledger';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MembershipView } from '../../api/src/presenters/membership.ts';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { membershipInvoice } from '../../workers/src/jobs/membershipInvoice.ts';
import { call, createFarm } from '../support/marketplace.ts';
import { outboxMails } from '../support/outboxMail.ts';
import { eventually, useServerSuite } from '../support/server.ts';

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 7)}-01`;
const nextFirst = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
};

describe('membership invoices', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' }, workers: true });
  let staffCookie: string;
  let operatorCookie: string;
  let approvedFarmId: string;
  let memberFarmId: string;
  let freeFarmId: string;
  let operatorEmail: string;

  const prisma = () => server.api.prisma;
  const invoicesOf = (farmId: string, kind: string) =>
    prisma().membershipInvoice.findMany({ where: { farmId, kind }, include: { payments: true } });
  const membershipBalance = async (farmId: string) => {
    const code = payeeAccount({ kind: 'farm', id: farmId }, 'membership');
    return (await balancesOf(prisma(), [code])).get(code);
  };
  const approve = (farmId: string, isPaidMember: boolean) =>
    call(`${server.api.url}/api/admin/print-farms/${farmId}`, staffCookie, 'PUT', { isPaidMember });
  const card = async () => {
    const { status, body } = await call<MembershipView>(`${server.api.url}/api/membership`, operatorCookie);
    expect(status).toBe(200);
    return body;
  };
  const farmOnCard = async (farmId: string) => {
    const farm = (await card()).farms.find((row) => row.id === farmId);
    if (!farm) throw new Error('the farm is not on the card');
    return farm;
  };

  beforeAll(async () => {
    const staff = await createUser(prisma(), { role: 'staff' });
    const operator = await createUser(prisma(), { role: 'operator', firstName: 'Olive' });
    staffCookie = await signIn(server.api.url, staff.email);
    operatorCookie = await signIn(server.api.url, operator.email);
    operatorEmail = operator.email;
    approvedFarmId = (await createFarm(prisma(), { zip: '78701', ownerId: operator.id })).id;
    // A member from before invoices existed (no signup invoice), and a free listing.
    const member = await createFarm(prisma(), { zip: '60601', ownerId: operator.id });
    memberFarmId = (
      await prisma().printFarm.update({
        where: { id: member.id },
        data: { isPaidMember: true, monthlyFee: '20.00' },
      })
    ).id;
    freeFarmId = (await createFarm(prisma(), { zip: '98101', ownerId: operator.id })).id;
  });

  it('invoices the signup fee when staff approve a farm as a paid member, and only once', async () => {
    const approved = await approve(approvedFarmId, true);
    expect(approved.status).toBe(200);
    const [invoice, ...more] = await invoicesOf(approvedFarmId, 'signup');
    expect(more).toEqual([]);
    if (!invoice) throw new Error('no signup invoice');
    expect(invoice).toMatchObject({ amountCents: 75000, status: 'open' });
    expect(invoice.dueAt.toISOString().slice(0, 10)).toBe(today());
    const [payment] = invoice.payments;
    expect(payment).toMatchObject({
      provider: 'invoice',
      purpose: 'membership',
      status: 'awaiting',
      amountCents: 75000,
      payerName: 'Olive Operator',
    });
    // The invoice and its receipt go to the operator's account, not the farm's public contact.
    expect(payment?.payerEmail).toBe(operatorEmail);
    expect(
      await prisma().ledgerTransaction.count({ where: { idempotencyKey: `invoice:${invoice.id}` } }),
    ).toBe(1);
    expect(await membershipBalance(approvedFarmId)).toBe(75000);
    expect(await outboxMails(prisma(), `membership-invoice:${invoice.id}`)).toBe(1);

    // Saved again as Paid, or switched to Free and back: the farm joined once.
    expect((await approve(approvedFarmId, true)).status).toBe(200);
    expect((await approve(approvedFarmId, false)).status).toBe(200);
    expect((await approve(approvedFarmId, true)).status).toBe(200);
    expect(await invoicesOf(approvedFarmId, 'signup')).toHaveLength(1);
    expect(await membershipBalance(approvedFarmId)).toBe(75000);
    expect(await outboxMails(prisma(), `membership-invoice:${invoice.id}`)).toBe(1);
  });

  it("shows the operator's card the real balance, each invoice's reference and the next due date", async () => {
    const [invoice] = await invoicesOf(approvedFarmId, 'signup');
    const farm = await farmOnCard(approvedFarmId);
    expect(farm).toMatchObject({
      isPaidMember: true,
      balanceCents: 75000,
      nextDueDate: today(),
      openInvoices: [
        {
          id: invoice?.id,
          kind: 'signup',
          dueDate: today(),
          amountCents: 75000,
          outstandingCents: 75000,
          reference: invoice?.payments[0]?.reference,
        },
      ],
    });
    expect(await farmOnCard(freeFarmId)).toMatchObject({
      isPaidMember: false,
      balanceCents: 0,
      openInvoices: [],
      nextDueDate: null,
    });
  });

  it("invoices each member's monthly fee once, however often the job runs", async () => {
    const context = server.workers.jobContext();
    await membershipInvoice({}, context);
    await membershipInvoice({}, context);
    const [invoice, ...more] = await invoicesOf(memberFarmId, 'monthly');
    expect(more).toEqual([]);
    expect(invoice).toMatchObject({ amountCents: 2000, status: 'open' });
    expect(invoice?.period.toISOString().slice(0, 10)).toBe(monthStart());
    expect(invoice?.dueAt.toISOString().slice(0, 10)).toBe(monthStart());
    expect(await outboxMails(prisma(), `membership-invoice:${invoice?.id}`)).toBe(1);
    expect(await membershipBalance(memberFarmId)).toBe(2000);
    // The farm approved this month pays its signup fee for it; a free listing pays nothing.
    expect(await invoicesOf(approvedFarmId, 'monthly')).toEqual([]);
    expect(await invoicesOf(freeFarmId, 'monthly')).toEqual([]);
    expect(await farmOnCard(memberFarmId)).toMatchObject({
      balanceCents: 2000,
      nextDueDate: monthStart(),
      openInvoices: [{ kind: 'monthly', period: monthStart(), outstandingCents: 2000 }],
    });
  });

  it('pays the invoice when staff record the transfer: part first, then the rest', async () => {
    const [invoice] = await invoicesOf(approvedFarmId, 'signup');
    const payment = invoice?.payments[0];
    if (!invoice || !payment) throw new Error('no signup payment');
    const record = (amountCents: number, reference: string) =>
      call(`${server.api.url}/api/admin/payments/${payment.id}/received`, staffCookie, 'POST', {
        amountCents,
        reference,
      });

    expect((await record(50000, 'ACH 5001')).body).toMatchObject({
      status: 'awaiting',
      receivedCents: 50000,
    });
    expect(await farmOnCard(approvedFarmId)).toMatchObject({
      balanceCents: 25000,
      openInvoices: [{ amountCents: 75000, outstandingCents: 25000 }],
    });

    expect((await record(25000, 'ACH 5002')).body).toMatchObject({
      status: 'authorized',
      receivedCents: 75000,
    });
    const captured = await eventually(async () => {
      const row = await prisma().payment.findUniqueOrThrow({ where: { id: payment.id } });
      return row.status === 'captured' ? row : undefined;
    });
    expect(captured.capturedCents).toBe(75000);
    expect(
      await prisma().ledgerTransaction.count({ where: { idempotencyKey: `capture:${payment.id}` } }),
    ).toBe(1);
    expect(await membershipBalance(approvedFarmId)).toBe(0);
    // flow.ts recordCaptured marks the invoice paid once its owner adds that step; until then, the card
    // counts an invoice whose payment was captured as paid.
    const after = await prisma().membershipInvoice.findUniqueOrThrow({ where: { id: invoice.id } });
    if (after.status === 'paid') expect(after.paidAt).not.toBeNull();
    else expect(after.status).toBe('open');
    expect(await farmOnCard(approvedFarmId)).toMatchObject({
      balanceCents: 0,
      openInvoices: [],
      nextDueDate: nextFirst(),
    });
  });
});
