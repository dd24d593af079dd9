// The weekly payouts: when each was stated, to which farm or store, how much, whether it has been sent,
// and its statement (the released jobs it pays) as a CSV download.
import { formatUsd } from '@printfarm/domain/money';
import { type Payout, payoutStatementUrl } from '../../api/earnings.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { dayOf } from './format.ts';

export function PayoutList({ payouts }: { payouts: readonly Payout[] }) {
  if (payouts.length === 0) {
    return (
      <p className="op-empty op-empty--plain">
        No payouts yet. Each week, the money available is paid out with a statement of the jobs it pays.
      </p>
    );
  }
  return (
    <ul className="payouts">
      {payouts.map((payout) => (
        <li key={payout.id} className="payouts__row" data-payout-id={payout.id}>
          <div className="payouts__what">
            <span className="payouts__amount">{formatUsd(payout.amountCents)}</span>
            <span className="payouts__meta">
              {dayOf(payout.createdAt, true)}
              {payout.payee && ` · ${payout.payee}`}
            </span>
          </div>
          <Badge variant={payout.status === 'sent' ? 'green' : 'yellow'}>
            {payout.status === 'sent' && payout.sentAt ? `Sent ${dayOf(payout.sentAt)}` : 'Being sent'}
          </Badge>
          <a className="payouts__statement" href={payoutStatementUrl(payout.id)} download>
            Statement (CSV)
          </a>
        </li>
      ))}
    </ul>
  );
}
