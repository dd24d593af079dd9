// Paying by card: the API opens Stripe Checkout's hosted page for the payment (the payer's own; a
// shopper names the order by its signed link's token), and the browser goes there. Stripe sends the
// customer back with ?paid=card once paid; the webhook secures the payment moments later.
import { useMutation } from '@tanstack/react-query';
import { apiJson, type Outcome } from './request.ts';

export function usePayByCard(outcome: Outcome = {}) {
  return useMutation({
    mutationFn: ({ paymentId, token }: { paymentId: string; token?: string }) =>
      apiJson<{ url: string }>(
        'POST',
        `/api/payments/${encodeURIComponent(paymentId)}/checkout`,
        token ? { token } : {},
      ),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => outcome.onError?.(error),
  });
}

/** Back from Checkout having paid: the payment is being confirmed (the page reads it again meanwhile). */
export function paidByCardJustNow(search = typeof location === 'undefined' ? '' : location.search): boolean {
  return new URLSearchParams(search).get('paid') === 'card';
}
