// The print request's life, one state machine for the API and the workers:
//   draft → quoting → quoted → ordered → accepted → printing → shipped → completed
// with cancelled (by the customer, any time before printing), rejected (no file is printable) and
// expired (offers older than OFFER_VALIDITY_DAYS; re-quoted on demand). 'pending' is the spec's
// default status for a request made outside the upload flow; it behaves like a draft.
import { labelsOf } from './labels.ts';

export const REQUEST_STATUSES = [
  'draft',
  'pending',
  'quoting',
  'quoted',
  'ordered',
  'accepted',
  'printing',
  'shipped',
  'completed',
  'cancelled',
  'rejected',
  'expired',
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const OFFER_VALIDITY_DAYS = 7;

/** Statuses whose offers the request's screen shows (old ones too, once expired). */
export const OFFER_STATUSES: readonly RequestStatus[] = ['quoted', 'expired'];

const BEFORE_PRINTING = [
  'draft',
  'pending',
  'quoting',
  'quoted',
  'expired',
  'ordered',
  'accepted',
  'rejected',
];

/** Every legal move; a status missing from a list cannot be reached from its key. */
const TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  // Submitting, or a file turned out unprintable, or the customer gave up.
  draft: ['quoting', 'rejected', 'cancelled'],
  pending: ['draft', 'quoting', 'rejected', 'cancelled'],
  // Offers arrived; or no farm qualifies (back to draft with the reason); or nothing is printable.
  quoting: ['quoted', 'draft', 'rejected', 'cancelled'],
  // The customer accepts an offer, changes the choices (draft), re-quotes, or the offers grow old.
  quoted: ['ordered', 'draft', 'quoting', 'expired', 'cancelled'],
  expired: ['quoting', 'draft', 'cancelled'],
  // The farm accepts; a decline, timeout or refused counter re-routes (ordered again) or, with no
  // offer left, sends the request back to quoting with a wider radius.
  ordered: ['accepted', 'ordered', 'quoting', 'cancelled'],
  accepted: ['printing', 'cancelled'],
  printing: ['shipped'],
  shipped: ['completed'],
  completed: [],
  cancelled: [],
  // A new file or a corrected unit makes a rejected request a draft again, or quotable at once.
  rejected: ['draft', 'quoting', 'cancelled'],
};

export function isRequestStatus(value: unknown): value is RequestStatus {
  return typeof value === 'string' && (REQUEST_STATUSES as readonly string[]).includes(value);
}

export function canTransition(from: string, to: RequestStatus): boolean {
  return isRequestStatus(from) && TRANSITIONS[from].includes(to);
}

/** Still going somewhere (the dashboard's 'Active Requests'): every status but completed and cancelled. */
export function isActiveRequest(status: string): boolean {
  return isRequestStatus(status) && TRANSITIONS[status].length > 0;
}

/**
 * Where 'Request again' is offered: a request that was given up, or whose parts are on their way or
 * arrived, starts a new draft with the same files and choices. A running one is still being decided.
 */
export function canRequestAgain(status: string): boolean {
  return status === 'cancelled' || status === 'shipped' || status === 'completed';
}

export function canCancel(status: string): boolean {
  return BEFORE_PRINTING.includes(status);
}

/**
 * Where 'Get quotes' may start from. Once ordered, a request goes back to quoting only through the
 * routing job (no offer left), never by the customer: a new round beside a farm's open job would let
 * two farms hold one order.
 */
export const SUBMITTABLE_STATUSES: readonly RequestStatus[] = [
  'draft',
  'pending',
  'quoted',
  'expired',
  'rejected',
];

export function canSubmit(status: string): boolean {
  return (SUBMITTABLE_STATUSES as readonly string[]).includes(status);
}

/** The customer may change technology, material, quantities and so on only before ordering. */
export const EDITABLE_STATUSES: readonly RequestStatus[] = [
  'draft',
  'pending',
  'quoted',
  'expired',
  'rejected',
];

export const STATUS_LABELS = labelsOf(REQUEST_STATUSES, {
  quoting: 'Getting quotes',
  quoted: 'Quotes ready',
  accepted: 'Accepted by farm',
  rejected: 'Not printable',
  expired: 'Quotes expired',
});

export function statusLabel(status: string): string {
  return isRequestStatus(status) ? STATUS_LABELS[status] : status;
}

/** Words for a 409: what the customer tried and why it cannot happen now. */
const ATTEMPTS: Partial<Record<RequestStatus, string>> = {
  quoting: 'get quotes for',
  quoted: 'quote',
  ordered: 'order',
  accepted: 'accept',
  printing: 'start printing',
  shipped: 'ship',
  completed: 'complete',
  cancelled: 'cancel',
  rejected: 'reject',
  expired: 'expire',
  draft: 'edit',
};

/** Thrown for an illegal move; the API answers it with 409 and this message. */
export class TransitionError extends Error {
  readonly from: string;
  readonly to: RequestStatus;
  constructor(from: string, to: RequestStatus, message?: string) {
    super(message ?? `You cannot ${ATTEMPTS[to] ?? to} a request that is ${statusLabel(from).toLowerCase()}`);
    this.name = 'TransitionError';
    this.from = from;
    this.to = to;
  }
}

export function assertTransition(from: string, to: RequestStatus): void {
  if (!canTransition(from, to)) throw new TransitionError(from, to);
}

export function offersAreStale(quotedAt: Date | null, now = new Date()): boolean {
  return quotedAt !== null && now.getTime() - quotedAt.getTime() > OFFER_VALIDITY_DAYS * 86_400_000;
}
