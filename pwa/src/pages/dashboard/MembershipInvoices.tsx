// What a member farm owes: its open membership invoices (the signup fee, each month's fee), each with
// the amount still to pay, its due date and the reference to write on the transfer, and their total.
import { formatUsd } from '@printfarm/domain/money';
import type { MemberFarm } from '../../api/membership.ts';

const dueFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const monthFormat = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

const localDay = (day: string) => {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
};

/** 'Jan 1, 2027', from the server's 'YYYY-MM-DD'. */
export const dueDay = (day: string) => dueFormat.format(localDay(day));

type Invoice = MemberFarm['openInvoices'][number];

const invoiceName = (invoice: Invoice) =>
  invoice.kind === 'signup' ? 'Signup fee' : `${monthFormat.format(localDay(invoice.period))} fee`;

export function MembershipInvoices({ farm }: { farm: MemberFarm }) {
  if (farm.openInvoices.length === 0) return null;
  return (
    <div className="membership-farm__balance">
      <p className="membership-farm__due">
        Balance due: <strong>{formatUsd(farm.balanceCents)}</strong>
      </p>
      <ul className="membership-invoices">
        {farm.openInvoices.map((invoice) => (
          <li key={invoice.id}>
            {invoiceName(invoice)}: {formatUsd(invoice.outstandingCents)} due {dueDay(invoice.dueDate)}
            {invoice.reference && (
              <>
                {' '}
                · reference <code className="membership-invoices__reference">{invoice.reference}</code>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
