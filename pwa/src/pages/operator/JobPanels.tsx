// The panels of a job's screen: the frame each state's panel has, the offer awaiting the farm's
// answer, and how a job stands once the farm has nothing more to do (countered, delivered or ended).
import type { ReactNode } from 'react';
import type { OperatorJob, useJobAction } from '../../api/operator.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { cx } from '../../lib/cx.ts';
import { day, isUrgent, moment, money, timeLeft } from './format.ts';

export function Tracking({ job }: { job: OperatorJob }) {
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

export function Panel({
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

/** A panel's main button: the job action that moves the job on (accept it, start printing). */
export function PrimaryAction({
  command,
  children,
}: {
  command: { isPending: boolean; mutate: (input: undefined) => void };
  children: ReactNode;
}) {
  return (
    <Button
      size="lg"
      className="op-next__primary"
      loading={command.isPending}
      onClick={() => command.mutate(undefined)}
    >
      {children}
    </Button>
  );
}

/** The job offered to the farm: accept it, counter it or decline it before the deadline. */
export function OfferedPanel({
  job,
  accept,
  onCounter,
  onDecline,
  dialogs,
}: {
  job: OperatorJob;
  accept: ReturnType<typeof useJobAction<'accept'>>;
  onCounter: () => void;
  onDecline: () => void;
  /** The counter and decline dialogs, when open. */
  dialogs: ReactNode;
}) {
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
        <PrimaryAction command={accept}>Accept job</PrimaryAction>
        <Button size="lg" variant="outline" onClick={onCounter}>
          Counter-offer
        </Button>
        <Button size="lg" variant="outline" className="op-decline" onClick={onDecline}>
          Decline
        </Button>
      </div>
      <p className="field__hint">
        Accepting commits your farm to {money(job.price)}, ready by {day(job.readyBy)}. The customer’s full
        address appears once you accept.
      </p>
      {dialogs}
    </Panel>
  );
}

/** A job waiting on the customer, or ended: nothing for the farm to do but read it. */
export function JobOutcome({ job }: { job: OperatorJob }) {
  switch (job.state) {
    case 'countered': {
      const terms = `${job.counter?.price ? money(job.counter.price) : money(job.price)}, ready by ${day(job.counter?.readyBy ?? job.readyBy)}`;
      return job.counter?.accepted ? (
        <Panel
          title="Counter-offer accepted"
          description={`The customer accepted ${terms}, and is paying the difference. The job is yours once it arrives; if it has not arrived by ${moment(job.counter.respondBy)}, the job goes to the next farm.`}
        />
      ) : (
        <Panel
          title="Counter-offer sent"
          description={`You proposed ${terms}. The customer answers by ${moment(job.counter?.respondBy)}; if they refuse, the job goes to the next farm.`}
        />
      );
    }
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
