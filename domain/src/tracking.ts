// Parcel carriers and their tracking numbers: the formats UPS, USPS and FedEx print on their labels,
// and the page where a customer follows a parcel.

export const CARRIERS = ['UPS', 'USPS', 'FedEx', 'DHL', 'Other'] as const;
export type Carrier = (typeof CARRIERS)[number];

const FORMATS: Partial<Record<Carrier, { pattern: RegExp; example: string }>> = {
  UPS: { pattern: /^1Z[0-9A-Z]{16}$/, example: '1Z999AA10123456784' },
  // Domestic IMpb barcodes (20-22 digits, often starting 92-95) and international S10 numbers.
  USPS: { pattern: /^(\d{20,22}|[A-Z]{2}\d{9}US)$/, example: '9400111899223100012345' },
  FedEx: { pattern: /^(\d{12}|\d{15}|\d{20}|\d{22})$/, example: '123456789012' },
};

const TRACKING_PAGES: Partial<Record<Carrier, string>> = {
  UPS: 'https://www.ups.com/track?tracknum=',
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr=',
  DHL: 'https://www.dhl.com/us-en/home/tracking.html?tracking-id=',
};

/** '1z 999 aa1 0123456784' → '1Z999AA10123456784'. */
export function normalizeTrackingNumber(trackingNumber: string): string {
  return trackingNumber.replace(/[\s-]+/g, '').toUpperCase();
}

/** True when the number has the carrier's format; carriers without a known format accept any. */
export function isTrackingNumberOf(carrier: Carrier, trackingNumber: string): boolean {
  const format = FORMATS[carrier];
  return format ? format.pattern.test(normalizeTrackingNumber(trackingNumber)) : true;
}

export function trackingNumberHint(carrier: Carrier): string {
  const format = FORMATS[carrier];
  return format ? `A ${carrier} tracking number looks like ${format.example}` : 'Enter the tracking number';
}

/** The carrier whose format the number has, if exactly one fits. */
export function detectCarrier(trackingNumber: string): Carrier | null {
  const number = normalizeTrackingNumber(trackingNumber);
  const fits = (Object.keys(FORMATS) as Carrier[]).filter((c) => FORMATS[c]?.pattern.test(number));
  return fits.length === 1 ? (fits[0] ?? null) : null;
}

/** The carrier's tracking page for the number, or null for carriers we cannot link. */
export function trackingUrl(carrier: string, trackingNumber: string): string | null {
  const page = TRACKING_PAGES[carrier as Carrier];
  return page ? `${page}${encodeURIComponent(normalizeTrackingNumber(trackingNumber))}` : null;
}
