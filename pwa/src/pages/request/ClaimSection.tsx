// A problem with delivered parts (#claim): while the claims window is open, 'Report a problem'; once
// reported, where the claim stands and the farm's (or staff's) answer, and the way to dispute it.
import { CLAIM_REASONS, type ClaimReason } from '@printfarm/domain/claims';
import { formatUsd } from '@printfarm/domain/money';
import { lazy, Suspense, useState } from 'react';
import type { PrintRequestDetail, RequestClaim } from '../../api/printRequests.ts';
import { Button } from '../../components/ui/button.tsx';
import { useClock } from './format.ts';
import './payment.css';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Where the claim stands, in words. */
// Loaded when opened: out of the screen's first load.
const ClaimDialog = lazy(() =>
  import('./ClaimDialog.tsx').then(({ ClaimDialog }) => ({ default: ClaimDialog })),
);
const DisputeDialog = lazy(() =>
  import('./DisputeDialog.tsx').then(({ DisputeDialog }) => ({ default: DisputeDialog })),
);

export function claimState(claim: Pick<RequestClaim, 'status' | 'refundCents'>, farm: string): string {
  switch (claim.status) {
    case 'open':
      return `Waiting for ${farm}’s answer`;
    case 'reprint':
      return `${capitalised(farm)} reprints your parts`;
    case 'refunded':
      return `${capitalised(farm)} refunded ${formatUsd(claim.refundCents)}`;
    case 'disputed':
      return 'Disputed: our staff decide';
    default:
      return claim.refundCents > 0 ? `Settled: ${formatUsd(claim.refundCents)} refunded` : 'Settled';
  }
}

const reasonLabel = (reason: string) => CLAIM_REASONS[reason as ClaimReason] ?? reason;

function ClaimFacts({ claim }: { claim: RequestClaim }) {
  const { moment } = useClock();
  return (
    <dl className="claim-facts">
      <div>
        <dt>What went wrong</dt>
        <dd>{reasonLabel(claim.reason)}</dd>
      </div>
      <div>
        <dt>Reported</dt>
        <dd>{moment(claim.createdAt)}</dd>
      </div>
      <div className="claim-facts__wide">
        <dt>Details</dt>
        <dd className="claim-facts__text">{claim.details}</dd>
      </div>
      {claim.photoCount > 0 && (
        <div>
          <dt>Photos</dt>
          <dd>{claim.photoCount} sent</dd>
        </div>
      )}
      {claim.answer && (
        <div className="claim-facts__wide">
          <dt>Answer</dt>
          <dd className="claim-facts__text">{claim.answer}</dd>
        </div>
      )}
    </dl>
  );
}

export function ClaimSection({ request }: { request: PrintRequestDetail }) {
  const { moment } = useClock();
  const [dialog, setDialog] = useState<'report' | 'dispute' | null>(null);
  const { claim, claimOpenUntil } = request;
  if (!claim && !claimOpenUntil) return null;
  const farm = request.job?.farm.name ?? 'the farm';
  const answered = claim?.status === 'reprint' || claim?.status === 'refunded';
  return (
    <section id="claim" tabIndex={-1} className="claim-section" aria-labelledby="claim-title">
      {claim ? (
        <>
          <div className="claim-section__head">
            <h2 id="claim-title" className="claim-section__title">
              Your report
            </h2>
            <p className="claim-section__state" data-claim-status={claim.status}>
              {claimState(claim, farm)}
            </p>
          </div>
          <ClaimFacts claim={claim} />
          {answered && (
            <div className="claim-section__actions">
              <p>Not settled by this answer? Dispute it and our staff decide.</p>
              <Button variant="outline" onClick={() => setDialog('dispute')}>
                Dispute
              </Button>
            </div>
          )}
        </>
      ) : (
        <>
          <h2 id="claim-title" className="claim-section__title">
            Something wrong with the parts?
          </h2>
          <p className="claim-section__lead">
            Report it by {moment(claimOpenUntil)}: {farm} answers with a reprint or a refund. The farm is paid
            only once this window closes.
          </p>
          <div className="claim-section__actions">
            <Button variant="outline" onClick={() => setDialog('report')}>
              Report a problem
            </Button>
          </div>
        </>
      )}
      <Suspense fallback={null}>
        {dialog === 'report' && (
          <ClaimDialog requestId={request.id} farmName={farm} onClose={() => setDialog(null)} />
        )}
        {dialog === 'dispute' && (
          <DisputeDialog requestId={request.id} farmName={farm} onClose={() => setDialog(null)} />
        )}
      </Suspense>
    </section>
  );
}
