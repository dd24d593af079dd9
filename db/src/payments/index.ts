// The payment provider this process uses: Stripe when both of its keys are set, else bank transfer /
// payment app (invoice), which needs no keys and runs the whole flow with staff recording payments.
import { invoiceProvider, type PaymentProvider } from './provider.ts';
import { createStripeProvider } from './stripe.ts';

export interface PaymentEnv {
  STRIPE_SECRET_KEY?: string | undefined;
  STRIPE_WEBHOOK_SECRET?: string | undefined;
  STRIPE_API_URL?: string | undefined;
}

export interface StripeKeys {
  secretKey: string;
  webhookSecret: string;
  apiUrl: string | undefined;
}

/** Stripe's keys when both are set; one without the other leaves Stripe off. */
export function stripeKeys(env: PaymentEnv): StripeKeys | null {
  if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) return null;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
  };
}

export function paymentProvider(env: PaymentEnv): PaymentProvider {
  const keys = stripeKeys(env);
  return keys ? createStripeProvider(keys) : invoiceProvider;
}

export type { PaymentProvider, ProviderName } from './provider.ts';
