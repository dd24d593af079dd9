// Everything that happened to the request, newest first, with the notes the system wrote (the farm it
// was sent to and when they must answer, why a farm declined, the tracking number).
import { statusLabel } from '@printfarm/domain/requestStatus';
import type { StatusChange } from '../../api/printRequests.ts';
import { StatusDot } from '../../components/dashboard/RequestStatus.tsx';
import { useClock } from './format.ts';

export function StatusTimeline({ history }: { history: StatusChange[] }) {
  const { moment, readableNote } = useClock();
  const newestFirst = [...history].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ol className="timeline">
      {newestFirst.map((change) => (
        <li key={change.id} className="timeline__item">
          <StatusDot status={change.toStatus} />
          <div>
            <p className="timeline__what">
              <strong>{statusLabel(change.toStatus)}</strong>
              <time className="timeline__when" dateTime={change.createdAt}>
                {moment(change.createdAt)}
              </time>
            </p>
            {change.note && <p className="timeline__note">{readableNote(change.note)}</p>}
          </div>
        </li>
      ))}
    </ol>
  );
}
