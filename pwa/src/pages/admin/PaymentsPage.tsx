// /admin/payments: staff's money desk. The figures that need someone (money to collect, payouts to send,
// claims to decide) and the trial balance; then payments awaiting money with a form to record each
// transfer, a bank statement to match, the claims, the payouts to mark sent, the refunds and the ledger.
import { formatUsd } from '@printfarm/domain/money';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { adminPaymentQueries, type MoneyDesk } from '../../api/adminPayments.ts';
import { Figures } from '../../components/figures/Figures.tsx';
import { TitledCard } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ClaimRow } from './ClaimsDesk.tsx';
import { DeskList } from './DeskList.tsx';
import { LedgerAccountsTable, TrialBalanceLine } from './LedgerCard.tsx';
import { PayoutRow, RefundRow } from './PayoutsDesk.tsx';
import { ReconcileCard } from './ReconcileCard.tsx';
import { RefundTransfer } from './RefundTransfers.tsx';
import { StaffScreen, staffPage } from './StaffScreen.tsx';
import { UnpaidPayment } from './UnpaidPayments.tsx';
import './staff.css';
import './payments.css';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function DeskFigures({ desk, loading }: { desk: MoneyDesk | undefined; loading: boolean }) {
  const unpaid = desk?.unpaid ?? [];
  // Stripe sends the statements of payees who can take transfers: staff send the rest.
  const pendingPayouts = (desk?.payouts ?? []).filter(
    (payout) => payout.status === 'pending' && !payout.throughStripe,
  );
  const disputed = (desk?.claims ?? []).filter((claim) => claim.status === 'disputed');
  return (
    <Figures
      label="Money to act on"
      loading={loading}
      figures={[
        {
          label: 'Awaiting payment',
          value: formatUsd(sum(unpaid.map((payment) => payment.amountCents - payment.receivedCents))),
          hint: `${unpaid.length} payment${unpaid.length === 1 ? '' : 's'}`,
        },
        {
          label: 'Payouts to send',
          value: formatUsd(sum(pendingPayouts.map((payout) => payout.amountCents))),
          hint: `${pendingPayouts.length} statement${pendingPayouts.length === 1 ? '' : 's'}`,
        },
        {
          label: 'Claims to decide',
          value: String(disputed.length),
          hint: `${(desk?.claims.length ?? 0) - disputed.length} waiting for the farm’s answer`,
        },
      ]}
    />
  );
}

function PaymentsScreen() {
  const desk = useQuery(adminPaymentQueries.desk());
  const data = desk.data;
  /** A list once the desk has loaded: a row for each entry, or the words for none. */
  const list = <TEntry extends { id: string }>(
    entries: readonly TEntry[] | undefined,
    empty: string,
    className: string,
    row: ComponentType<{ entry: TEntry }>,
  ) =>
    entries ? (
      <DeskList entries={entries} empty={empty} className={className} row={row} />
    ) : (
      <Skeleton className="staff-skeleton" />
    );
  // Money coming in on the left, money going out on the right.
  const columns = [
    [
      {
        id: 'unpaid',
        title: 'Awaiting payment',
        description:
          'Record a transfer when it shows at the bank: the amount and the bank’s own reference for it.',
        children: list(data?.unpaid, 'No payment is awaiting money.', 'unpaid', UnpaidPayment),
      },
      {
        id: 'statement',
        title: 'Match a bank statement',
        description: 'Lines already recorded by an earlier upload are never counted twice.',
        children: <ReconcileCard />,
      },
      {
        id: 'claims',
        title: 'Claims',
        description: 'Disputed claims wait for your decision.',
        children: list(data?.claims, 'No claim is open or disputed.', 'claims-desk', ClaimRow),
      },
    ],
    [
      {
        id: 'refunds-to-send',
        title: 'Refunds to send',
        description: 'Refunds by bank transfer: send each to the account it came from, then mark it sent.',
        children: list(data?.refundTransfers, 'No refund is waiting to be sent.', 'unpaid', RefundTransfer),
      },
      {
        id: 'payouts',
        title: 'Payouts',
        description: 'Weekly statements; mark each sent once the money has left.',
        children: list(data?.payouts, 'No payout statements yet.', 'desk-list', PayoutRow),
      },
      {
        id: 'refunds',
        title: 'Refunds',
        children: list(data?.refunds, 'Nothing has been refunded.', 'desk-list', RefundRow),
      },
    ],
  ] as const;
  return (
    <StaffScreen
      title="Payments"
      aside={<TrialBalanceLine />}
      className="payments-page"
      error={desk.error}
      errorText="Error loading payments"
    >
      <title>Payments · Staff · PrintFarm Network</title>
      <DeskFigures desk={data} loading={desk.isPending} />
      <div className="payments-grid">
        {columns.map((column) => (
          <div key={column[0].id} className="payments-grid__column">
            {column.map((section) => (
              <TitledCard key={section.id} className="payments-section" {...section} />
            ))}
          </div>
        ))}
        <TitledCard
          id="ledger"
          className="payments-section"
          title="Ledger accounts"
          description="Each account’s balance: debits positive, credits negative."
        >
          <LedgerAccountsTable />
        </TitledCard>
      </div>
    </StaffScreen>
  );
}

export default staffPage(PaymentsScreen);
