// The queue in order: what prints now, then the parts waiting, each moved up or down by its buttons (a
// phone, a keyboard, a screen reader) or dragged on a laptop, then the last parts printed.
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { isWaiting, type Printer, type QueueItem, useQueueOrder } from '../../api/printQueue.ts';
import { ChevronIcon } from '../../components/dashboard/icons.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { cx } from '../../lib/cx.ts';
import { QueueItemRow } from './QueueItemRow.tsx';
import { partName } from './queueText.ts';

/** `waiting` with the item moved to `to` (an index in `waiting`). */
function moved(waiting: readonly QueueItem[], itemId: string, to: number): QueueItem[] {
  const from = waiting.findIndex((item) => item.id === itemId);
  if (from < 0 || to < 0 || to >= waiting.length || to === from) return [...waiting];
  const order = [...waiting];
  const [item] = order.splice(from, 1);
  if (item) order.splice(to, 0, item);
  return order;
}

export function QueueList({
  farmId,
  queue,
  printers,
  jobHref,
}: {
  farmId: string | null;
  queue: readonly QueueItem[];
  printers: readonly Printer[];
  jobHref: (jobId: string) => string;
}) {
  const order = useQueueOrder(farmId, toastOnFailure('Could not move the part'));
  const printing = queue.filter((item) => item.state === 'printing');
  const waiting = queue.filter(isWaiting);
  const printed = queue.filter((item) => item.state === 'done');
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<string | null>(null);
  const [dropAt, setDropAt] = useState<number | null>(null);
  // The button pressed keeps the focus as its item moves (or its twin, at the top or the bottom).
  const refocus = useRef<{ itemId: string; direction: 'up' | 'down' } | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const target = refocus.current;
    if (!target || !listRef.current) return;
    refocus.current = null;
    const buttons = [
      ...listRef.current.querySelectorAll<HTMLButtonElement>(`[data-move="${target.itemId}"]`),
    ];
    (
      buttons.find((button) => button.dataset.direction === target.direction && !button.disabled) ??
      buttons.find((button) => !button.disabled)
    )?.focus();
  });

  const moveTo = (item: QueueItem, to: number) => {
    const next = moved(waiting, item.id, to);
    if (next.every((entry, index) => entry.id === waiting[index]?.id)) return;
    order.mutate([...printing, ...next, ...printed]);
    setAnnouncement(`${partName(item)} moved to place ${next.indexOf(item) + 1} of ${next.length}.`);
  };

  const moveButton = (item: QueueItem, index: number, direction: 'up' | 'down') => {
    const to = direction === 'up' ? index - 1 : index + 1;
    return (
      <Button
        size="icon"
        variant="outline"
        className="queue-item__move"
        aria-label={`Move ${partName(item)} ${direction}`}
        data-move={item.id}
        data-direction={direction}
        disabled={to < 0 || to >= waiting.length}
        onClick={() => {
          refocus.current = { itemId: item.id, direction };
          moveTo(item, to);
        }}
      >
        <span className={`queue-item__chevron queue-item__chevron--${direction}`}>
          <ChevronIcon direction="right" size={18} />
        </span>
      </Button>
    );
  };

  const row = (item: QueueItem, moveButtons?: ReactNode) => (
    <QueueItemRow
      farmId={farmId}
      item={item}
      printers={printers}
      jobHref={jobHref(item.jobId)}
      moveButtons={moveButtons}
    />
  );

  if (queue.length === 0) {
    return (
      <p className="op-empty">Nothing to print. Parts of the jobs you accept arrive here by themselves.</p>
    );
  }

  return (
    <>
      <p className="sr-only" role="status">
        {announcement}
      </p>
      {printing.length > 0 && (
        <ul className="queue-list" aria-label="Printing now">
          {printing.map((item) => (
            <li key={item.id}>{row(item)}</li>
          ))}
        </ul>
      )}
      <ol className="queue-list queue-list--waiting" aria-label="Waiting, in order" ref={listRef}>
        {waiting.map((item, index) => (
          <li
            key={item.id}
            className={cx(
              'queue-list__place',
              dropAt === index && dragged !== item.id && 'queue-list__place--drop',
            )}
            draggable={!order.isPending}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              setDragged(item.id);
            }}
            onDragOver={(event) => {
              if (!dragged) return;
              event.preventDefault();
              setDropAt(index);
            }}
            onDragEnd={() => {
              setDragged(null);
              setDropAt(null);
            }}
            onDrop={(event) => {
              event.preventDefault();
              const item = waiting.find((entry) => entry.id === dragged);
              if (item) moveTo(item, index);
              setDragged(null);
              setDropAt(null);
            }}
          >
            <span className="queue-list__number" aria-hidden="true">
              {index + 1}
            </span>
            {row(
              item,
              <>
                {moveButton(item, index, 'up')}
                {moveButton(item, index, 'down')}
              </>,
            )}
          </li>
        ))}
      </ol>
      {waiting.length === 0 && <p className="op-empty op-empty--plain">No parts waiting.</p>}
      {printed.length > 0 && (
        <details className="queue-printed">
          <summary>Printed recently ({printed.length})</summary>
          <ul className="queue-list">
            {printed.map((item) => (
              <li key={item.id}>{row(item)}</li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
