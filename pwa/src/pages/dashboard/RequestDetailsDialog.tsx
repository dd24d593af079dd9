// 'View Details': one print request with its files, their analysis and the status history.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { printRequestQueries } from '../../api/printRequests.ts';
import { errorMessage } from '../../api/request.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { UploadDialog } from '../../components/upload/UploadDialog.tsx';
import { AnalysisBadge, formatBytes } from './fileFormat.tsx';
import { RequestStatus, statusLabel } from './RequestStatus.tsx';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function RequestDetailsDialog({ requestId, onClose }: { requestId: string; onClose: () => void }) {
  const request = useQuery({ ...printRequestQueries.detail(requestId), staleTime: 0 });
  const [adding, setAdding] = useState(false);
  const data = request.data;
  return (
    <>
      <Dialog
        open={!adding}
        onOpenChange={(open) => !open && onClose()}
        title={data?.title ?? 'Print request'}
        description={data ? <RequestStatus status={data.status} progress={data.progress} /> : undefined}
        size="lg"
        footer={
          <>
            <Button variant="outline" onClick={onClose}>
              Close
            </Button>
            {data && data.status === 'draft' && <Button onClick={() => setAdding(true)}>Add Files</Button>}
          </>
        }
      >
        {request.isPending && <Spinner label="Loading request..." showLabel />}
        {request.isError && (
          <p className="dash-error" role="alert">
            {errorMessage(request.error)}
          </p>
        )}
        {data && (
          <div className="request-details">
            <dl className="request-details__facts">
              <div>
                <dt>Quantity</dt>
                <dd>{data.quantity}</dd>
              </div>
              <div>
                <dt>Priority</dt>
                <dd>{data.priority}</dd>
              </div>
              <div>
                <dt>Quoted price</dt>
                <dd>{data.quotedPrice ? `$${data.quotedPrice}` : 'Not quoted yet'}</dd>
              </div>
              <div>
                <dt>Created</dt>
                <dd>{dateTime.format(new Date(data.createdAt))}</dd>
              </div>
            </dl>
            <h3 className="request-details__heading">Files</h3>
            {data.files.length === 0 ? (
              <p className="dash-empty">No files in this request.</p>
            ) : (
              <ul className="request-details__files">
                {data.files.map((file) => (
                  <li key={file.id}>
                    <span className="request-details__file-name">
                      {file.fileName}
                      {file.isMainFile && <span className="request-details__main"> (main file)</span>}
                    </span>
                    <span className="request-details__file-size">{formatBytes(file.fileSize)}</span>
                    <AnalysisBadge status={file.analysisStatus} />
                  </li>
                ))}
              </ul>
            )}
            <h3 className="request-details__heading">Status history</h3>
            <ol className="status-history">
              {data.statusHistory.map((change) => (
                <li key={change.id}>
                  <strong>{statusLabel(change.toStatus)}</strong>
                  {change.fromStatus && <> (from {statusLabel(change.fromStatus)})</>} ·{' '}
                  {dateTime.format(new Date(change.createdAt))}
                  {change.note && <span className="status-history__note"> — {change.note}</span>}
                </li>
              ))}
            </ol>
          </div>
        )}
      </Dialog>
      <UploadDialog
        open={adding}
        onOpenChange={(open) => {
          setAdding(open);
          if (!open) void request.refetch();
        }}
        printRequestId={requestId}
        title={data ? `Add files to ${data.title}` : 'Add files'}
      />
    </>
  );
}
