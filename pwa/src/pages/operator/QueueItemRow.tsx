// One part in the queue: what it is, for which job and by when, where it stands (pinned, held, printing,
// its last failure), and what the operator may do with it now.
import type { ReactNode } from 'react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { type Printer, type QueueItem, useQueueCommand } from '../../api/printQueue.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Select } from '../../components/ui/select.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { day } from './format.ts';
import { FailDialog, GcodeDialog, StartDialog } from './QueueDialogs.tsx';
import { materialOf, partName, whyNot } from './queueText.ts';

type ItemDialog = 'start' | 'fail' | 'gcode' | null;

export function QueueItemRow({
  farmId,
  item,
  printers,
  jobHref,
  moveButtons,
}: {
  farmId: string | null;
  item: QueueItem;
  printers: readonly Printer[];
  jobHref: string;
  /** Up and down, for the items the operator orders. */
  moveButtons?: ReactNode;
}) {
  const [dialog, setDialog] = useState<ItemDialog>(null);
  const name = partName(item);
  const pin = useQueueCommand(farmId, 'pin', toastOnFailure(`Could not pin ${name}`));
  const hold = useQueueCommand(farmId, 'hold', toastOnFailure(`Could not hold ${name}`));
  const release = useQueueCommand(farmId, 'release', toastOnFailure(`Could not release ${name}`));
  const done = useQueueCommand(farmId, 'done', toastOnFailure(`Could not mark ${name} printed`));
  const printerName = (id: string | null) => printers.find((printer) => printer.id === id)?.name;
  const pinnedTo = printerName(item.pinnedPrinterId);
  const printingOn = item.state === 'printing' ? printerName(item.printerId) : undefined;
  const waiting = item.state === 'queued' || item.state === 'held';
  // A queued part can be held back; a held one released.
  const pause =
    item.state === 'queued'
      ? { command: hold, label: 'Hold' }
      : item.state === 'held'
        ? { command: release, label: 'Release' }
        : null;

  return (
    <article className={`queue-item queue-item--${item.state}`} aria-label={name}>
      <div className="queue-item__main">
        <h3 className="queue-item__name">{name}</h3>
        <p className="queue-item__job">
          <Link to={jobHref}>{item.title}</Link>
        </p>
        <p className="queue-item__facts">
          <span>{materialOf(item)}</span>
          <span>Ready by {day(item.readyBy)}</span>
          <span>{item.layerHeightMm} mm layers</span>
        </p>
        <p className="queue-item__status">
          <Badge
            variant={item.state === 'held' ? 'yellow' : item.state === 'printing' ? 'blue' : 'secondary'}
          >
            {item.stateLabel}
          </Badge>
          {printingOn && (
            <span>
              on {printingOn} · {item.progressPercent} %
            </span>
          )}
          {pinnedTo && item.state !== 'printing' && <span>Pinned to {pinnedTo}</span>}
        </p>
        {item.state === 'held' && (
          <p className="queue-item__note">On hold: no printer takes it until you release it.</p>
        )}
        {printingOn && item.awaitingConfirmation && (
          <p className="queue-item__note">
            Sent to {printingOn}; waiting for the printer to confirm it started. If the printer is gone for
            good, mark the print failed to queue the part again.
          </p>
        )}
        {item.lastFailure && item.state !== 'done' && (
          <p className="queue-item__note queue-item__note--failed">Last print failed: {item.lastFailure}</p>
        )}
        {waiting && item.eligiblePrinterIds.length === 0 && printers.length > 0 && (
          <p className="queue-item__note">No printer can take it now: {item.ineligible[0]?.reason}.</p>
        )}
      </div>

      {item.state !== 'done' && (
        <div className="queue-item__actions">
          {moveButtons}
          {waiting && (
            <Select
              className="queue-item__pin"
              aria-label={`Printer for ${name}`}
              value={item.pinnedPrinterId ?? ''}
              disabled={pin.isPending}
              onChange={(event) =>
                pin.mutate({ itemId: item.id, input: { printerId: event.target.value || null } })
              }
              options={[
                { value: '', label: 'Any printer that fits' },
                ...printers.map((printer) => {
                  const reason = whyNot(item, printer.id);
                  return {
                    value: printer.id,
                    label: reason ? `${printer.name} (${reason})` : `Pin to ${printer.name}`,
                    disabled: reason !== null,
                  };
                }),
              ]}
            />
          )}
          {pause && (
            <Button
              size="sm"
              variant="outline"
              loading={pause.command.isPending}
              onClick={() => pause.command.mutate({ itemId: item.id, input: undefined })}
            >
              {pause.label}
            </Button>
          )}
          {waiting && (
            <Button size="sm" variant="outline" onClick={() => setDialog('start')}>
              Mark started…
            </Button>
          )}
          {item.state === 'printing' && (
            <>
              <Button
                size="sm"
                loading={done.isPending}
                onClick={() => done.mutate({ itemId: item.id, input: undefined })}
              >
                Mark printed
              </Button>
              <Button size="sm" variant="outline" onClick={() => setDialog('fail')}>
                Mark failed…
              </Button>
            </>
          )}
          <Button size="sm" variant="ghost" onClick={() => setDialog('gcode')}>
            G-code
          </Button>
        </div>
      )}

      {dialog === 'start' && (
        <StartDialog farmId={farmId} item={item} printers={printers} onClose={() => setDialog(null)} />
      )}
      {dialog === 'fail' && <FailDialog farmId={farmId} item={item} onClose={() => setDialog(null)} />}
      {dialog === 'gcode' && (
        <GcodeDialog farmId={farmId} item={item} printers={printers} onClose={() => setDialog(null)} />
      )}
    </article>
  );
}
