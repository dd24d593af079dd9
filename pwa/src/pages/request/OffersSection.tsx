// The farms' offers side by side (cards on a laptop, a stacked list on a phone), sortable, each with its
// estimate/firm state, the breakdown on demand, the farm's record, and 'Accept', which asks where to ship.
import { lazy, Suspense, useState } from 'react';
import { type OfferView, type PrintRequestDetail, SLICING_REASON } from '../../api/printRequests.ts';
import { awaitsAnswer } from '../../components/findings/Findings.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useFilterButtons } from '../../components/ui/filter-buttons.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cx } from '../../lib/cx.ts';
import { money, onTime, useClock } from './format.ts';
import { OFFER_SORTS, sortOffers } from './offerSort.ts';

const FIRST_SHOWN = 6;
const SKELETON_CARDS = 3;

const distanceText = (miles: number) => (miles < 1 ? 'under a mile away' : `${miles} mi away`);

// Loaded when an offer is chosen: out of the screen's first load.
const AcceptDialog = lazy(() =>
  import('./AcceptDialog.tsx').then(({ AcceptDialog }) => ({ default: AcceptDialog })),
);

function KindBadge({ offer }: { offer: OfferView }) {
  const [open, setOpen] = useState(false);
  if (offer.kind === 'firm') {
    return (
      <Badge variant="green" title="Priced from the sliced print time and material weight">
        Firm price
      </Badge>
    );
  }
  const checking = offer.estimateReason === SLICING_REASON;
  const reason = offer.estimateReason ?? 'Priced from the part’s geometry';
  return (
    <span className="kind-badge">
      <button
        type="button"
        className="badge badge--yellow kind-badge__button"
        aria-expanded={open}
        title={reason}
        onClick={() => setOpen(!open)}
      >
        {checking ? 'Estimate · checking' : 'Estimate'}
        <span aria-hidden="true" className="kind-badge__info">
          i
        </span>
      </button>
      {open && <span className="kind-badge__reason">{reason}</span>}
    </span>
  );
}

function Breakdown({ offer }: { offer: OfferView }) {
  const b = offer.breakdown;
  const rows: [string, string][] = [
    ['Material', money(b.material)],
    [`Machine time (${b.printHours} h)`, money(b.machine)],
    ['Setup', money(b.setup)],
  ];
  if (Number(b.minimumOrder) > 0) rows.push(['Minimum-order top-up', money(b.minimumOrder)]);
  rows.push(['Shipping', money(b.shipping)]);
  return (
    <details className="offer-card__breakdown">
      <summary>Price breakdown</summary>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        {b.grams !== undefined && (
          <div>
            <dt>Material weight</dt>
            <dd>{b.grams} g</dd>
          </div>
        )}
        <div className="offer-card__total">
          <dt>Total</dt>
          <dd>{money(offer.price)}</dd>
        </div>
      </dl>
    </details>
  );
}

interface Highlights {
  best: string | undefined;
  cheapest: string | undefined;
  soonest: string | undefined;
}

function highlightsOf(offers: readonly OfferView[]): Highlights {
  const open = offers.filter((offer) => offer.status === 'offered');
  if (open.length < 2) return { best: undefined, cheapest: undefined, soonest: undefined };
  return {
    best: open[0]?.id,
    cheapest: sortOffers(open, 'Price')[0]?.id,
    soonest: sortOffers(open, 'Ready by')[0]?.id,
  };
}

function OfferCard({
  offer,
  highlights,
  canAccept,
  onAccept,
}: {
  offer: OfferView;
  highlights: Highlights;
  canAccept: boolean;
  onAccept: (offer: OfferView) => void;
}) {
  const { day } = useClock();
  const tags = [
    highlights.best === offer.id && 'Best match',
    highlights.cheapest === offer.id && 'Lowest price',
    highlights.soonest === offer.id && 'Soonest',
  ].filter(Boolean);
  const record = onTime(offer.onTimeRate);
  return (
    <li
      className={cx('offer-card', offer.status !== 'offered' && 'offer-card--inactive')}
      data-offer-id={offer.id}
      data-kind={offer.kind}
      data-price={offer.price}
      aria-label={`${offer.farmName}, ${money(offer.price)}`}
    >
      {highlights.best !== undefined && <p className="offer-card__tags">{tags.join(' · ')}</p>}
      <div className="offer-card__top">
        <div className="offer-card__who">
          <p className="offer-card__farm">{offer.farmName}</p>
          <p className="offer-card__where">
            {offer.farmLocation} · {distanceText(offer.distanceMiles)}
          </p>
        </div>
        <p className="offer-card__price">{money(offer.price)}</p>
      </div>
      <ul className="offer-card__facts">
        <li>
          Ready by <strong>{day(offer.readyBy)}</strong>
        </li>
        <li>
          {offer.rating === null ? (
            <span className="offer-card__new">New farm</span>
          ) : (
            <>
              <span aria-hidden="true" className="offer-card__star">
                ★
              </span>{' '}
              <strong>{offer.rating.toFixed(1)}</strong>
              <span className="sr-only"> out of 5</span>
            </>
          )}
        </li>
        {record && <li>{record}</li>}
      </ul>
      <div className="offer-card__badges">
        <KindBadge offer={offer} />
        {offer.status === 'routed' && <Badge variant="blue">Your choice</Badge>}
        {offer.status === 'declined' && <Badge variant="secondary">Declined by the farm</Badge>}
      </div>
      <Breakdown offer={offer} />
      {offer.blockedReason && (
        <p className="offer-card__blocked" role="status">
          {offer.blockedReason}
        </p>
      )}
      {canAccept && offer.status === 'offered' && !offer.blockedReason && (
        <Button className="offer-card__accept" onClick={() => onAccept(offer)}>
          Accept
        </Button>
      )}
    </li>
  );
}

