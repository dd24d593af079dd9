// The dashboard's membership card: the platform's fees (staff set them in platform settings) and, for
// an operator, each farm's own membership: paid or free, what it owes (its open invoices, each with the
// reference to pay it with) and the next due date.
import type { Settings } from '@printfarm/domain/network';

/** An open invoice as db/payments/membership.ts openInvoices reads it. */
interface OpenInvoice {
  id: string;
  kind: 'signup' | 'monthly';
  period: Date;
  dueAt: Date;
  amountCents: number;
  outstandingCents: number;
  reference: string | null;
}

interface MemberFarm {
  id: string;
  displayName: string;
  isPaidMember: boolean;
  monthlyFee: { toFixed(digits: number): string };
  signupFee: { toFixed(digits: number): string };
  invoices: readonly OpenInvoice[];
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** The 1st of the month after `now`, as 'YYYY-MM-DD'. */
export function nextDueDate(now = new Date()): string {
  return day(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)));
}

function presentInvoice(invoice: OpenInvoice) {
  return {
    id: invoice.id,
    kind: invoice.kind,
    /** 'YYYY-MM-DD': the month's 1st, or the approval day of a signup fee. */
    period: day(invoice.period),
    dueDate: day(invoice.dueAt),
    amountCents: invoice.amountCents,
    /** What is still owed of it (less a transfer that paid part). */
    outstandingCents: invoice.outstandingCents,
    reference: invoice.reference,
  };
}

function presentFarm(farm: MemberFarm) {
  const balanceCents = farm.invoices.reduce((sum, invoice) => sum + invoice.outstandingCents, 0);
  const firstDue = farm.invoices[0];
  return {
    id: farm.id,
    name: farm.displayName,
    isPaidMember: farm.isPaidMember,
    monthlyFee: farm.monthlyFee.toFixed(2),
    signupFee: farm.signupFee.toFixed(2),
    /** The sum of its open invoices. */
    balanceCents,
    openInvoices: farm.invoices.map(presentInvoice),
    /** The oldest open invoice's due date, else (a member) the next 1st; null for a free listing. */
    nextDueDate: firstDue ? day(firstDue.dueAt) : farm.isPaidMember ? nextDueDate() : null,
  };
}

export function presentMembership(payments: Settings['payments'], farms: readonly MemberFarm[]) {
  return {
    monthlyFee: payments.monthlyFee,
    signupFee: payments.signupFee,
    paymentInstructions: payments.paymentInstructions || null,
    farms: farms.map(presentFarm),
  };
}

export type MembershipView = ReturnType<typeof presentMembership>;
