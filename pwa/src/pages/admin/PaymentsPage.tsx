// /admin/payments: staff's money desk. The figures that need someone (money to collect, payouts to send,
// claims to decide) and the trial balance; then payments awaiting money with a form to record each
// transfer, a bank statement to match, the claims, the payouts to mark sent, the refunds and the ledger.
import { formatUsd } from '@printfarm/domain/money';
import { useQuery } from '@tanstack/react-query';
import { adminPaymentQueries, type MoneyDesk } from '../../api/adminPayments.ts';
import { errorMessage } from '../../api/request.ts';
import { Figures } from '../../components/figures/Figures.tsx';
import { TitledCard } from '../../components/ui/card.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isUnauthorized, useRedirectOnUnauthorized } from '../../lib/useRedirectOnUnauthorized.ts';
import { SiteLayout } from '../SiteLayout.tsx';
import { ClaimsDesk } from './ClaimsDesk.tsx';
import { LedgerAccountsTable, TrialBalanceLine } from './LedgerCard.tsx';
import { PayoutsDesk, RefundsList } from './PayoutsDesk.tsx';
import { ReconcileCard } from './ReconcileCard.tsx';
import { RefundTransfers } from './RefundTransfers.tsx';
import { StaffNav } from './StaffNav.tsx';
import { StaffOnly } from './StaffOnly.tsx';
import { UnpaidPayments } from './UnpaidPayments.tsx';
import './staff.css';
import './payments.css';

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function DeskFigures({ desk, loading }: { desk: MoneyDesk | undefined; loading: boolean }) {
  const unpaid = desk?.unpaid ?? [];
  const pendingPayouts = (desk?.payouts ?? []).filter((payout) => payout.status === 'pending');
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
  useRedirectOnUnauthorized(desk.error);
  const data = desk.data;
  const loading = <Skeleton className="staff-skeleton" />;
  // Money coming in on the left, money going out on the right.
  const columns = [
    [
      {
        id: 'unpaid',
        title: 'Awaiting payment',
        description:
          'Record a transfer when it shows at the bank: the amount and the bank’s own reference for it.',
        children: data ? <UnpaidPayments payments={data.unpaid} /> : loading,
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
        children: data ? <ClaimsDesk claims={data.claims} /> : loading,
      },
    ],
    [
      {
        id: 'refunds-to-send',
        title: 'Refunds to send',
        description: 'Refunds by bank transfer: send each to the account it came from, then mark it sent.',
        children: data ? <RefundTransfers refunds={data.refundTransfers} /> : loading,
      },
      {
        id: 'payouts',
        title: 'Payouts',
        description: 'Weekly statements; mark each sent once the money has left.',
        children: data ? <PayoutsDesk payouts={data.payouts} /> : loading,
      },
      { id: 'refunds', title: 'Refunds', children: data ? <RefundsList refunds={data.refunds} /> : loading },
    ],
  ] as const;
  return (
    <SiteLayout>
      <title>Payments · Staff · PrintFarm Network</title>
      <Container className="staff-page payments-page">
        <StaffNav />
        <header className="staff-page__header">
          <h1>Payments</h1>
          <TrialBalanceLine />
        </header>
        {desk.isError && !isUnauthorized(desk.error) && (
          <p className="staff-page__error">{errorMessage(desk.error, 'Error loading payments')}</p>
        )}
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
      </Container>
    </SiteLayout>
  );
}

export default function PaymentsPage() {
  return <StaffOnly>{() => <PaymentsScreen />}</StaffOnly>;
}
