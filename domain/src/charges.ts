// What a customer is charged for a print request, line by line, as the pay step and the e-mails show it:
// the parts (everything but shipping), shipping, and tax. The marketplace collects no sales tax yet, so
// the tax line says $0.00 rather than being left out: the customer sees every line of the total.

export type ChargeLine = readonly [label: string, cents: number];

/** The lines of an offer's price, from its stored breakdown; they add up to the price exactly. */
export function chargeLines(priceCents: number, breakdown: unknown): ChargeLine[] {
  const stored = (typeof breakdown === 'object' && breakdown !== null ? breakdown : {}) as {
    shippingCents?: unknown;
  };
  const shipping =
    typeof stored.shippingCents === 'number' && stored.shippingCents >= 0
      ? Math.min(Math.round(stored.shippingCents), priceCents)
      : 0;
  return [
    ['Printed parts', priceCents - shipping],
    ['Shipping', shipping],
    ['Tax', 0],
  ];
}

/**
 * How to pay by bank transfer or payment app: the amount, the reference to write on it, and staff's own
 * words (platform settings: where to send it; never account numbers in the repo).
 */
export function paymentInstructions(cents: number, reference: string, staffWords: string): string {
  const amount = `$${(cents / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
  const how = `Pay ${amount} by bank transfer (ACH) or a payment app, with the reference ${reference} on the payment so we can match it.`;
  return staffWords.trim() ? `${how} ${staffWords.trim()}` : how;
}

/** Money has arrived for a payment, or a card holds it: cancelling what it pays for gives it back. */
export function paymentHoldsMoney(payment: { status: string; receivedCents: number }): boolean {
  return payment.status === 'authorized' || payment.status === 'captured' || payment.receivedCents > 0;
}
