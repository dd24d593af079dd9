// Stripe events as Stripe sends them to the API's webhook, signed with the SDK's own test-header helper
// (the signature Stripe computes). Not Stripe itself: no emulator installs here.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';

/** The JSON body of an event about `object` (a payment intent, a Checkout session, an account). */
export function stripeEventBody(type: string, object: Record<string, unknown>): string {
  return JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

/** POSTs the body to the webhook; signed with `webhookSecret` unless a signature is given. */
export function postStripeEvent(
  apiUrl: string,
  body: string,
  signature: string | { webhookSecret: string },
): Promise<Response> {
  const header =
    typeof signature === 'string'
      ? signature
      : Stripe.webhooks.generateTestHeaderString({ payload: body, secret: signature.webhookSecret });
  return fetch(`${apiUrl}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': header },
    body,
  });
}

export function deliverStripeEvent(
  apiUrl: string,
  webhookSecret: string,
  type: string,
  object: Record<string, unknown>,
): Promise<Response> {
  return postStripeEvent(apiUrl, stripeEventBody(type, object), { webhookSecret });
}
