// POST /api/payments/stripe/webhook: Stripe tells us what happened to a card payment. No session: the
// request is Stripe's own when its signature matches the body under our webhook secret. Each event is
// recorded once however often it is delivered; 200 tells Stripe to stop retrying it.
import { stripeKeys } from '@printfarm/db/payments';
import { verifiedStripeEvent } from '@printfarm/db/payments/stripe';
import { recordStripeEvent } from '@printfarm/db/payments/stripeEvents';
import type { ApiDeps } from '../deps.ts';
import type { AppRouter } from '../http/context.ts';
import { badRequest, notFound } from '../http/errors.ts';

export function registerStripeWebhookRoutes(router: AppRouter, { prisma, config }: ApiDeps): void {
  const keys = stripeKeys(config);

  router.post('/api/payments/stripe/webhook', async (ctx) => {
    if (!keys) throw notFound('Stripe payments are not configured');
    // The JSON body parser keeps the body's text as it came; the signature covers exactly that text.
    const raw = ctx.request.rawBody;
    const signature = ctx.get('stripe-signature');
    const event = raw && signature ? verifiedStripeEvent(raw, signature, keys.webhookSecret) : null;
    if (!event) throw badRequest('Invalid Stripe signature');
    const outcome = await recordStripeEvent(prisma, event);
    ctx.state.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event');
    ctx.body = outcome === 'duplicate' ? { received: true, duplicate: true } : { received: true };
  });
}
