// /dashboard/requests/:requestId: one print request inside the dashboard. From top to bottom: what it
// is and where it stands, the one thing to do now (answer new terms, choose an offer, follow the order,
// rate it), then its files, the print choices and the timeline. Live while farms quote.
import { canCancel, canRequestAgain, EDITABLE_STATUSES } from '@printfarm/domain/requestStatus';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import { type CounterAnswer, type PrintRequestDetail, useLivePrintRequest } from '../../api/printRequests.ts';
import { ApiError, errorMessage } from '../../api/request.ts';
import { DashboardShell, RequireDashboardUser } from '../../components/dashboard/DashboardShell.tsx';
import { ChevronIcon } from '../../components/dashboard/icons.tsx';
import { RequestStatus } from '../../components/dashboard/RequestStatus.tsx';
import { Button, buttonClass } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { ChoicesForm } from './ChoicesForm.tsx';
import { ChoicesSummary } from './ChoicesSummary.tsx';
import { ClaimSection } from './ClaimSection.tsx';
import { CounterOfferPanel } from './CounterOfferPanel.tsx';
import { FilesSection } from './FilesSection.tsx';
import { money, partCount, parts } from './format.ts';
import { useLinkParam } from './linkParam.ts';
import { OffersSection } from './OffersSection.tsx';
import { PaymentSection } from './PaymentSection.tsx';
import { awaitingPayments, PAYMENT_ANCHOR } from './paymentWords.ts';
import { RatingSection } from './RatingSection.tsx';
import { RequestAgainButton } from './RequestAgainButton.tsx';
import {
  CancelledPanel,
  CounterGonePanel,
  ExpiredPanel,
  QuoteIssuePanel,
  QuotingPanel,
  RejectedPanel,
} from './StatusPanels.tsx';
import { StatusTimeline } from './StatusTimeline.tsx';
import { TrackingPanel } from './TrackingPanel.tsx';
import './request.css';
import { queryClient } from '../../api/queryClient.ts';
import { DataAge } from '../../components/DataAge.tsx';
import { takeScreenAnswers } from '../../lib/screenAnswers.ts';

// On a first visit the API renders this screen (entry-server.tsx): start from the answers it drew it with.
if (typeof document !== 'undefined') takeScreenAnswers(queryClient);

// Loaded when opened: out of the screen's first load.
const CancelDialog = lazy(() =>
  import('./CancelDialog.tsx').then(({ CancelDialog }) => ({ default: CancelDialog })),
);

const DRAFT_STATUSES: readonly string[] = ['draft', 'pending'];
const ORDER_STATUSES: readonly string[] = ['ordered', 'accepted', 'printing', 'shipped', 'completed'];

function counterAnswerOf(value: string | null): CounterAnswer | null {
  return value === 'accept' || value === 'refuse' ? value : null;
}

function BackLink() {
  return (
    <Link to="/dashboard?tab=requests" className="request-back">
      <ChevronIcon direction="left" size={16} /> My Requests
    </Link>
  );
}

function facts(request: PrintRequestDetail): string[] {
  const where = request.shipTo
    ? `ships to ${request.shipTo.city}, ${request.shipTo.state} ${request.shipToZip}`
    : request.shipToZip
      ? `ships to ${request.shipToZip}`
      : null;
  const price = request.job
    ? money(request.job.price)
    : request.quotedPrice && request.status === 'quoted'
      ? `from ${money(request.quotedPrice)}`
      : null;
  return [
    [request.technology, request.material, request.color].filter(Boolean).join(' · '),
    parts(partCount(request)),
    where,
    price,
  ].filter((fact): fact is string => Boolean(fact));
}

