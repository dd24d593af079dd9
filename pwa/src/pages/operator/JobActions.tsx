// What the farm does now with a job, by its state: answer it (accept, counter, decline), print it and
// report progress, ship it, mark it delivered; or read how it ended.
import { type ReactNode, useState } from 'react';
import { type OperatorJob, useJobAction } from '../../api/operator.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { cx } from '../../lib/cx.ts';
import { day, isUrgent, moment, money, timeLeft } from './format.ts';
import { CounterDialog, DeclineDialog, ShipDialog } from './JobDialogs.tsx';
import { ProgressControl } from './ProgressControl.tsx';

type OpenDialog = 'decline' | 'counter' | 'ship' | null;

function Tracking({ job }: { job: OperatorJob }) {
  if (!job.trackingNumber) return null;
  return (
    <p className="op-tracking">
      {job.carrier} · <span className="op-tracking__number">{job.trackingNumber}</span>
      {job.trackingUrl && (
        <>
          {' '}
          ·{' '}
          <a href={job.trackingUrl} target="_blank" rel="noreferrer">
            Track parcel
          </a>
        </>
      )}
    </p>
  );
}

function Rating({ job }: { job: OperatorJob }) {
  if (!job.rating) return <p className="op-next__text">The customer has not rated this job yet.</p>;
  const { quality, communication, timeliness, comment } = job.rating;
  return (
    <div className="op-next__text">
      <p>
        Customer rating: quality {quality}/5 · communication {communication}/5 · timeliness {timeliness}/5
      </p>
      {comment && <blockquote className="op-quote">{comment}</blockquote>}
    </div>
  );
}

function Panel({
  title,
  description,
  tone = 'default',
  children,
}: {
  title: string;
  description?: ReactNode;
  tone?: 'default' | 'action' | 'closed';
  children?: ReactNode;
}) {
  return (
    <Card className={cx('op-next', `op-next--${tone}`)}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children && <CardContent className="op-next__content">{children}</CardContent>}
    </Card>
  );
}

export function JobActions({ job }: { job: OperatorJob }) {
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const accept = useJobAction(job.id, 'accept');
  const start = useJobAction(job.id, 'start');
  const deliver = useJobAction(job.id, 'deliver');
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
    case 'offered': {
      const left = timeLeft(job.respondBy);
      return (
        <Panel
          tone="action"
          title="Awaiting your answer"
          description={
            <>
              <span className={cx('op-deadline', isUrgent(job.respondBy) && 'op-deadline--urgent')}>
                {left ? `Answer within ${left}` : 'The time to answer is up'}
              </span>{' '}
              (by {moment(job.respondBy)}). Without an answer the job goes to the next farm.
            </>
          }
        >
          <div className="op-next__buttons">
            <Button
              size="lg"
              className="op-next__primary"
              loading={accept.isPending}
              onClick={() =>
                accept.mutate(undefined, {
                  onSuccess: () =>
                    toast({
                      title: 'Job accepted',
                      description: `${job.customerFirstName || 'The customer'} has been told. The shipping address is below.`,
                    }),
                })
              }
            >
              Accept job
            </Button>
            <Button size="lg" variant="outline" onClick={() => setDialog('counter')}>
              Counter-offer
            </Button>
            <Button size="lg" variant="outline" className="op-decline" onClick={() => setDialog('decline')}>
              Decline
            </Button>
          </div>
          <p className="field__hint">
            Accepting commits your farm to {money(job.price)}, ready by {day(job.readyBy)}. The customer’s
            full address appears once you accept.
          </p>
          {dialogs}
        </Panel>
      );
    }
    case 'countered':
      return (
        <Panel
          title="Counter-offer sent"
          description={
            <>
              You proposed {job.counter?.price ? money(job.counter.price) : money(job.price)}, ready by{' '}
              {day(job.counter?.readyBy ?? job.readyBy)}. The customer answers by{' '}
              {moment(job.counter?.respondBy)}; if they refuse, the job goes to the next farm.
            </>
          }
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
            <Button
              size="lg"
              className="op-next__primary"
              loading={start.isPending}
              onClick={() =>
                start.mutate(undefined, {
                  onSuccess: () =>
                    toast({ title: 'Printing started', description: 'The customer has been told.' }),
                })
              }
            >
              Start printing
            </Button>
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
          title="Printing"
          description={`Ready by ${day(job.readyBy)}. Report progress as plates finish; ship when it is packed.`}
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
            <Button
              variant="outline"
              loading={deliver.isPending}
              onClick={() =>
                deliver.mutate(undefined, {
                  onSuccess: () =>
                    toast({
                      title: 'Marked delivered',
                      description: 'The customer is asked to rate the job.',
                    }),
                })
              }
            >
              Mark delivered
            </Button>
          </div>
          <p className="field__hint">Mark it delivered when the carrier shows it delivered.</p>
        </Panel>
      );
    case 'delivered':
      return (
        <Panel tone="closed" title="Delivered" description={`Delivered ${moment(job.deliveredAt)}.`}>
          <Tracking job={job} />
          <Rating job={job} />
        </Panel>
      );
    case 'declined':
      return (
        <Panel
          tone="closed"
          title="You declined this job"
          description={job.declineReason ? `Your reason: ${job.declineReason}` : undefined}
        />
      );
    case 'expired':
      return (
        <Panel
          tone="closed"
          title="Not answered in time"
          description="The job went to the next farm. Answer within the deadline to keep your ranking."
        />
      );
    case 'refused':
      return (
        <Panel
          tone="closed"
          title="Counter-offer refused"
          description="The customer kept their terms and the job went to the next farm."
        />
      );
    case 'cancelled':
      return (
        <Panel tone="closed" title="Cancelled by the customer" description="Nothing needs to be printed." />
      );
    default:
      return <Panel title={job.stateLabel} />;
  }
}
