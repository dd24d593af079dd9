import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  freeShippingShortfallCents,
  isShippingMethodId,
  NETWORK_SHIPPING_RATES,
  SHIPPING_METHOD_IDS,
  SHIPPING_METHODS,
  shippingFeeCents,
  shippingMethodName,
  shippingOptions,
  shippingRatesFromView,
  shippingRatesView,
  shippingSummary,
  storeShippingSchema,
} from './shipping.ts';
import { validate } from './validation.ts';

const workshop = { feesCents: { standard: 500, expedited: 1499 }, freeOverCents: 7500 };

describe('shipping methods', () => {
  it('offers standard, expedited and overnight in that order', () => {
    expect(SHIPPING_METHOD_IDS).toEqual(['standard', 'expedited', 'overnight']);
  });

  it("charges the network's fees, in cents, until a store sets its own", () => {
    expect(shippingFeeCents(NETWORK_SHIPPING_RATES, 'standard', 100)).toBe(0);
    expect(shippingFeeCents(NETWORK_SHIPPING_RATES, 'expedited', 100)).toBe(999);
    expect(shippingFeeCents(NETWORK_SHIPPING_RATES, 'overnight', 100)).toBe(2499);
  });

  it('labels each method with its time and fee, and names it the way a sentence does', () => {
    expect(SHIPPING_METHODS.standard.label).toBe('Standard (5–7 days) - Free');
    expect(SHIPPING_METHODS.expedited.label).toBe('Expedited (2–3 days) - $9.99');
    expect(SHIPPING_METHODS.overnight.label).toBe('Overnight (next business day) - $24.99');
    expect(shippingMethodName('expedited')).toBe('Expedited, 2–3 days');
    expect(shippingMethodName('pigeon')).toBe('pigeon');
  });

  it('recognises method ids', () => {
    expect(isShippingMethodId('overnight')).toBe(true);
    expect(isShippingMethodId('teleport')).toBe(false);
  });
});

describe("a store's own rules", () => {
  it('ships Standard free from the threshold up, and only the methods the store offers', () => {
    expect(shippingFeeCents(workshop, 'standard', 7499)).toBe(500);
    expect(shippingFeeCents(workshop, 'standard', 7500)).toBe(0);
    expect(shippingFeeCents(workshop, 'expedited', 9000)).toBe(1499);
    expect(shippingFeeCents(workshop, 'overnight', 100)).toBeUndefined();
    expect(shippingOptions(workshop, 2999).map((option) => option.label)).toEqual([
      'Standard (5–7 days) - $5.00',
      'Expedited (2–3 days) - $14.99',
    ]);
    expect(shippingOptions(workshop, 8000)[0]?.label).toBe('Standard (5–7 days) - Free');
    expect(freeShippingShortfallCents(workshop, 2999)).toBe(4501);
    expect(freeShippingShortfallCents(workshop, 7500)).toBeNull();
    expect(freeShippingShortfallCents(NETWORK_SHIPPING_RATES, 100)).toBeNull();
  });

  it('sums itself up the way the storefronts advertise', () => {
    expect(shippingSummary(workshop)).toBe('Flat $5, free over $75');
    expect(shippingSummary({ feesCents: { standard: 499 }, freeOverCents: 5000 })).toBe(
      'Flat $4.99, free over $50',
    );
    expect(shippingSummary({ feesCents: { standard: 500 }, freeOverCents: null })).toBe('Flat $5');
    expect(shippingSummary(NETWORK_SHIPPING_RATES)).toBe('Free shipping');
  });

  it('crosses the wire as decimal strings and back', () => {
    const view = shippingRatesView(workshop);
    expect(view).toEqual({
      methods: [
        { id: 'standard', fee: '5.00' },
        { id: 'expedited', fee: '14.99' },
      ],
      freeShippingOver: '75.00',
    });
    expect(shippingRatesFromView(view)).toEqual(workshop);
    expect(shippingRatesFromView(null)).toBe(NETWORK_SHIPPING_RATES);
  });

  it('reads the Shipping tab form, with a message per field', () => {
    const form = {
      standard: { fee: '5' },
      expedited: { offered: true, fee: '14.99' },
      overnight: { offered: false, fee: '' },
      freeShippingOver: '75',
    };
    expect(v.parse(storeShippingSchema, form)).toEqual(workshop);
    expect(v.parse(storeShippingSchema, { ...form, freeShippingOver: '' }).freeOverCents).toBeNull();
    const result = validate(storeShippingSchema, {
      ...form,
      standard: { fee: '-1' },
      expedited: { offered: true, fee: '1.999' },
      freeShippingOver: '0',
    });
    expect(result.success ? {} : result.error.fields).toEqual({
      'standard.fee': 'Enter a fee such as 5 or 4.99',
      'expedited.fee': 'Enter a fee such as 5 or 4.99',
      freeShippingOver: 'Enter an amount such as 75, or leave it empty',
    });
  });
});
