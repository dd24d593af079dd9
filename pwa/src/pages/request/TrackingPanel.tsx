// The order once a farm has it: who prints it, the price and date agreed, a step line from 'sent' to
// 'delivered', the progress bar while printing and the parcel's carrier and tracking link once shipped.
import type { CustomerJob, PrintRequestDetail } from '../../api/printRequests.ts';
import { TermList } from '../../components/ui/card.tsx';
import { cx } from '../../lib/cx.ts';
import { type Clock, money, useClock } from './format.ts';
import { awaitingPayments } from './paymentWords.ts';

const STEPS = [
  { status: 'ordered', label: 'Sent to farm' },
  { status: 'accepted', label: 'Accepted' },
  { status: 'printing', label: 'Printing' },
  { status: 'shipped', label: 'Shipped' },
  { status: 'completed', label: 'Delivered' },
] as const;

function Steps({ status }: { status: string }) {
  const current = STEPS.findIndex((step) => step.status === status);
  return (
    <ol className="order-steps" aria-label="Order progress">
      {STEPS.map((step, index) => {
        const state =
          index < current || status === 'completed' ? 'done' : index === current ? 'current' : 'todo';
        return (
          <li
            key={step.status}
            className={cx('order-steps__step', `order-steps__step--${state}`)}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="order-steps__marker" aria-hidden="true">
              {state === 'done' ? '✓' : index + 1}
            </span>
            <span>{step.label}</span>
          </li>
        );
      })}
    </ol>
  );
}

function Progress({ percent }: { percent: number }) {
  return (
    <div className="order-progress">
      <div
        className="order-progress__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-label="Printing progress"
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="order-progress__label">{percent}% complete</p>
    </div>
  );
}

function Parcel({ job }: { job: CustomerJob }) {
  if (!job.trackingNumber) return null;
  return (
    <p className="order-panel__parcel">
      {job.carrier ?? 'Parcel'} tracking{' '}
      {job.trackingUrl ? (
        <a href={job.trackingUrl} target="_blank" rel="noreferrer">
          {job.trackingNumber}
        </a>
      ) : (
        <strong>{job.trackingNumber}</strong>
      )}
    </p>
  );
}

function stateLine(request: PrintRequestDetail, job: CustomerJob | null, { day, moment }: Clock): string {
  const farm = job?.farm.name ?? 'the farm';
  switch (request.status) {
    case 'ordered':
      if (!job) {
        return awaitingPayments(request).length > 0
          ? 'We send your order to the farm as soon as your payment arrives.'
          : 'Sending your order to the farm…';
      }
      if (job.state === 'countered') return `${farm} proposed new terms; answer them above.`;
      return `Waiting for ${farm} to accept. They answer by ${moment(job.respondBy)}.`;
    case 'accepted':
      return `${farm} accepted your order and starts printing soon.`;
    case 'printing':
      return `${farm} is printing your parts.`;
    case 'shipped':
      return job?.shippedAt ? `Shipped ${moment(job.shippedAt)}.` : 'Shipped.';
    case 'completed':
      return job?.deliveredAt ? `Delivered ${day(job.deliveredAt, true)}.` : 'Delivered.';
    default:
      return '';
  }
}

export function TrackingPanel({ request }: { request: PrintRequestDetail }) {
  const clock = useClock();
  const { day } = clock;
  const job = request.job;
  return (
    <section className="order-panel" aria-labelledby="order-title">
      <div className="order-panel__head">
        <div>
          <h2 id="order-title" className="order-panel__title">
            {!job
              ? 'Your order'
              : request.status === 'ordered'
                ? `Sent to ${job.farm.name}`
                : `Printed by ${job.farm.name}`}
          </h2>
          {job && (
            <p className="order-panel__where">
              {job.farm.city}, {job.farm.state}
            </p>
          )}
        </div>
        {job && (
          <TermList
            className="order-panel__deal"
            terms={[
              { term: 'Price', detail: money(job.price) },
              { term: 'Ready by', detail: day(job.readyBy) },
            ]}
          />
        )}
      </div>
      {/* Until the money arrives nothing has gone to a farm: no step is reached yet. */}
      <Steps status={awaitingPayments(request).length > 0 && !job ? 'paying' : request.status} />
      <p className="order-panel__state" aria-live="polite">
        {stateLine(request, job, clock)}
      </p>
      {request.status === 'printing' && <Progress percent={request.progress ?? job?.progressPercent ?? 0} />}
      {job && (request.status === 'shipped' || request.status === 'completed') && <Parcel job={job} />}
    </section>
  );
}
