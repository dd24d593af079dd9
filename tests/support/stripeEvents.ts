// Delivers a Stripe event to the API's webhook, signed with the SDK's own test-header helper (the
// signature Stripe computes), as Stripe would send it. Not Stripe itself: no emulator installs here.
import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';

export async function deliverStripeEvent(
  apiUrl: string,
  webhookSecret: string,
  type: string,
  object: Record<string, unknown>,
  extra: Record<string, unknown> = {},
): Promise<Response> {
  const body = JSON.stringify({
    id: `evt_${randomUUID().replace(/-/g, '')}`,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
    ...extra,
  });
  return fetch(`${apiUrl}/api/payments/stripe/webhook`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret: webhookSecret }),
    },
    body,
  });
}
