// Membership fees as invoices in the ledger: the signup fee when staff approve a farm as a paid member,
// the monthly fee on the 1st. An invoice is one row per farm, kind and period (so a retried job or a
// second approval invoices nothing twice), a ledger transaction (the farm owes the fee: 'invoice:<id>')
// and a payment awaiting the money, paid by bank transfer or a payment app with the payment's reference.
// When that money arrives the payment is secured and captured like any other (payment.capture posts
// 'invoice.paid').

import { post as rules } from '@printfarm/domain/ledger';
import type { InvoiceFacts, InvoiceKind } from '@printfarm/domain/membership';
import { parseCents } from '@printfarm/domain/money';
import type { JobPayload } from '@printfarm/domain/queues';
import type { MembershipInvoice, Payment, PrintFarm, Prisma } from '../generated/client.ts';
import { post } from '../ledger.ts';
import { recordJob } from '../outbox/index.ts';
import { farmOperatorContact } from '../requests/mail.ts';
import { createPayment, moneyTerms } from './flow.ts';

type InvoicedFarm = Pick<PrintFarm, 'id' | 'userId' | 'displayName' | 'contactName' | 'contactEmail'>;

/** What the invoice e-mail says; mail/membership.ts words it (db does not import mail). */
export interface InvoiceNotice {
  to: { email: string; firstName: string | null };
  invoice: InvoiceFacts;
  /** Staff's words on where to send the money (platform settings); may be empty. */
  instructions: string;
}

/** Builds the invoice e-mail (deferredEmail('membershipInvoiceEmail', ...)); the caller passes it in. */
export type InvoiceMail = (notice: InvoiceNotice) => Promise<JobPayload<'email.send'>>;

export interface Invoiced {
  invoice: MembershipInvoice;
  payment: Payment;
}

/** A day as the date columns take it: 'YYYY-MM-DD' (UTC), never shifted by the session's time zone. */
const day = (date: Date) => date.toISOString().slice(0, 10);

/** The 1st of the date's month (UTC): the period of that month's fee, and its due date. */
export function monthOf(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
}

