// The one line under a request in 'Your Print Requests' that says what happens next, and whether the
// customer is the one who has to act.
import type { PrintRequestSummary } from '../../api/printRequests.ts';

export interface NextStep {
  text: string;
  /** True when the customer has to do something (choose, answer, rate). */
  yours: boolean;
}

type RequestLike = Pick<PrintRequestSummary, 'status' | 'quoteIssue' | 'canRate' | 'job'>;

export function nextStep(request: RequestLike): NextStep | null {
  const farm = request.job?.farm.name;
  if (request.job?.counter) return { text: `${farm} proposed new terms: accept or refuse`, yours: true };
  if (request.canRate) return { text: 'Delivered: rate your print', yours: true };
  switch (request.status) {
    case 'draft':
    case 'pending':
      return request.quoteIssue
        ? { text: 'No farm could quote this yet: change your choices', yours: true }
        : { text: 'Check your choices and get quotes', yours: true };
    case 'quoting':
      return { text: 'Asking farms for quotes…', yours: false };
    case 'quoted':
      return { text: 'Quotes ready: choose a farm', yours: true };
    case 'expired':
      return { text: 'Quotes expired: get new quotes', yours: true };
    case 'rejected':
      return { text: 'No file can be printed: add another file', yours: true };
    case 'ordered':
      return { text: farm ? `Sent to ${farm}; waiting for them to accept` : 'Sent to a farm', yours: false };
    case 'accepted':
      return { text: farm ? `Accepted by ${farm}` : 'Accepted by the farm', yours: false };
    case 'printing':
      return farm ? { text: `Printing at ${farm}`, yours: false } : null;
    case 'shipped':
      return {
        text: request.job?.carrier ? `On its way with ${request.job.carrier}` : 'On its way',
        yours: false,
      };
    default:
      return null;
  }
}
