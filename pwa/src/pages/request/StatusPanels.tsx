// The panel at the top of the request that says where it stands when no offer or order is on screen:
// farms being asked, no farm could quote (and what to change), offers expired, nothing printable, cancelled.

import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { offeredMaterials, offeringQueries } from '../../api/offerings.ts';
import { type PrintRequestDetail, useSubmitPrintRequest } from '../../api/printRequests.ts';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { cx } from '../../lib/cx.ts';
import { FIELD_IDS } from './choices.ts';
import { useClock } from './format.ts';
import { RequestAgainButton } from './RequestAgainButton.tsx';

function focusField(id: string) {
  const field = document.getElementById(id);
  field?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  field?.focus({ preventScroll: true });
}

function Panel({
  tone,
  title,
  children,
  live = false,
}: {
  tone: 'info' | 'warning' | 'muted' | 'danger';
  title: string;
  children?: ReactNode;
  live?: boolean;
}) {
  return (
    <section className={cx('status-panel', `status-panel--${tone}`)} aria-live={live ? 'polite' : undefined}>
      <h2 className="status-panel__title">{title}</h2>
      {children}
    </section>
  );
}

function placeOf(request: PrintRequestDetail): string {
  if (!request.shipToZip) return 'you';
  return request.shipTo
    ? `${request.shipTo.city}, ${request.shipTo.state} ${request.shipToZip}`
    : request.shipToZip;
}

export function QuotingPanel({ request }: { request: PrintRequestDetail }) {
  const measuring = request.files.some(
    (file) => file.analysisStatus === 'pending' || file.analysisStatus === 'analyzing',
  );
  return (
    <section className="status-panel status-panel--info quoting-panel" aria-live="polite">
      <Spinner size="lg" decorative />
      <div>
        <h2 className="status-panel__title">Asking farms near {placeOf(request)}…</h2>
        <p>
          {measuring
            ? 'We finish measuring your files first; the farms’ offers follow within seconds.'
            : 'Offers usually arrive within a few seconds. You can stay on this page: it updates by itself.'}
        </p>
        {request.quoteRound > 1 && (
          <p className="status-panel__small">
            Quote round {request.quoteRound}
            {request.searchRadiusMiles ? `, farms within ${request.searchRadiusMiles} miles` : ''}.
          </p>
        )}
      </div>
    </section>
  );
}

/** One thing the customer can change, and the button that takes them to its field. */
function ChangeOption({ field, action, children }: { field: string; action: string; children: ReactNode }) {
  return (
    <li>
      <span className="status-panel__option-text">{children}</span>
      <Button size="sm" variant="outline" onClick={() => focusField(field)}>
        {action}
      </Button>
    </li>
  );
}

export function QuoteIssuePanel({ request }: { request: PrintRequestDetail }) {
  const offerings = useQuery(offeringQueries.all());
  const others = offeredMaterials(offerings.data, request.technology ?? '')
    .map((entry) => entry.material)
    .filter((material) => material !== request.material);
  return (
    <Panel tone="warning" title="No farm could quote this yet">
      <p>{request.quoteIssue}</p>
      <p className="status-panel__lead">What you can change:</p>
      <ul className="status-panel__options">
        <ChangeOption field={FIELD_IDS.material} action="Change material">
          Another material
          {others.length > 0 && (
            <span className="status-panel__small"> (farms offer {others.join(', ')})</span>
          )}
        </ChangeOption>
        <ChangeOption field={FIELD_IDS.technology} action="Change technology">
          Another technology: resin and nylon farms print large and fine parts too
        </ChangeOption>
        <ChangeOption field={FIELD_IDS.shipToZip} action="Change ZIP code">
          Another ship-to ZIP code
          {request.searchRadiusMiles
            ? `: we searched within ${request.searchRadiusMiles} miles of ${request.shipToZip}`
            : ''}
        </ChangeOption>
      </ul>
      <p className="status-panel__small">
        A part that is too large for every printer nearby can also be the reason: check its size and unit
        below.
      </p>
    </Panel>
  );
}

export function ExpiredPanel({ request }: { request: PrintRequestDetail }) {
  const submit = useSubmitPrintRequest(request.id, toastOnFailure('Could not ask for quotes'));
  return (
    <section className="status-panel status-panel--warning expired-panel">
      <div>
        <h2 className="status-panel__title">These offers are older than 7 days</h2>
        <p>
          Prices and farm schedules change, so offers hold for 7 days. Ask the farms again for today’s prices
          and dates.
        </p>
      </div>
      <Button size="lg" onClick={() => submit.mutate()} loading={submit.isPending}>
        Get new quotes
      </Button>
    </section>
  );
}

export function RejectedPanel({ request }: { request: PrintRequestDetail }) {
  const reasons = request.files.filter((file) => file.analysisStatus === 'rejected');
  return (
    <Panel tone="danger" title="None of your files can be printed">
      {reasons.length > 0 ? (
        <ul className="status-panel__reasons">
          {reasons.map((file) => (
            <li key={file.id}>
              <strong>{file.fileName}</strong>: {file.analysis?.rejectReason ?? 'it could not be read'}
            </li>
          ))}
        </ul>
      ) : (
        <p>Our checks could not read a printable part from the files.</p>
      )}
      <p>Export the design again (STL or 3MF work best) and add it with ‘Add files’ below.</p>
    </Panel>
  );
}

export function CancelledPanel({ request }: { request: PrintRequestDetail }) {
  const { readableNote } = useClock();
  const last = request.statusHistory.findLast((change) => change.toStatus === 'cancelled');
  return (
    <Panel tone="muted" title="This request was cancelled">
      {last?.note && <p>{readableNote(last.note)}</p>}
      <p className="status-panel__small">
        Changed your mind? Start a new request with the same files and choices, and get fresh quotes.
      </p>
      <div className="status-panel__actions">
        <RequestAgainButton requestId={request.id} variant="default" />
      </div>
    </Panel>
  );
}

export function CounterGonePanel() {
  return (
    <Panel tone="muted" title="No new terms to answer">
      <p>The farm’s proposal was already answered or has expired. This page shows where your order is now.</p>
    </Panel>
  );
}
