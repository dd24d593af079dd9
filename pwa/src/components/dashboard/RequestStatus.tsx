// A print request's status as the spec draws it: pending and draft yellow, printing blue pulsing with
// 'N% complete', completed green; every other state its own colour and the domain's label.
import { statusLabel } from '@printfarm/domain/requestStatus';
import { cx } from '../../lib/cx.ts';

export function StatusDot({ status }: { status: string }) {
  return <span className={cx('status-dot', `status-dot--${status}`)} aria-hidden="true" />;
}

export function RequestStatus({
  status,
  progress,
  className,
}: {
  status: string;
  progress: number | null;
  className?: string;
}) {
  return (
    <span className={cx('request-status', className)} data-status={status}>
      <span className="request-status__main">
        <StatusDot status={status} />
        <span className="request-status__label">{statusLabel(status)}</span>
      </span>
      {status === 'printing' && <span className="request-status__progress">{progress ?? 0}% complete</span>}
    </span>
  );
}
