// The ledger's health at a glance: the trial balance (every entry summed: $0.00 when every transaction
// balanced) over how many transactions, any account whose cached balance drifted, and the accounts.
import { formatUsd } from '@printfarm/domain/money';
import { useQuery } from '@tanstack/react-query';
import { adminPaymentQueries, type TrialBalance } from '../../api/adminPayments.ts';
import { errorMessage } from '../../api/request.ts';
import { ColumnHeads } from '../../components/ui/columnHeads.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cx } from '../../lib/cx.ts';

export function trialBalanceText(balance: TrialBalance): string {
  const count = balance.transactions;
  return `Trial balance ${formatUsd(balance.balanceCents)} over ${count.toLocaleString('en-US')} transaction${count === 1 ? '' : 's'}`;
}

export function TrialBalanceLine() {
  const balance = useQuery(adminPaymentQueries.trialBalance());
  if (balance.isPending) return <Skeleton className="ledger-balance__skeleton" />;
  if (balance.isError) return <p className="staff-page__error">{errorMessage(balance.error)}</p>;
  const even = balance.data.balanceCents === 0;
  return (
    <p
      className={cx('ledger-balance', even ? 'ledger-balance--even' : 'ledger-balance--off')}
      data-testid="trial-balance"
    >
      <span aria-hidden="true">{even ? '✓' : '!'}</span> {trialBalanceText(balance.data)}
    </p>
  );
}

/** 'farm:<uuid>:pending' → 'Farm 3F2A9C1B · pending'; 'platform:feeRevenue' → 'Platform · feeRevenue'. */
export function accountName(code: string): string {
  const [owner = '', ...rest] = code.split(':');
  const name = rest.at(-1) ?? '';
  const id = rest.length > 1 ? ` ${rest[0]?.slice(0, 8).toUpperCase()}` : '';
  return `${owner.charAt(0).toUpperCase()}${owner.slice(1)}${id} · ${name}`;
}

const LEDGER_COLUMNS = ['Account', 'Kind', { label: 'Balance', className: 'ledger-accounts__num' }];

export function LedgerAccountsTable() {
  const accounts = useQuery(adminPaymentQueries.accounts());
  if (accounts.isPending) return <Skeleton className="staff-skeleton" />;
  if (accounts.isError) return <p className="staff-page__error">{errorMessage(accounts.error)}</p>;
  const { drift } = accounts.data;
  return (
    <>
      {drift.length > 0 && (
        <p className="staff-page__error" role="alert">
          {drift.length} account{drift.length === 1 ? '' : 's'} disagree with their entries:{' '}
          {drift.map((account) => account.code).join(', ')}
        </p>
      )}
      <div className="ledger-accounts__scroll">
        <table className="ledger-accounts">
          <caption className="sr-only">Ledger accounts and their balances</caption>
          <ColumnHeads columns={LEDGER_COLUMNS} />
          <tbody>
            {accounts.data.accounts.map((account) => (
              <tr key={account.code}>
                <th scope="row" title={account.code}>
                  {accountName(account.code)}
                </th>
                <td>{account.kind}</td>
                <td className="ledger-accounts__num">{formatUsd(account.balanceCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
