// The jobs behind the earnings: each job's price, the platform's commission, what the farm receives and
// where that money stands. A table on a laptop; on a phone each row folds into a compact card (CSS).

import { formatUsd } from '@printfarm/domain/money';
import { JOB_STATE_LABELS, type JobState } from '@printfarm/domain/printJob';
import { Link } from 'react-router-dom';
import type { EarningsJob } from '../../api/earnings.ts';
import { ColumnHeads } from '../../components/ui/columnHeads.tsx';
import type { OperatorFarms } from './farmContext.ts';
import { dayOf } from './format.ts';
import { JobStateBadge } from './jobParts.tsx';

const CLAIM_WORDS: Record<string, string> = {
  open: 'claim open',
  disputed: 'claim disputed',
  reprint: 'reprint promised',
  refunded: 'claim refunded',
  closed: 'claim settled',
};

/**
 * Where the job's money stands: being charged, pending until the claims window closes, available for
 * the weekly payout, on a stated payout, or paid out.
 */
export function moneyState(
  job: Pick<EarningsJob, 'money' | 'claimsCloseAt' | 'releasedAt' | 'claim' | 'payout'>,
): string {
  const claim = job.claim ? ` · ${CLAIM_WORDS[job.claim] ?? `claim ${job.claim}`}` : '';
  if (job.money === 'paid_out') {
    return `Paid out${job.payout?.sentAt ? ` ${dayOf(job.payout.sentAt)}` : ''}${claim}`;
  }
  if (job.money === 'in_payout') {
    return `In the payout of ${job.payout ? dayOf(job.payout.createdAt) : 'this week'}, to be sent${claim}`;
  }
  if (job.money === 'available') {
    return `${job.releasedAt ? `Released ${dayOf(job.releasedAt)}` : 'Released'} for the weekly payout${claim}`;
  }
  if (job.money === 'capturing') return `Being charged to the customer${claim}`;
  return `${job.claimsCloseAt ? `Pending until ${dayOf(job.claimsCloseAt)}` : 'Pending until delivery and the claims window'}${claim}`;
}

/** The share, less the farm's part of any refund once the payment is captured (the ledger's word). */
export const youReceive = (job: Pick<EarningsJob, 'shareCents' | 'earnedCents'>) =>
  job.earnedCents ?? job.shareCents;

const EARNINGS_COLUMNS = [
  'Job',
  'State',
  { label: 'Price', className: 'earnings-jobs__num' },
  { label: 'Commission', className: 'earnings-jobs__num' },
  { label: 'You receive', className: 'earnings-jobs__num' },
  'Money',
];

export function EarningsJobs({ jobs, farms }: { jobs: readonly EarningsJob[]; farms: OperatorFarms }) {
  if (jobs.length === 0) {
    return (
      <p className="op-empty">
        No paid jobs yet. A job counts here once you accept it and the customer’s payment is charged.
      </p>
    );
  }
  const showFarm = !farms.farmId && new Set(jobs.map((job) => job.farmName)).size > 1;
  return (
    <table className="earnings-jobs">
      <caption className="sr-only">Jobs and what you receive for each</caption>
      <ColumnHeads columns={EARNINGS_COLUMNS} />
      <tbody>
        {jobs.map((job) => (
          <tr key={job.jobId} data-job-id={job.jobId}>
            <th scope="row" className="earnings-jobs__job">
              <Link to={farms.href(`/operator/jobs/${job.jobId}`)}>{job.requestTitle}</Link>
              {showFarm && <span className="earnings-jobs__farm">{job.farmName}</span>}
            </th>
            <td className="earnings-jobs__state">
              <JobStateBadge
                job={{ state: job.state, stateLabel: JOB_STATE_LABELS[job.state as JobState] ?? job.state }}
              />
            </td>
            <td className="earnings-jobs__num" data-label="Price">
              {formatUsd(job.priceCents)}
            </td>
            <td className="earnings-jobs__num" data-label="Commission">
              {formatUsd(job.commissionCents)}
            </td>
            <td className="earnings-jobs__num earnings-jobs__share" data-label="You receive">
              {formatUsd(youReceive(job))}
            </td>
            <td className="earnings-jobs__money">{moneyState(job)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