function RequestHeader({ request, onCancel }: { request: PrintRequestDetail; onCancel: () => void }) {
  return (
    <header className="request-header">
      <div className="request-header__text">
        <h1 className="request-header__title">{request.title}</h1>
        <div className="request-header__facts">
          <RequestStatus
            status={request.status}
            progress={request.progress}
            className="request-header__status"
          />
          <p className="request-header__fact-line">{facts(request).join(' · ')}</p>
          <DataAge data={request} />
        </div>
      </div>
      {canCancel(request.status) && (
        <Button variant="ghost" size="sm" className="request-header__cancel" onClick={onCancel}>
          Cancel request
        </Button>
      )}
      {/* A cancelled request offers it in its panel, where the page says what happened. */}
      {canRequestAgain(request.status) && request.status !== 'cancelled' && (
        <RequestAgainButton requestId={request.id} size="sm" />
      )}
    </header>
  );
}

const withdrawsOffers = (status: string) => status === 'quoted' || status === 'expired';
const isEditable = (status: string) => EDITABLE_STATUSES.includes(status as never);

/** Quoted and expired requests show their choices as a summary first: editing them withdraws the offers. */
function ChoicesCard({
  request,
  editing,
  onEdit,
}: {
  request: PrintRequestDetail;
  editing: boolean;
  onEdit: () => void;
}) {
  const editable = isEditable(request.status);
  const showForm = editable && (!withdrawsOffers(request.status) || editing);
  return (
    <Card className="request-choices">
      <CardHeader className="request-card-header">
        <div>
          <CardTitle>Print choices</CardTitle>
          <CardDescription>
            {showForm ? 'How the parts are made and where they go.' : 'What the farms quoted for.'}
          </CardDescription>
        </div>
        {editable && withdrawsOffers(request.status) && !editing && (
          <Button variant="outline" size="sm" onClick={onEdit}>
            Change choices
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {showForm ? (
          <ChoicesForm
            request={request}
            withdrawsOffers={withdrawsOffers(request.status)}
            canQuote={DRAFT_STATUSES.includes(request.status)}
          />
        ) : (
          <ChoicesSummary request={request} />
        )}
      </CardContent>
    </Card>
  );
}

function NowPanel({
  request,
  offers,
  counterLink,
  onCounterAnswered,
}: {
  request: PrintRequestDetail;
  offers: ReturnType<typeof useLivePrintRequest>['offers'];
  counterLink: CounterAnswer | null;
  onCounterAnswered: () => void;
}) {
  const panels: ReactNode[] = [];
  const counter = request.job?.counter;
  if (request.job && counter) {
    panels.push(
      <CounterOfferPanel
        key="counter"
        requestId={request.id}
        job={request.job}
        counter={counter}
        suggested={counterLink}
        onAnswered={onCounterAnswered}
        differenceAwaited={awaitingPayments(request).some((payment) => payment.purpose === 'difference')}
      />,
    );
  } else if (counterLink) {
    panels.push(<CounterGonePanel key="counter-gone" />);
  }
  const status = request.status;
  if (DRAFT_STATUSES.includes(status) && request.quoteIssue)
    panels.push(<QuoteIssuePanel key="issue" request={request} />);
  if (status === 'quoting') panels.push(<QuotingPanel key="quoting" request={request} />);
  if (status === 'expired') panels.push(<ExpiredPanel key="expired" request={request} />);
  if (status === 'quoted' || status === 'expired') {
    panels.push(
      <OffersSection
        key="offers"
        request={request}
        offers={offers.data}
        loading={offers.isPending}
        canAccept={status === 'quoted'}
      />,
    );
  }
  // Money still to pay is the thing to do now; a settled payment is a record under the order.
  const payment = request.payments.length > 0 && <PaymentSection key="payment" request={request} />;
  const mustPay = awaitingPayments(request).length > 0;
  if (payment && mustPay) panels.push(payment);
  if (ORDER_STATUSES.includes(status)) panels.push(<TrackingPanel key="order" request={request} />);
  if (payment && !mustPay) panels.push(payment);
  if (status === 'completed') panels.push(<ClaimSection key="claim" request={request} />);
  if (status === 'completed') panels.push(<RatingSection key="rating" request={request} />);
  if (status === 'rejected') panels.push(<RejectedPanel key="rejected" request={request} />);
  if (status === 'cancelled') panels.push(<CancelledPanel key="cancelled" request={request} />);
  return panels.length > 0 ? <div className="request-now">{panels}</div> : null;
}

function RequestView({ id }: { id: string }) {
  const { request, offers } = useLivePrintRequest(id);
  const [counterParam, forgetCounterLink] = useLinkParam('counter');
  const location = useLocation();
  const [cancelling, setCancelling] = useState(false);
  // 'Change choices' on quoted offers unlocks the form and the files' units and quantities.
  const [editing, setEditing] = useState(false);
  const data = request.data;
  const status = data?.status;
  useEffect(() => {
    if (status) setEditing(false);
  }, [status]);
  const title = data?.title;

  useEffect(() => {
    if (title) document.title = `${title} | PrintFarm Network`;
  }, [title]);

  // The e-mails link to #payment, #claim and #rate; the sections exist once the request has loaded, the
  // pay step once the order asks for money ('Place order' leads to it as soon as it does).
  const loaded = data !== undefined;
  const paymentShown = (data?.payments.length ?? 0) > 0;
  useEffect(() => {
    if (!loaded || !location.hash) return;
    if (location.hash === PAYMENT_ANCHOR && !paymentShown) return;
    const target = document.getElementById(location.hash.slice(1));
    target?.scrollIntoView({ block: 'start' });
    target?.focus({ preventScroll: true });
  }, [loaded, location.hash, paymentShown]);

  if (request.isPending) {
    return (
      <div className="request-page" aria-busy="true">
        <BackLink />
        <Skeleton className="request-skeleton request-skeleton--title" />
        <Skeleton className="request-skeleton" />
        <Skeleton className="request-skeleton request-skeleton--tall" />
      </div>
    );
  }
  if (request.isError) {
    const missing = request.error instanceof ApiError && request.error.status === 404;
    return (
      <div className="request-page">
        <BackLink />
        <div className="status-panel status-panel--muted" role="alert">
          <h1 className="status-panel__title">
            {missing ? 'We could not find this request' : 'This request did not load'}
          </h1>
          <p>
            {missing
              ? 'It may have been removed, or it belongs to another account.'
              : errorMessage(request.error)}
          </p>
          {!missing && (
            <Button variant="outline" onClick={() => void request.refetch()}>
              Try again
            </Button>
          )}
          {missing && (
            <Link to="/dashboard?tab=requests" className={buttonClass({ variant: 'outline' })}>
              See your requests
            </Link>
          )}
        </div>
      </div>
    );
  }

  const current = request.data.status;
  const editable = isEditable(current) && (!withdrawsOffers(current) || editing);
  return (
    <div className="request-page" data-status={request.data.status}>
      <BackLink />
      <RequestHeader request={request.data} onCancel={() => setCancelling(true)} />
      <NowPanel
        request={request.data}
        offers={offers}
        counterLink={counterAnswerOf(counterParam)}
        onCounterAnswered={forgetCounterLink}
      />
      <div className="request-layout">
        <div className="request-layout__main">
          <FilesSection
            requestId={request.data.id}
            title={request.data.title}
            files={request.data.files}
            editable={editable}
            answerable={isEditable(current)}
          />
          <ChoicesCard request={request.data} editing={editing} onEdit={() => setEditing(true)} />
        </div>
        <aside className="request-layout__aside" aria-label="History">
          <Card>
            <CardHeader>
              <CardTitle>Timeline</CardTitle>
            </CardHeader>
            <CardContent>
              <StatusTimeline history={request.data.statusHistory} />
            </CardContent>
          </Card>
        </aside>
      </div>
      {cancelling && (
        <Suspense fallback={null}>
          <CancelDialog request={request.data} open onOpenChange={setCancelling} />
        </Suspense>
      )}
    </div>
  );
}

export default function RequestPage() {
  const { requestId = '' } = useParams();
  return (
    <RequireDashboardUser loadingText="Loading your request...">
      {() => (
        <DashboardShell>
          <RequestView key={requestId} id={requestId} />
        </DashboardShell>
      )}
    </RequireDashboardUser>
  );
}
