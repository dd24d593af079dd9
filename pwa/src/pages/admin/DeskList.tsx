// A list on the money desk (payments awaiting money, refunds to send, claims, payouts, refunds): a row for
// each entry, or the line that says there is none.
import type { ComponentType } from 'react';

export function DeskList<TEntry extends { id: string }>({
  entries,
  empty,
  className,
  row: Row,
}: {
  entries: readonly TEntry[];
  /** The line shown when there is no entry. */
  empty: string;
  className: string;
  /** The entry's row, an `li`. */
  row: ComponentType<{ entry: TEntry }>;
}) {
  if (entries.length === 0) return <p className="staff-page__empty">{empty}</p>;
  return (
    <ul className={className}>
      {entries.map((entry) => (
        <Row key={entry.id} entry={entry} />
      ))}
    </ul>
  );
}
