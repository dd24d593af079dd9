import { describe, expect, it } from 'vitest';
import type { RequestPayment } from '../../api/printRequests.ts';
import { photoProblem } from './claimPhotos.ts';
import { differenceReason, paymentNote, paymentState, stillOwed } from './paymentWords.ts';

const payment = (fields: Partial<RequestPayment>) =>
  ({
    status: 'awaiting',
    method: 'bank_transfer',
    amountCents: 1800,
    receivedCents: 0,
    refundedCents: 0,
    failureReason: null,
    ...fields,
  }) as RequestPayment;

describe('the pay step in words', () => {
  it('says where each payment stands', () => {
    expect(paymentState(payment({})).label).toBe('Awaiting your payment');
    expect(paymentState(payment({ status: 'authorized' })).label).toBe(
      'Payment received — the farm has the order',
    );
    expect(paymentState(payment({ status: 'captured' })).label).toBe('Charged when the farm accepted');
    expect(paymentState(payment({ status: 'captured', refundedCents: 500 })).label).toBe(
      'Charged; $5.00 refunded',
    );
    expect(paymentState(payment({ status: 'refunded', refundedCents: 1800 })).label).toBe('Refunded $18.00');
    expect(paymentState(payment({ status: 'failed' }))).toEqual({ label: 'Failed', tone: 'failed' });
  });

  it('counts a transfer that came in parts, and gives a failure its reason', () => {
    const part = payment({ receivedCents: 1000 });
    expect(stillOwed(part)).toBe(800);
    expect(paymentNote(part)).toBe('We received $10.00; $8.00 is still to pay.');
    expect(paymentNote(payment({ status: 'failed', failureReason: 'Cancelled' }))).toBe('Cancelled');
  });

  it('explains why a difference is asked for', () => {
    const farm = { name: 'Lone Star Layers' };
    expect(differenceReason({ job: { farm, counter: { price: '30.00' } } } as never)).toContain(
      'You accepted Lone Star Layers’s new price',
    );
    expect(differenceReason({ job: null })).toContain('the next one charges more');
  });
});

describe('claim photos', () => {
  it('takes JPEG, PNG and WebP up to 3 MB', () => {
    expect(photoProblem({ name: 'a.png', type: 'image/png', size: 1000 })).toBeNull();
    expect(photoProblem({ name: 'a.gif', type: 'image/gif', size: 1000 })).toBe(
      'a.gif is not a JPEG, PNG or WebP photo',
    );
    expect(photoProblem({ name: 'b.jpg', type: 'image/jpeg', size: 3 * 1024 * 1024 + 1 })).toBe(
      'b.jpg is larger than 3 MB',
    );
  });
});
