// Daily: each member farm's monthly fee for the current month, invoiced once (the invoice's own key:
// farm, kind and month), so the run on the 2nd after a day of downtime still sends the 1st's invoices
// and every later run of the month invoices nothing. One transaction per farm: a failure retries only
// what was not yet invoiced.
import { farmsOwingMonth, invoiceMonthlyFee, monthOf } from '@printfarm/db/payments/membership';
import { deferredEmail } from '@printfarm/mail/deferred';
import type { JobHandler } from './types.ts';

export const membershipInvoice: JobHandler<'membership.invoice'> = async (_payload, { prisma, config }) => {
  const month = monthOf(new Date());
  let invoiced = 0;
  for (const farm of await farmsOwingMonth(prisma, month)) {
    const made = await prisma.$transaction((tx) =>
      invoiceMonthlyFee(tx, farm, month, (notice) =>
        deferredEmail(
          'membershipInvoiceEmail',
          config.PUBLIC_URL,
          notice.to,
          notice.invoice,
          notice.instructions,
        ),
      ),
    );
    if (made) invoiced += 1;
  }
  return invoiced > 0 ? 'done' : 'skipped';
};
