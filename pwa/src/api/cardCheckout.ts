// Paying by card: the API opens Stripe Checkout's hosted page for the payment (the payer's own; a
// shopper names the order by its signed link's token), and the browser goes there. Stripe sends the
// customer back with ?paid=card once paid; the webhook secures the payment moments later.
import { useMutation } from '@tanstack/react-query';
import { toast } from '../components/ui/toast.tsx';
import { apiJson, errorMessage } from './request.ts';

export function usePayByCard() {
  return useMutation({
    mutationFn: ({ paymentId, token }: { paymentId: string; token?: string }) =>
      apiJson<{ url: string }>(
        'POST',
        `/api/payments/${encodeURIComponent(paymentId)}/checkout`,
        token ? { token } : {},
      ),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) =>
      toast({
        title: 'Could not open the card payment',
        description: errorMessage(error),
        variant: 'destructive',
      }),
  });
}

/** Back from Checkout having paid: the payment is being confirmed (the page reads it again meanwhile). */
export function paidByCardJustNow(search = typeof location === 'undefined' ? '' : location.search): boolean {
  return new URLSearchParams(search).get('paid') === 'card';
}
