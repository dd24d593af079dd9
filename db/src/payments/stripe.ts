// Card payments through Stripe with the official SDK. The customer pays on Stripe Checkout's hosted page
// (no card data touches our pages), which makes one PaymentIntent with manual capture: the card is held
// when the customer pays and charged when a farm takes the job; the webhook tells us the intent's id. The money
// stays on the platform's account (separate charges and transfers), so whichever farm finally prints
// the job is paid from it by a Connect transfer. Every call that moves money carries an idempotency key
// named after its cause, so a retried job asks Stripe the same question and gets the same answer.
import Stripe from 'stripe';
import type {
  CheckoutReturn,
  OpenedCheckout,
  PaymentProvider,
  PayoutAccountRequest,
  ProviderPayment,
} from './provider.ts';

/** How long a Checkout page takes payment (Stripe allows 30 minutes to 24 hours). */
const CHECKOUT_HOURS = 23;

export interface StripeSettings {
  secretKey: string;
  /** Another host for the SDK to talk to instead of api.stripe.com (the tests' recorder). */
  apiUrl?: string | undefined;
}

function stripeClient({ secretKey, apiUrl }: StripeSettings): Stripe {
  const url = apiUrl ? new URL(apiUrl) : null;
  const protocol = url?.protocol === 'http:' ? 'http' : 'https';
  return new Stripe(secretKey, {
    // A request that got no answer, or a lock conflict, is sent again under the same idempotency key.
    maxNetworkRetries: 2,
    ...(url ? { host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol } : {}),
  });
}

export type StripeEvent = Stripe.Event;

/** The event a webhook delivered, or null unless Stripe signed exactly this body with the secret. */
export function verifiedStripeEvent(
  rawBody: string,
  signature: string,
  webhookSecret: string,
): StripeEvent | null {
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) return null;
    throw error;
  }
}

function intentOf(payment: ProviderPayment): string {
  if (!payment.providerRef) throw new Error(`Payment ${payment.id} has no Stripe PaymentIntent`);
  return payment.providerRef;
}

