// Payment processors behind one small interface. The platform's own records (payments, the ledger)
// never depend on which one runs: a provider only moves money outside and answers what it did.
//   invoice  the default: bank transfer (ACH) or a payment app, with the payment's reference. Nothing
//            to call: staff record what arrived (and send refunds and payout statements themselves).
//   stripe   PaymentIntents with manual capture, refunds and Connect transfers (./stripe.ts), on when
//            STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set.

export type ProviderName = 'invoice' | 'stripe';

export interface ProviderPayment {
  id: string;
  reference: string;
  amountCents: number;
  /** The processor's id (a PaymentIntent) once open; null with invoice. */
  providerRef: string | null;
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

export interface OpenedPayment {
  providerRef: string | null;
  /** Handed to the browser to confirm a card payment (Stripe); null with invoice. */
  clientSecret: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Asks for the money. Safe to call again for the same payment: it answers the same intent. */
  open(payment: ProviderPayment): Promise<OpenedPayment>;
  /** Takes `cents` of a secured payment; capturing an already captured payment is not an error. */
  capture(payment: ProviderPayment, cents: number): Promise<void>;
  /** Gives `cents` back: releases a hold or refunds captured money. `key` makes a retry harmless. */
  refund(payment: ProviderPayment, cents: number, key: string): Promise<{ providerRef: string | null }>;
  /** Stops a payment never made from being paid (cancels Stripe's PaymentIntent); harmless if repeated. */
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
  open: async () => ({ providerRef: null, clientSecret: null }),
  capture: async () => {},
  refund: async () => ({ providerRef: null }),
  void: async () => {},
  payoutOnboarding: async () => null,
  payout: async () => ({ status: 'pending', providerRef: null }),
};
