// A farm's counter-offer: the new terms beside the old ones, and Accept or Refuse. The e-mail's links
// (?counter=accept|refuse) open this panel focused; nothing happens until the customer presses a button.
import { formatUsd } from '@printfarm/domain/money';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { type CounterAnswer, type CustomerJob, useAnswerCounterOffer } from '../../api/printRequests.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { money, useClock } from './format.ts';
import { awaitingPayments, PAYMENT_ANCHOR, stillOwed } from './paymentWords.ts';

export interface CounterOfferPanelProps {
  requestId: string;
  job: CustomerJob;
  counter: NonNullable<CustomerJob['counter']>;
  /** The answer the e-mail link suggested; its button gets the focus. */
  suggested: CounterAnswer | null;
  /** Called once the answer is recorded (the page drops the e-mail link's suggestion). */
  onAnswered: () => void;
  /** Accepted already, and the difference to the dearer price is awaited: only refusing is left. */
  differenceAwaited?: boolean;
}

export function CounterOfferPanel({
  requestId,
  job,
  counter,
  suggested,
  onAnswered,
  differenceAwaited = false,
}: CounterOfferPanelProps) {
  const { day, moment } = useClock();
  const answer = useAnswerCounterOffer(requestId, toastOnFailure('Could not answer the new terms'));
  const navigate = useNavigate();
  const panelRef = useRef<HTMLElement>(null);
  const acceptRef = useRef<HTMLButtonElement>(null);
  const refuseRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!suggested) return;
    panelRef.current?.scrollIntoView({ block: 'start' });
    (suggested === 'accept' ? acceptRef : refuseRef).current?.focus({ preventScroll: true });
  }, [suggested]);

  const reply = (choice: CounterAnswer) =>
    answer.mutate(choice, {
      onSuccess: (request) => {
        onAnswered();
        const difference = awaitingPayments(request).find((payment) => payment.purpose === 'difference');
        toast({
          title: choice === 'accept' ? 'New terms accepted' : 'New terms refused',
          description:
            choice === 'refuse'
              ? 'We are offering your order to the next farm.'
              : difference
                ? `Pay the difference of ${formatUsd(stillOwed(difference))} and ${job.farm.name} goes ahead.`
                : `${job.farm.name} goes ahead with your order.`,
        });
        if (difference) navigate(PAYMENT_ANCHOR, { replace: true });
      },
    });
  const rows = [
    { label: 'Price', before: money(job.price), after: money(counter.price) },
    { label: 'Ready by', before: day(job.readyBy), after: day(counter.readyBy) },
  ];

  return (
    <section
      ref={panelRef}
      id="counter"
      className="counter-panel"
      aria-labelledby="counter-title"
      data-suggested={suggested ?? undefined}
    >
      <h2 id="counter-title" className="counter-panel__title">
        {job.farm.name} proposed new terms
      </h2>
      {differenceAwaited ? (
        <p>
          You accepted: pay the difference (see Payment) by <strong>{moment(counter.respondBy)}</strong> and{' '}
          {job.farm.name} goes ahead. If you refuse instead, we offer your order to the next farm.
        </p>
      ) : (
        <p>
          Answer by <strong>{moment(counter.respondBy)}</strong>. If you refuse, we offer your order to the
          next farm.
        </p>
      )}
      <table className="counter-panel__terms">
        <thead>
          <tr>
            <th scope="col">
              <span className="sr-only">Term</span>
            </th>
            <th scope="col">You accepted</th>
            <th scope="col">New terms</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.before}</td>
              <td className={row.before !== row.after ? 'counter-panel__changed' : undefined}>{row.after}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {suggested && (
        <p className="counter-panel__hint">
          You opened this from our e-mail. Press “{suggested === 'accept' ? 'Accept new terms' : 'Refuse'}” to
          confirm.
        </p>
      )}
      <div className="counter-panel__actions">
        {!differenceAwaited && (
          <Button
            ref={acceptRef}
            onClick={() => reply('accept')}
            loading={answer.isPending && answer.variables === 'accept'}
            disabled={answer.isPending}
          >
            Accept new terms
          </Button>
        )}
        <Button
          ref={refuseRef}
          variant="outline"
          onClick={() => reply('refuse')}
          loading={answer.isPending && answer.variables === 'refuse'}
          disabled={answer.isPending}
        >
          Refuse
        </Button>
      </div>
    </section>
  );
}
