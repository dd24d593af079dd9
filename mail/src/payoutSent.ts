// The one way a payout's e-mail is queued, whether staff sent the money by hand (API) or the processor
// made the transfer (workers): the payout row says which, by whether it has the processor's reference.

import { deferredEmail } from './deferred.ts';
import type { MailPerson } from './marketplace.ts';

export function payoutSentMail(
  appUrl: string,
  payee: MailPerson,
  payout: { id: string; amountCents: number; providerRef: string | null },
) {
  return deferredEmail('payoutSentEmail', appUrl, payee, {
    id: payout.id,
    cents: payout.amountCents,
    byTransfer: payout.providerRef !== null,
  });
}
