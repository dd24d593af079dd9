// One row of the money desk's lists of money to move (payments awaiting money, refunds to send): what it
// pays for, its reference and payer, a line on when and why; the amount and what it stands for; then what
// staff can do about it.
import { formatUsd } from '@printfarm/domain/money';
import type { ComponentProps, ReactNode } from 'react';
import type { StaffPayment } from '../../api/adminPayments.ts';

interface MoneyRowProps extends Omit<ComponentProps<'li'>, 'children'> {
  entry: Pick<StaffPayment, 'paysFor' | 'reference' | 'payer'>;
  /** The line under the payer: when it was asked, and how or why. */
  detail: ReactNode;
  cents: number;
  /** What the amount is: owed, to send, sent. */
  centsNote: ReactNode;
  /** What staff can do about it, or what was done. */
  children: ReactNode;
}

export function MoneyRow({ entry, detail, cents, centsNote, children, ...row }: MoneyRowProps) {
  return (
    <li className="unpaid__row" {...row}>
      <div className="unpaid__what">
        <p className="unpaid__title">{entry.paysFor.label}</p>
        <p className="unpaid__meta">
          <code>{entry.reference}</code> · {entry.payer.name || 'No name'} ·{' '}
          <span className="unpaid__email">{entry.payer.email}</span>
        </p>
        <p className="unpaid__meta">{detail}</p>
      </div>
      <div className="unpaid__amount">
        <span className="unpaid__owed">{formatUsd(cents)}</span>
        <span className="unpaid__meta">{centsNote}</span>
      </div>
      {children}
    </li>
  );
}
