// 'Your Print Requests': one row per request with its status and 'View Details'.
import { useState } from 'react';
import type { PrintRequestSummary } from '../../api/printRequests.ts';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { RequestDetailsDialog } from './RequestDetailsDialog.tsx';
import { RequestStatus } from './RequestStatus.tsx';

export const NO_REQUESTS_TEXT = 'No print requests yet. Upload a design to get started!';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

export interface RequestListProps {
  requests: PrintRequestSummary[] | undefined;
  loading: boolean;
  emptyText?: string;
}

export function RequestList({ requests, loading, emptyText = NO_REQUESTS_TEXT }: RequestListProps) {
  const [openId, setOpenId] = useState<string | null>(null);
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
      <ul className="request-list">
        {requests.map((request) => (
          <li key={request.id} className="request-row">
            <div className="request-row__main">
              <p className="request-row__title">{request.title}</p>
              <p className="request-row__meta">
                {request.fileCount} file{request.fileCount === 1 ? '' : 's'} · Created{' '}
                {dateFormat.format(new Date(request.createdAt))}
              </p>
            </div>
            <RequestStatus status={request.status} progress={request.progress} />
            <Button variant="outline" size="sm" onClick={() => setOpenId(request.id)}>
              View Details
            </Button>
          </li>
        ))}
      </ul>
      {openId && <RequestDetailsDialog requestId={openId} onClose={() => setOpenId(null)} />}
    </>
  );
}
