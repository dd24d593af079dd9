// /operator/queue: the farm's printers and its print queue. Each printer's state, what it prints now and
// next; the parts waiting in order, which the operator moves, pins, holds and works by hand. Read every
// few seconds while the screen is visible, so progress moves by itself. Staff choose the farm first.
import { QUEUE_RULE } from '@printfarm/domain/printQueue';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type Printer, printQueueQueries } from '../../api/printQueue.ts';
import { errorMessage } from '../../api/request.ts';
import { DataAge } from '../../components/DataAge.tsx';
import { PlusIcon } from '../../components/dashboard/icons.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { FarmPicker } from './FarmPicker.tsx';
import type { OperatorFarms } from './farmContext.ts';
import { PrinterCard } from './PrinterCard.tsx';
import { PrinterDialog } from './PrinterDialog.tsx';
import { QueueList } from './QueueList.tsx';
import { nextFor, printingOn } from './queueText.ts';
import { ScreenHeader } from './ScreenHeader.tsx';
import './queue.css';
import { TitledCard } from '../../components/ui/card.tsx';

/** The printer dialog: adding one ('new') or editing one. */
type Editing = Printer | 'new' | null;

function QueueBody({ farms }: { farms: OperatorFarms }) {
  const farmId = farms.farmId;
  const printers = useQuery(printQueueQueries.printers(farmId));
  const queue = useQuery(printQueueQueries.queue(farmId));
  const [editing, setEditing] = useState<Editing>(null);
  const error = printers.error ?? queue.error;
  if (error) return <p className="op-error">{errorMessage(error)}</p>;
  const items = queue.data ?? [];

  return (
    <>
      <Card>
        <CardHeader className="queue-card__header">
          <div>
            <CardTitle>Printers</CardTitle>
            <CardDescription>What each one prints now, and what it takes next.</CardDescription>
          </div>
          <Button size="sm" onClick={() => setEditing('new')}>
            <PlusIcon size={16} />
            Add printer
          </Button>
        </CardHeader>
        <CardContent>
          {!printers.data ? (
            <Skeleton className="op-job-skeleton" />
          ) : printers.data.length === 0 ? (
            <p className="op-empty op-empty--plain">
              No printers yet. Add the printers of your farm and the queue sends each part to one that can
              print it.
            </p>
          ) : (
            <div className="printer-grid">
              {printers.data.map((printer) => (
                <PrinterCard
                  key={printer.id}
                  farmId={farmId}
                  printer={printer}
                  printing={printingOn(printer, items)}
                  next={nextFor(printer, items)}
                  onEdit={() => setEditing(printer)}
                />
              ))}
            </div>
          )}
        </CardContent>
      </Card>
      <TitledCard title="Queue" description={`${QUEUE_RULE}. Move, pin or hold a part to change that.`}>
        {queue.data && printers.data ? (
          <QueueList
            farmId={farmId}
            queue={queue.data}
            printers={printers.data}
            jobHref={(jobId) => farms.href(`/operator/jobs/${jobId}`)}
          />
        ) : (
          <Skeleton className="op-job-skeleton" />
        )}
      </TitledCard>
      {queue.data && <DataAge data={queue.data} className="op-jobs__age" />}
      {editing && (
        <PrinterDialog
          farmId={farmId}
          printer={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}

export default function QueueScreen({ farms }: { farms: OperatorFarms }) {
  const needsFarm = farms.isStaff && !farms.farmId;
  return (
    <div className="op-screen print-queue">
      <title>Print queue · PrintFarm Network</title>
      <ScreenHeader
        title="Print queue"
        lead="Your printers, and the parts of accepted jobs waiting for them."
      >
        <FarmPicker farms={farms} value={farms.farmId ?? farms.farms[0]?.id ?? null} />
      </ScreenHeader>
      {needsFarm ? (
        <p className="op-empty">Choose a farm to see its printers and queue.</p>
      ) : (
        <QueueBody farms={farms} />
      )}
    </div>
  );
}