/** The day `date` falls on (UTC midnight): the period and due date of a signup fee. */
export function dayOf(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/**
 * Invoices a membership fee, due on its period's day: the invoice, the farm's debt in the ledger and
 * the payment awaiting it, and (with `mail`) the operator's e-mail saying how much, by when and how to
 * pay. Null, writing nothing, when the farm already has this invoice or the fee is nothing.
 */
export async function invoiceFarm(
  tx: Prisma.TransactionClient,
  farm: InvoicedFarm,
  kind: InvoiceKind,
  period: Date,
  amountCents: number,
  mail?: InvoiceMail,
): Promise<Invoiced | null> {
  if (amountCents <= 0) return null;
  const [row] = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO membership_invoices (farm_id, kind, period, amount_cents, due_at)
    VALUES (${farm.id}::uuid, ${kind}, ${day(period)}::date, ${amountCents}, ${day(period)}::date)
    ON CONFLICT (farm_id, kind, period) DO NOTHING
    RETURNING id`;
  if (!row) return null;
  const invoice = await tx.membershipInvoice.findUniqueOrThrow({ where: { id: row.id } });
  await post(tx, {
    kind: 'invoiced',
    memo:
      kind === 'signup'
        ? `Signup fee invoiced to ${farm.displayName}`
        : `Monthly fee for ${day(period).slice(0, 7)} invoiced to ${farm.displayName}`,
    key: `invoice:${invoice.id}`,
    entries: rules.invoiced(farm.id, amountCents),
    refs: { farmId: farm.id },
  });
  // The invoice and, once paid, its receipt go to the same address: the operator's account.
  const operator = await farmOperatorContact(tx, farm.id);
  const payment = await createPayment(tx, {
    provider: 'invoice',
    purpose: 'membership',
    amountCents,
    payer: { userId: farm.userId, name: farm.contactName, email: operator.email },
    invoiceId: invoice.id,
  });
  if (mail) {
    const notice: InvoiceNotice = {
      to: operator,
      invoice: {
        id: invoice.id,
        kind,
        farmName: farm.displayName,
        period: invoice.period,
        dueAt: invoice.dueAt,
        amountCents,
        reference: payment.reference,
        payerName: payment.payerName,
        payerEmail: payment.payerEmail,
      },
      instructions: (await moneyTerms(tx)).instructions,
    };
    await recordJob(tx, 'email.send', await mail(notice));
  }
  return { invoice, payment };
}

const cents = (fee: { toString(): string }) => parseCents(fee.toString()) ?? 0;

/**
 * Staff approved the farm as a paid member: its signup fee (the farm's own, which staff may set per
 * farm) is invoiced once in its life, however often it is approved again. The farm row is locked, so
 * two approvals at once cannot both find no invoice.
 */
export async function invoiceSignupFee(
  tx: Prisma.TransactionClient,
  farmId: string,
  now: Date,
  mail?: InvoiceMail,
): Promise<Invoiced | null> {
  await tx.$queryRaw`SELECT id FROM print_farms WHERE id = ${farmId}::uuid FOR UPDATE`;
  const farm = await tx.printFarm.findUniqueOrThrow({ where: { id: farmId } });
  const earlier = await tx.membershipInvoice.count({ where: { farmId, kind: 'signup' } });
  if (earlier > 0) return null;
  return invoiceFarm(tx, farm, 'signup', dayOf(now), cents(farm.signupFee), mail);
}

/**
 * The farms the month's fee is due from: paid members, except those that joined this month (their
 * signup fee covers it; the monthly fee starts on the next 1st).
 */
export function farmsOwingMonth(db: Pick<Prisma.TransactionClient, 'printFarm'>, month: Date) {
  return db.printFarm.findMany({
    where: {
      isPaidMember: true,
      NOT: { invoices: { some: { kind: 'signup', period: { gte: month } } } },
    },
    orderBy: { id: 'asc' },
  });
}

/** The month's fee for one farm (its own monthly fee); null when it was invoiced before. */
export function invoiceMonthlyFee(
  tx: Prisma.TransactionClient,
  farm: PrintFarm,
  month: Date,
  mail?: InvoiceMail,
): Promise<Invoiced | null> {
  return invoiceFarm(tx, farm, 'monthly', month, cents(farm.monthlyFee), mail);
}

/** An invoice not yet paid: what is still owed of it, and the reference to pay it with. */
export interface OpenInvoice {
  id: string;
  farmId: string;
  kind: InvoiceKind;
  period: Date;
  dueAt: Date;
  amountCents: number;
  outstandingCents: number;
  reference: string | null;
}

/**
 * The farms' unpaid invoices, oldest due first. An invoice whose payment was secured (the money is
 * here, its capture a job away) counts as paid, whether or not the capture has marked it so yet.
 */
export async function openInvoices(
  db: Pick<Prisma.TransactionClient, 'membershipInvoice'>,
  farmIds: readonly string[],
): Promise<OpenInvoice[]> {
  if (farmIds.length === 0) return [];
  const invoices = await db.membershipInvoice.findMany({
    where: { farmId: { in: [...farmIds] }, status: 'open' },
    include: { payments: { orderBy: { createdAt: 'desc' } } },
    orderBy: [{ dueAt: 'asc' }, { createdAt: 'asc' }],
  });
  return invoices.flatMap((invoice) => {
    if (invoice.payments.some((payment) => ['authorized', 'captured'].includes(payment.status))) return [];
    const awaiting = invoice.payments.filter((payment) => payment.status === 'awaiting');
    const received = awaiting.reduce(
      (sum, payment) => sum + payment.receivedCents - payment.refundedCents,
      0,
    );
    const outstandingCents = Math.max(0, invoice.amountCents - received);
    if (outstandingCents === 0) return [];
    return [
      {
        id: invoice.id,
        farmId: invoice.farmId,
        kind: invoice.kind as InvoiceKind,
        period: invoice.period,
        dueAt: invoice.dueAt,
        amountCents: invoice.amountCents,
        outstandingCents,
        reference: awaiting[0]?.reference ?? null,
      },
    ];
  });
}
