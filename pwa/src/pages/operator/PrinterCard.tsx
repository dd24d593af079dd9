// One printer on the queue screen: its state, what it prints now (with its progress) and what it takes
// next, and the operator's hand on it: mark it ready once the bed is cleared, edit it.
import type { PrinterState } from '@printfarm/domain/printers';
import { type Printer, type QueueItem, useSavePrinter } from '../../api/printQueue.ts';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { partName } from './queueText.ts';

const STATE_BADGE: Record<PrinterState, BadgeVariant> = {
  idle: 'green',
  printing: 'blue',
  paused: 'yellow',
  offline: 'secondary',
  needs_attention: 'red',
};

const CONNECTION: Record<Printer['connector'], string> = {
  none: 'Worked by hand',
  octoprint: 'OctoPrint',
  moonraker: 'Moonraker',
  bambu: 'Bambu Lab LAN',
};

/** What the printer is told when it is brought back: idle, so the queue may send it the next part. */
const READY = { state: 'idle' } as const;

export function PrinterCard({
  farmId,
  printer,
  printing,
  next,
  onEdit,
}: {
  farmId: string | null;
  printer: Printer;
  printing: QueueItem | undefined;
  next: QueueItem | undefined;
  onEdit: () => void;
}) {
  const markReady = useSavePrinter(farmId, printer.id, {
    ...toastOnFailure('Could not mark the printer ready'),
    onSuccess: () => toast({ title: `${printer.name} is ready`, description: 'It can take the next part.' }),
  });
  const loaded = [printer.material, printer.color].filter(Boolean).join(', ');
  const facts = [
    printer.model,
    printer.nozzleMm !== null ? `${printer.nozzleMm} mm nozzle` : null,
    loaded ? `${loaded} loaded` : 'Nothing loaded',
  ].filter(Boolean);

  return (
    <article className={`printer-card printer-card--${printer.state}`} aria-label={printer.name}>
      <header className="printer-card__head">
        <h3 className="printer-card__name">{printer.name}</h3>
        <Badge variant={STATE_BADGE[printer.state]}>{printer.stateLabel}</Badge>
      </header>
      <p className="printer-card__facts">{facts.join(' · ')}</p>
      <p className="printer-card__facts">{CONNECTION[printer.connector]}</p>

      {printer.state === 'offline' && (
        <p className="printer-card__note">Offline: its parts wait in the queue until it is back.</p>
      )}
      {printer.state === 'needs_attention' && (
        <p className="printer-card__note printer-card__note--alert">
          {printer.stateMessage ?? 'Someone needs to look at it.'}
        </p>
      )}

      <dl className="printer-card__work">
        <dt>Printing now</dt>
        <dd>
          {printing ? (
            <>
              <span>{partName(printing)}</span>
              <span
                className="printer-card__progress"
                role="progressbar"
                aria-label={`${partName(printing)} on ${printer.name}`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={printing.progressPercent}
              >
                <span style={{ width: `${printing.progressPercent}%` }} />
              </span>
              <span className="printer-card__percent">{printing.progressPercent} %</span>
            </>
          ) : (
            <span className="printer-card__none">Nothing</span>
          )}
        </dd>
        <dt>Next</dt>
        <dd>
          {next ? (
            <span>{partName(next)}</span>
          ) : (
            <span className="printer-card__none">Nothing waiting that it can print</span>
          )}
        </dd>
      </dl>

      <div className="printer-card__actions">
        {(printer.state === 'needs_attention' || printer.state === 'offline') && (
          <Button size="sm" loading={markReady.isPending} onClick={() => markReady.mutate(READY)}>
            Mark ready
          </Button>
        )}
        <Button size="sm" variant="outline" onClick={onEdit}>
          Edit
        </Button>
      </div>
    </article>
  );
}
