// 'Your Print Requests': one row per request with its status, what happens next and 'View Details',
// which opens the request's own page.
import { Link } from 'react-router-dom';
import type { PrintRequestSummary } from '../../api/printRequests.ts';
import { DataAge } from '../../components/DataAge.tsx';
import { RequestStatus } from '../../components/dashboard/RequestStatus.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cx } from '../../lib/cx.ts';
import { nextStep } from './nextStep.ts';

export const NO_REQUESTS_TEXT = 'No print requests yet. Upload a design to get started!';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export interface RequestListProps {
  requests: PrintRequestSummary[] | undefined;
  loading: boolean;
  emptyText?: string;
}

function summaryOf(request: PrintRequestSummary): string {
  const parts = [
    `${request.fileCount} file${request.fileCount === 1 ? '' : 's'}`,
    [request.technology, request.material].filter(Boolean).join(' '),
    request.quotedPrice ? `$${request.quotedPrice}` : null,
    `Created ${dateFormat.format(new Date(request.createdAt))}`,
  ];
  return parts.filter(Boolean).join(' · ');
}

export function RequestList({ requests, loading, emptyText = NO_REQUESTS_TEXT }: RequestListProps) {
  if (loading) {
    return (
      <div className="request-list" aria-busy="true">
        <Skeleton className="request-list__skeleton" />
        <Skeleton className="request-list__skeleton" />
      </div>
    );
  }
  if (!requests || requests.length === 0) return <p className="dash-empty">{emptyText}</p>;
  return (
    <>
      <DataAge data={requests} className="request-list__age" />
      <ul className="request-list">
        {requests.map((request) => {
          const next = nextStep(request);
          return (
            <li key={request.id} className="request-row" data-request-id={request.id}>
              <div className="request-row__main">
                <p className="request-row__title">{request.title}</p>
                <p className="request-row__meta">{summaryOf(request)}</p>
                {next && (
                  <p className={cx('request-row__next', next.yours && 'request-row__next--yours')}>
                    {next.text}
                  </p>
                )}
              </div>
              <RequestStatus status={request.status} progress={request.progress} />
              <Link
                to={`/dashboard/requests/${request.id}`}
                className={buttonClass({
                  variant: next?.yours ? 'default' : 'outline',
                  size: 'sm',
                  className: 'request-row__open',
                })}
                aria-label={`View Details of ${request.title}`}
              >
                View Details
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
