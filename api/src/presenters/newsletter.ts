// The answer to a newsletter subscription: pending until the link in the e-mail is opened.
import type { SubscribeOutcome } from '../services/newsletter.ts';

const MESSAGES = {
  subscribed: 'Check your inbox to confirm your subscription.',
  resent: 'Check your inbox to confirm your subscription.',
  'already-pending': 'Check your inbox to confirm your subscription.',
  'already-confirmed': 'You are already subscribed.',
} as const;

export function presentSubscription(outcome: SubscribeOutcome) {
  return {
    status: outcome === 'already-confirmed' ? ('confirmed' as const) : ('pending' as const),
    message: MESSAGES[outcome],
  };
}

export type SubscriptionView = ReturnType<typeof presentSubscription>;
