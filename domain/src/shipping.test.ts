import { describe, expect, it } from 'vitest';
import { isShippingMethodId, SHIPPING_METHOD_IDS, SHIPPING_METHODS, shippingFeeCents } from './shipping.ts';

describe('shipping methods', () => {
  it('offers standard, expedited and overnight in that order', () => {
    expect(SHIPPING_METHOD_IDS).toEqual(['standard', 'expedited', 'overnight']);
  });

  it('charges the spec fees, in cents', () => {
    expect(shippingFeeCents('standard')).toBe(0);
    expect(shippingFeeCents('expedited')).toBe(999);
    expect(shippingFeeCents('overnight')).toBe(2499);
  });

  it('labels each method with its time and fee', () => {
    expect(SHIPPING_METHODS.standard.label).toBe('Standard (5-7 days) - Free');
    expect(SHIPPING_METHODS.expedited.label).toBe('Expedited (2-3 days) - $9.99');
    expect(SHIPPING_METHODS.overnight.label).toBe('Overnight - $24.99');
  });

  it('recognises method ids', () => {
    expect(isShippingMethodId('overnight')).toBe(true);
    expect(isShippingMethodId('teleport')).toBe(false);
  });
});
