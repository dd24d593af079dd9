// A claim's own facts, as the customer's request page and the staff's money desk both show them.
import type { JobClaim } from '@printfarm/db';

/** What the customer claimed, and the answer so far. */
export function presentClaimFacts(claim: JobClaim) {
  return {
    id: claim.id,
    status: claim.status,
    reason: claim.reason,
    details: claim.details,
    answer: claim.answer,
    refundCents: claim.refundCents,
  };
}
