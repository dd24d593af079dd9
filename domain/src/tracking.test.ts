import { describe, expect, it } from 'vitest';
import { detectCarrier, isTrackingNumberOf, normalizeTrackingNumber, trackingUrl } from './tracking.ts';

describe('tracking numbers', () => {
  it('recognises the UPS, USPS and FedEx formats', () => {
    expect(isTrackingNumberOf('UPS', '1Z999AA10123456784')).toBe(true);
    expect(isTrackingNumberOf('UPS', '1z 999 aa1 0123456784')).toBe(true);
    expect(isTrackingNumberOf('UPS', '123456789012')).toBe(false);
    expect(isTrackingNumberOf('USPS', '9400111899223100012345')).toBe(true);
    expect(isTrackingNumberOf('USPS', 'EA123456789US')).toBe(true);
    expect(isTrackingNumberOf('USPS', '1Z999AA10123456784')).toBe(false);
    expect(isTrackingNumberOf('FedEx', '123456789012')).toBe(true);
    expect(isTrackingNumberOf('FedEx', '12345678901')).toBe(false);
    expect(isTrackingNumberOf('Other', 'anything-at-all')).toBe(true);
  });

  it('detects the carrier when only one format fits', () => {
    expect(detectCarrier('1Z999AA10123456784')).toBe('UPS');
    expect(detectCarrier('EA123456789US')).toBe('USPS');
    expect(detectCarrier('123456789012')).toBe('FedEx');
    // 20 and 22 digits fit both USPS and FedEx.
    expect(detectCarrier('12345678901234567890')).toBeNull();
  });

  it('links to the carrier tracking page', () => {
    expect(normalizeTrackingNumber(' 1z999aa1-0123456784 ')).toBe('1Z999AA10123456784');
    expect(trackingUrl('UPS', '1z999aa10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl('USPS', '9400111899223100012345')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400111899223100012345',
    );
    expect(trackingUrl('FedEx', '123456789012')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );
    expect(trackingUrl('Other', '123')).toBeNull();
  });
});
