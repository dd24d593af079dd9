// Request History: completed and cancelled requests, and every status change of every request.

import { statusLabel } from '@printfarm/domain/requestStatus';
import { Link } from 'react-router-dom';
import type { PrintRequestSummary } from '../../api/printRequests.ts';
import { isClosed } from '../../api/printRequests.ts';
import { StatusDot } from '../../components/dashboard/RequestStatus.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { readableNote } from '../request/format.ts';
import { RequestList } from './RequestList.tsx';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function HistoryTab({
  requests,
  loading,
}: {
  requests: PrintRequestSummary[] | undefined;
  loading: boolean;
}) {
  const closed = (requests ?? []).filter((request) => isClosed(request.status));
  const changes = (requests ?? [])
    .flatMap((request) =>
      request.statusHistory.map((change) => ({ ...change, title: request.title, requestId: request.id })),
    )
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <div className="dash-stack">
      <Card>
        <CardHeader>
          <CardTitle>Completed &amp; Cancelled Requests</CardTitle>
        </CardHeader>
        <CardContent>
          <RequestList
            requests={closed}
            loading={loading}
            emptyText="No completed or cancelled requests yet."
          />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Status History</CardTitle>
          <CardDescription>Every change to your print requests, newest first.</CardDescription>
        </CardHeader>
        <CardContent>
          {changes.length === 0 ? (
            <p className="dash-empty">{loading ? 'Loading...' : 'No status changes yet.'}</p>
          ) : (
            <ol className="status-history">
              {changes.map((change) => (
                <li key={change.id}>
                  <StatusDot status={change.toStatus} />{' '}
                  <Link to={`/dashboard/requests/${change.requestId}`} className="status-history__request">
                    {change.title}
                  </Link>
                  : {change.fromStatus ? `${statusLabel(change.fromStatus)} → ` : ''}
                  {statusLabel(change.toStatus)} · {dateTime.format(new Date(change.createdAt))}
                  {change.note && (
                    <span className="status-history__note"> — {readableNote(change.note)}</span>
                  )}
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