export function createStripeProvider(settings: StripeSettings): PaymentProvider {
  const stripe = stripeClient(settings);

  async function openCheckout(
    payment: ProviderPayment,
    back: CheckoutReturn,
    attempt: number,
  ): Promise<OpenedCheckout> {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: payment.amountCents,
              product_data: { name: `Payment ${payment.reference}` },
            },
          },
        ],
        // The card is held when the customer pays, and charged when a farm takes the job.
        payment_intent_data: {
          capture_method: 'manual',
          description: `Payment ${payment.reference}`,
          metadata: { paymentId: payment.id, reference: payment.reference },
          transfer_group: payment.id,
          receipt_email: payment.payerEmail,
        },
        customer_email: payment.payerEmail,
        client_reference_id: payment.id,
        metadata: { paymentId: payment.id, reference: payment.reference },
        success_url: back.successUrl,
        cancel_url: back.cancelUrl,
        expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_HOURS * 3600,
      },
      { idempotencyKey: `checkout:${payment.id}:${attempt}` },
    );
    if (!session.url) throw new Error(`Stripe opened Checkout ${session.id} without a page`);
    return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
  }

  async function endCheckout(payment: ProviderPayment): Promise<'ended' | 'paid'> {
    if (!payment.checkoutSessionId) return 'ended';
    const session = await stripe.checkout.sessions.retrieve(payment.checkoutSessionId);
    if (session.status === 'complete') return 'paid';
    if (session.status !== 'open') return 'ended';
    try {
      await stripe.checkout.sessions.expire(session.id);
      return 'ended';
    } catch (error) {
      // Completed between the two calls: paid on that page after all.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const now = await stripe.checkout.sessions.retrieve(session.id);
      if (now.status === 'complete') return 'paid';
      if (now.status === 'expired') return 'ended';
      throw error;
    }
  }

  async function capture(payment: ProviderPayment, cents: number): Promise<void> {
    const intentId = intentOf(payment);
    // Nothing is owed (a re-route found the job already paid for): the hold is simply released.
    if (cents <= 0) {
      await releaseHold(await stripe.paymentIntents.retrieve(intentId), `capture:${payment.id}`);
      return;
    }
    try {
      await stripe.paymentIntents.capture(
        intentId,
        { amount_to_capture: cents },
        { idempotencyKey: `capture:${payment.id}` },
      );
    } catch (error) {
      // Captured before (a retry after the key expired, or by hand in Stripe's dashboard): done already.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      const intent = await stripe.paymentIntents.retrieve(intentId);
      if (intent.status !== 'succeeded') throw error;
    }
  }

  async function releaseHold(intent: Stripe.PaymentIntent, idempotencyKey: string): Promise<void> {
    if (intent.status === 'canceled') return;
    try {
      await stripe.paymentIntents.cancel(intent.id, {}, { idempotencyKey });
    } catch (error) {
      // Cancelled meanwhile under another key (two refunds of one hold at once): released already.
      if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      if ((await stripe.paymentIntents.retrieve(intent.id)).status !== 'canceled') throw error;
    }
  }

  async function refund(payment: ProviderPayment, cents: number, key: string) {
    const intent = await stripe.paymentIntents.retrieve(intentOf(payment));
    // Not captured: there is no charge to refund, and cancelling the intent ends the hold on the card.
    if (intent.status !== 'succeeded') {
      await releaseHold(intent, `refund:${key}`);
      return { providerRef: intent.id };
    }
    const made = await stripe.refunds.create(
      { payment_intent: intent.id, amount: cents },
      { idempotencyKey: `refund:${key}` },
    );
    return { providerRef: made.id };
  }

  async function voidPayment(payment: ProviderPayment): Promise<void> {
    // The page stops taking payment, so the card can no longer be charged for what is gone.
    if (payment.checkoutSessionId) {
      const session = await stripe.checkout.sessions.retrieve(payment.checkoutSessionId);
      if (session.status === 'open') await stripe.checkout.sessions.expire(session.id);
    }
    if (!payment.providerRef) return;
    const intent = await stripe.paymentIntents.retrieve(payment.providerRef);
    // Paid meanwhile (captured): payment.secured finds the order gone and refunds it.
    if (intent.status === 'succeeded') return;
    await releaseHold(intent, `void:${payment.id}`);
  }

  /** An Express account that takes transfers (made once per payee), and a fresh onboarding link to it. */
  async function payoutOnboarding(request: PayoutAccountRequest) {
    const accountId =
      request.accountId ??
      (
        await stripe.accounts.create(
          {
            type: 'express',
            country: 'US',
            email: request.email,
            business_profile: { name: request.name },
            capabilities: { transfers: { requested: true } },
            metadata: { payee: request.key },
          },
          { idempotencyKey: `account:${request.key}` },
        )
      ).id;
    // A link works once and for minutes: each visit to 'Set up payouts' asks for a new one.
    const link = await stripe.accountLinks.create({
      account: accountId,
      type: 'account_onboarding',
      return_url: request.returnUrl,
      refresh_url: request.refreshUrl,
    });
    return { accountId, url: link.url };
  }

  return {
    name: 'stripe',
    payoutOnboarding,
    openCheckout,
    endCheckout,
    capture,
    refund,
    void: voidPayment,
    async payout({ id, amountCents, destination }) {
      // A payee without a connected account is paid by staff, from the payout statement.
      if (!destination) return { status: 'pending', providerRef: null };
      const transfer = await stripe.transfers.create(
        { amount: amountCents, currency: 'usd', destination, metadata: { payoutId: id } },
        { idempotencyKey: `payout:${id}` },
      );
      return { status: 'sent', providerRef: transfer.id };
    },
  };
}
