// What the farm does now with a job, by its state: answer it (accept, counter, decline), print it and
// report progress, ship it, mark it delivered; or read how it ended.

import { useState } from 'react';
import { type OperatorJob, useJobAction } from '../../api/operator.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { day, moment } from './format.ts';
import { CounterDialog, DeclineDialog, ShipDialog } from './JobDialogs.tsx';
import { JobOutcome, OfferedPanel, Panel, PrimaryAction, Tracking } from './JobPanels.tsx';
import { jobActionFailure } from './jobActionFailures.ts';
import { ProgressControl } from './ProgressControl.tsx';

type OpenDialog = 'decline' | 'counter' | 'ship' | null;

export function JobActions({ job }: { job: OperatorJob }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const accept = useJobAction(job.id, 'accept', {
    ...jobActionFailure('accept'),
    onSuccess: () =>
      toast({
        title: 'Job accepted',
        description: `${job.customerFirstName || 'The customer'} has been told. The shipping address is below.`,
      }),
  });
  const start = useJobAction(job.id, 'start', {
    ...jobActionFailure('start'),
    onSuccess: () => toast({ title: 'Printing started', description: 'The customer has been told.' }),
  });
  const deliver = useJobAction(job.id, 'deliver', {
    ...jobActionFailure('deliver'),
    onSuccess: () =>
      toast({ title: 'Marked delivered', description: 'The customer is asked to rate the job.' }),
  });
  const dialogProps = (name: Exclude<OpenDialog, null>) => ({
    job,
    open: dialog === name,
    onOpenChange: (open: boolean) => setDialog(open ? name : null),
  });
  const dialogs = (
    <>
      {dialog === 'decline' && <DeclineDialog {...dialogProps('decline')} />}
      {dialog === 'counter' && <CounterDialog {...dialogProps('counter')} />}
      {dialog === 'ship' && <ShipDialog {...dialogProps('ship')} />}
    </>
  );
  const shipButton = (
    <Button variant={job.state === 'printing' ? 'default' : 'outline'} onClick={() => setDialog('ship')}>
      Mark shipped
    </Button>
  );

  switch (job.state) {
    case 'offered':
      return (
        <OfferedPanel
          job={job}
          accept={accept}
          onCounter={() => setDialog('counter')}
          onDecline={() => setDialog('decline')}
          dialogs={dialogs}
        />
      );
    case 'accepted':
      return (
        <Panel
          tone="action"
          title="Accepted — time to print"
          description={`Ready by ${day(job.readyBy)}. Tell the customer when printing starts, and how far it is.`}
        >
          <div className="op-next__buttons">
            <PrimaryAction command={start}>Start printing</PrimaryAction>
            {shipButton}
          </div>
          <ProgressControl key={job.progressPercent} job={job} />
          {dialogs}
        </Panel>
      );
    case 'printing':
      return (
        <Panel
          tone="action"
          title={job.printedAt ? 'Printed — ready to ship' : 'Printing'}
          description={
            job.printedAt
              ? `Every part came off the printers ${moment(job.printedAt)}. Pack it and mark it shipped.`
              : `Ready by ${day(job.readyBy)}. Report progress as plates finish; ship when it is packed.`
          }
        >
          <ProgressControl key={job.progressPercent} job={job} />
          <div className="op-next__buttons">{shipButton}</div>
          {dialogs}
        </Panel>
      );
    case 'shipped':
      return (
        <Panel tone="action" title="Shipped" description={`Shipped ${moment(job.shippedAt)}.`}>
          <Tracking job={job} />
          <div className="op-next__buttons">
            <Button variant="outline" loading={deliver.isPending} onClick={() => deliver.mutate(undefined)}>
              Mark delivered
            </Button>
          </div>
          <p className="field__hint">Mark it delivered when the carrier shows it delivered.</p>
        </Panel>
      );
    default:
      return <JobOutcome job={job} />;
  }
}
