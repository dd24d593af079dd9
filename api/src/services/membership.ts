// A farm's network membership: approved (and its signup fee invoiced), and what it owes, for the
// dashboard's membership card.
//
// What "approved" means here: a farm signs itself up and is listed free at once (no application or node
// step approves it; an operator application is a sales lead with no farm attached). The step that makes
// a farm a member is staff switching its membership to Paid (isPaidMember, spec: "staff mark a farm as a
// paid member"), so that switch is the approval, and the signup fee is invoiced in its transaction.
import type { Prisma, PrismaClient } from '@printfarm/db';
import { type InvoiceMail, invoiceSignupFee, openInvoices } from '@printfarm/db/payments/membership';
import { deferredEmail } from '@printfarm/mail/deferred';

const invoiceMail =
  (appUrl: string): InvoiceMail =>
  (notice) =>
    deferredEmail('membershipInvoiceEmail', appUrl, notice.to, notice.invoice, notice.instructions);

/** Staff approved the farm as a paid member: the signup fee, once in the farm's life, and its e-mail. */
export function invoiceSignupOnApproval(tx: Prisma.TransactionClient, farmId: string, appUrl: string) {
  return invoiceSignupFee(tx, farmId, new Date(), invoiceMail(appUrl));
}

/** The user's farms with their open invoices, for the membership card. */
export async function farmMemberships(prisma: PrismaClient, userId: string) {
  const farms = await prisma.printFarm.findMany({
    where: { userId },
    select: { id: true, displayName: true, isPaidMember: true, monthlyFee: true, signupFee: true },
    orderBy: { createdAt: 'asc' },
  });
  const invoices = await openInvoices(
    prisma,
    farms.map((farm) => farm.id),
  );
  return farms.map((farm) => ({
    ...farm,
    invoices: invoices.filter((invoice) => invoice.farmId === farm.id),
  }));
}
