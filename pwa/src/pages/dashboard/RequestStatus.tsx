// A print request's status as the spec draws it: pending yellow, printing blue pulsing with
// 'N% complete', completed green, draft grey.
import { cx } from '../../lib/cx.ts';

const LABELS: Record<string, string> = {
  draft: 'Draft',
  pending: 'Pending',
  quoted: 'Quoted',
  printing: 'Printing',
  shipped: 'Shipped',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export function statusLabel(status: string): string {
  return LABELS[status] ?? status.charAt(0).toUpperCase() + status.slice(1);
}

export function StatusDot({ status }: { status: string }) {
  return <span className={cx('status-dot', `status-dot--${status}`)} aria-hidden="true" />;
}

export function RequestStatus({ status, progress }: { status: string; progress: number | null }) {
  return (
    <span className="request-status">
      <StatusDot status={status} />
      <span className="request-status__label">{statusLabel(status)}</span>
      {status === 'printing' && <span className="request-status__progress">{progress ?? 0}% complete</span>}
    </span>
  );
}
