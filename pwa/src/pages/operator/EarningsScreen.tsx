// /operator/earnings: what the farm has earned. Three totals (pending until the claims window closes,
// available for the weekly payout, paid out), the jobs with price, commission and what the farm receives,
// the payouts with their statements and how each farm or store is paid. Staff choose the farm first.
import { formatUsd } from '@printfarm/domain/money';
import { useQuery } from '@tanstack/react-query';
import { earningsQueries } from '../../api/earnings.ts';
import { errorMessage } from '../../api/request.ts';
import { DataAge } from '../../components/DataAge.tsx';
import { Figures } from '../../components/figures/Figures.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { EarningsJobs } from './EarningsJobs.tsx';
import { FarmPicker } from './FarmPicker.tsx';
import type { OperatorFarms } from './farmContext.ts';
import { PayoutAccounts } from './PayoutAccounts.tsx';
import { PayoutList } from './PayoutList.tsx';
import { ScreenHeader } from './ScreenHeader.tsx';
import './earnings.css';
import { TitledCard } from '../../components/ui/card.tsx';

function EarningsBody({ farms }: { farms: OperatorFarms }) {
  const earnings = useQuery(earningsQueries.earnings(farms.farmId));
  if (earnings.isError) return <p className="op-error">{errorMessage(earnings.error)}</p>;
  const data = earnings.data;
  return (
    <>
      <Figures
        label="Your money"
        loading={earnings.isPending}
        figures={[
          {
            label: 'Pending',
            value: formatUsd(data?.pendingCents ?? 0),
            hint: 'Until the claims window closes',
          },
          {
            label: 'Available',
            value: formatUsd(data?.availableCents ?? 0),
            hint: 'Paid out weekly',
          },
          { label: 'Paid out', value: formatUsd(data?.paidOutCents ?? 0), hint: 'Sent to you so far' },
        ]}
      />
      <TitledCard
        title="Jobs"
        description="The price the customer pays, less the platform’s commission, is what you receive."
      >
        {data ? <EarningsJobs jobs={data.jobs} farms={farms} /> : <Skeleton className="op-job-skeleton" />}
      </TitledCard>
      <TitledCard title="Payouts" description="Every week, what is available is sent with a statement.">
        {data && <PayoutAccounts accounts={data.payoutAccounts} canSetUp={!farms.isStaff} />}
        {data ? <PayoutList payouts={data.payouts} /> : <Skeleton className="op-job-skeleton" />}
      </TitledCard>
      {data && <DataAge data={data} className="op-jobs__age" />}
    </>
  );
}

export default function EarningsScreen({ farms }: { farms: OperatorFarms }) {
  const needsFarm = farms.isStaff && !farms.farmId;
  return (
    <div className="op-screen earnings">
      <title>Earnings · PrintFarm Network</title>
      <ScreenHeader
        title="Earnings"
        lead="What your jobs earn, when it becomes yours, and what has been paid out."
      >
        <FarmPicker farms={farms} allowAll />
      </ScreenHeader>
      {needsFarm ? (
        <p className="op-empty">Choose a farm to see its earnings.</p>
      ) : (
        <EarningsBody farms={farms} />
      )}
    </div>
  );
}
