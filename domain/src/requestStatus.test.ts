import { describe, expect, it } from 'vitest';
import {
  assertTransition,
  canCancel,
  canSubmit,
  canTransition,
  isActiveRequest,
  OFFER_VALIDITY_DAYS,
  offersAreStale,
  REQUEST_STATUSES,
  TransitionError,
} from './requestStatus.ts';

// Written out by hand from the issue, so a slip in the table shows up as a difference.
const LEGAL = new Set([
  'draft→quoting',
  'draft→rejected',
  'draft→cancelled',
  'pending→draft',
  'pending→quoting',
  'pending→rejected',
  'pending→cancelled',
  'quoting→quoted',
  'quoting→draft',
  'quoting→rejected',
  'quoting→cancelled',
  'quoted→ordered',
  'quoted→draft',
  'quoted→quoting',
  'quoted→expired',
  'quoted→cancelled',
  'expired→quoting',
  'expired→draft',
  'expired→cancelled',
  'ordered→accepted',
  'ordered→ordered',
  'ordered→quoting',
  'ordered→cancelled',
  'accepted→printing',
  'accepted→cancelled',
  'printing→shipped',
  'shipped→completed',
  'rejected→draft',
  'rejected→quoting',
  'rejected→cancelled',
]);

describe('request state machine', () => {
  for (const from of REQUEST_STATUSES) {
    for (const to of REQUEST_STATUSES) {
      const legal = LEGAL.has(`${from}→${to}`);
      it(`${legal ? 'allows' : 'refuses'} ${from} → ${to}`, () => {
        expect(canTransition(from, to)).toBe(legal);
        if (legal) expect(() => assertTransition(from, to)).not.toThrow();
        else expect(() => assertTransition(from, to)).toThrow(TransitionError);
      });
    }
  }

  it('lets the customer cancel any time before printing, never after', () => {
    const cancellable = REQUEST_STATUSES.filter(canCancel);
    expect(cancellable).toEqual([
      'draft',
      'pending',
      'quoting',
      'quoted',
      'ordered',
      'accepted',
      'rejected',
      'expired',
    ]);
    for (const status of cancellable) expect(canTransition(status, 'cancelled')).toBe(true);
  });

  it('explains a refusal in words', () => {
    expect(() => assertTransition('printing', 'cancelled')).toThrow(
      'You cannot cancel a request that is printing',
    );
    expect(() => assertTransition('completed', 'quoting')).toThrow(
      'You cannot get quotes for a request that is completed',
    );
  });

  it("lets the customer ask for quotes only before ordering: a re-route is the routing job's own move", () => {
    expect(REQUEST_STATUSES.filter(canSubmit)).toEqual(['draft', 'pending', 'quoted', 'rejected', 'expired']);
    expect(canSubmit('ordered')).toBe(false);
    // The routing job may still send an ordered request back to quoting when no offer is left.
    expect(canTransition('ordered', 'quoting')).toBe(true);
  });

  it('refuses an unknown status', () => {
    expect(canTransition('lost', 'quoting')).toBe(false);
  });

  it('calls offers stale after the validity period', () => {
    const now = new Date('2026-11-23T12:00:00Z');
    const day = 86_400_000;
    expect(offersAreStale(null, now)).toBe(false);
    expect(offersAreStale(new Date(now.getTime() - OFFER_VALIDITY_DAYS * day + 60_000), now)).toBe(false);
    expect(offersAreStale(new Date(now.getTime() - OFFER_VALIDITY_DAYS * day - 60_000), now)).toBe(true);
  });
});

describe('isActiveRequest', () => {
  it('counts every request still going somewhere, and neither completed nor cancelled ones', () => {
    const active = REQUEST_STATUSES.filter(isActiveRequest);
    expect(active).toEqual([
      'draft',
      'pending',
      'quoting',
      'quoted',
      'ordered',
      'accepted',
      'printing',
      'shipped',
      'rejected',
      'expired',
    ]);
    expect(isActiveRequest('archived')).toBe(false);
  });
});