export interface OffersSectionProps {
  request: PrintRequestDetail;
  offers: OfferView[] | undefined;
  loading: boolean;
  /** Expired offers stay visible for reference but cannot be accepted. */
  canAccept: boolean;
}

export function OffersSection({ request, offers, loading, canAccept }: OffersSectionProps) {
  const [sort, sortButtons] = useFilterButtons({
    legend: 'Sort offers by',
    options: OFFER_SORTS,
    className: 'offers__sort',
  });
  const [showAll, setShowAll] = useState(false);
  const [confirmingId, setConfirmingId] = useState<string | null>(null);
  // The offer as the latest answer has it: a price that changes while the dialog is open shows there.
  const confirming = confirmingId ? (offers?.find((offer) => offer.id === confirmingId) ?? null) : null;

  if (loading && !offers) {
    return (
      <section className="offers" aria-label="Offers" aria-busy="true">
        <div className="offer-grid">
          {Array.from({ length: SKELETON_CARDS }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: skeletons have no identity
            <Skeleton key={i} className="offer-card__skeleton" />
          ))}
        </div>
      </section>
    );
  }
  const list = offers ?? [];
  const sorted = sortOffers(list, sort);
  const shown = showAll ? sorted : sorted.slice(0, FIRST_SHOWN);
  const highlights = highlightsOf(list);
  const unanswered = request.files.filter(awaitsAnswer).map((file) => file.fileName);
  const checking = list.some((offer) => offer.kind === 'estimate' && offer.estimateReason === SLICING_REASON);
  const where = request.shipTo
    ? `${request.shipTo.city}, ${request.shipTo.state} ${request.shipToZip}`
    : request.shipToZip;

  return (
    <section className="offers" aria-labelledby="offers-title">
      <div className="offers__header">
        <div>
          <h2 id="offers-title" className="offers__title">
            {list.length} offer{list.length === 1 ? '' : 's'} for you
          </h2>
          <p className="offers__lead">
            From farms near {where}. Prices include shipping to you.
            {unanswered.length > 0 && canAccept && (
              <span className="offers__unanswered">
                {' '}
                Before ordering, choose to print {unanswered.join(', ')} as{' '}
                {unanswered.length === 1 ? 'it is' : 'they are'}, or upload a fixed file (see Files).
              </span>
            )}
            {checking && (
              <span className="offers__checking" role="status">
                {' '}
                Our slicer is checking the estimates; firm prices follow in a few seconds.
              </span>
            )}
          </p>
        </div>
        {list.length > 1 && sortButtons}
      </div>
      {list.length === 0 ? (
        <p className="dash-empty">No offers in this round.</p>
      ) : (
        <ul className="offer-grid" aria-label={`Offers sorted by ${sort.toLowerCase()}`}>
          {shown.map((offer) => (
            <OfferCard
              key={offer.id}
              offer={offer}
              highlights={highlights}
              canAccept={canAccept}
              onAccept={(offer) => setConfirmingId(offer.id)}
            />
          ))}
        </ul>
      )}
      {sorted.length > shown.length && (
        <Button variant="outline" className="offers__more" onClick={() => setShowAll(true)}>
          Show {sorted.length - shown.length} more offer{sorted.length - shown.length === 1 ? '' : 's'}
        </Button>
      )}
      {confirming && (
        <Suspense fallback={null}>
          <AcceptDialog
            request={request}
            offer={confirming}
            where={where}
            onClose={() => setConfirmingId(null)}
          />
        </Suspense>
      )}
    </section>
  );
}
