// Payment processors behind one small interface. The platform's own records (payments, the ledger)
// never depend on which one runs: a provider only moves money outside and answers what it did.
//   invoice  the default: bank transfer (ACH) or a payment app, with the payment's reference. Nothing
//            to call: staff record what arrived (and send refunds and payout statements themselves).
//   stripe   cards on Stripe Checkout's hosted page (a PaymentIntent with manual capture), refunds and
//            Connect transfers (./stripe.ts), on when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set.

export type ProviderName = 'invoice' | 'stripe';

export interface ProviderPayment {
  id: string;
  reference: string;
  amountCents: number;
  /** The processor's id (a PaymentIntent) once the customer paid; null before, and with invoice. */
  providerRef: string | null;
  /** The Checkout session the customer pays on (Stripe), if one was opened. */
  checkoutSessionId: string | null;
  payerEmail: string;
  payerName: string;
}

export interface ProviderPayout {
  id: string;
  amountCents: number;
  /** The payee's connected account (Stripe), or null. */
  destination: string | null;
}

/** A payee setting up payouts through the processor (Stripe Connect onboarding). */
export interface PayoutAccountRequest {
  /** Names the payee once ('farm:<id>', 'store:<id>'): asked twice, the processor makes one account. */
  key: string;
  email: string;
  name: string;
  /** The account made before, whose onboarding is continued. */
  accountId: string | null;
  /** Where the processor sends the person back when they are done, or when the link has expired. */
  returnUrl: string;
  refreshUrl: string;
}

/** Where the processor sends the customer back: paid, or turned back. */
export interface CheckoutReturn {
  successUrl: string;
  cancelUrl: string;
}

/** A hosted page where the customer pays by card (Stripe Checkout), until it expires. */
export interface OpenedCheckout {
  sessionId: string;
  url: string;
  expiresAt: Date;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /**
   * A page where the customer pays by card; null when the money comes by bank transfer (invoice).
   * `attempt` tells sessions apart (a new one after the last expired): the same attempt asked again
   * answers the same session.
   */
  openCheckout(
    payment: ProviderPayment,
    back: CheckoutReturn,
    attempt: number,
  ): Promise<OpenedCheckout | null>;
  /**
   * Ends the payment's current Checkout page before another is opened, so that only one can be paid:
   * 'paid' when the customer paid on it meanwhile (its webhook is on the way), else 'ended'.
   */
  endCheckout(payment: ProviderPayment): Promise<'ended' | 'paid'>;
  /** Takes `cents` of a secured payment; capturing an already captured payment is not an error. */
  capture(payment: ProviderPayment, cents: number): Promise<void>;
  /** Gives `cents` back: releases a hold or refunds captured money. `key` makes a retry harmless. */
  refund(payment: ProviderPayment, cents: number, key: string): Promise<{ providerRef: string | null }>;
  /** Stops a payment never made from being paid (ends its Checkout page and any hold); harmless if repeated. */
  void(payment: ProviderPayment): Promise<void>;
  /**
   * The payee's payout account and a link to set it up (Stripe's hosted onboarding); null when the
   * provider pays by a transfer staff send (invoice) and there is nothing to set up.
   */
  payoutOnboarding(request: PayoutAccountRequest): Promise<{ accountId: string; url: string } | null>;
  /** Pays a payee: 'sent' when the processor moved the money, 'pending' when staff still send it. */
  payout(payout: ProviderPayout): Promise<{ status: 'pending' | 'sent'; providerRef: string | null }>;
}

/** Bank transfer or payment app: the money moves by people; the platform keeps the books. */
export const invoiceProvider: PaymentProvider = {
  name: 'invoice',
  openCheckout: async () => null,
  endCheckout: async () => 'ended',
  capture: async () => {},
  refund: async () => ({ providerRef: null }),
  void: async () => {},
  payoutOnboarding: async () => null,
  payout: async () => ({ status: 'pending', providerRef: null }),
};
