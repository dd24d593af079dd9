// The card payment's button on a pay step: 'Pay $X by card' opens Stripe Checkout's page; back from it
// having paid, the step says the payment is being confirmed until Stripe's word arrives.

import { formatUsd } from '@printfarm/domain/money';
import { paidByCardJustNow, usePayByCard } from '../../api/cardCheckout.ts';
import { Button } from '../ui/button.tsx';
import { toastOnFailure } from '../ui/toastOnFailure.ts';
import './payByCard.css';

export function PayByCard({
  paymentId,
  owedCents,
  token,
}: {
  paymentId: string;
  owedCents: number;
  /** The order link's token, for a shopper without an account. */
  token?: string;
}) {
  const pay = usePayByCard(toastOnFailure('Could not open the card payment'));
  if (paidByCardJustNow()) {
    return (
      <p className="pay-card__confirming" role="status">
        Thank you: we are confirming your card payment with Stripe. This page updates by itself.
      </p>
    );
  }
  return (
    <div className="pay-card">
      <Button loading={pay.isPending} onClick={() => pay.mutate({ paymentId, ...(token ? { token } : {}) })}>
        Pay {formatUsd(owedCents)} by card
      </Button>
      <p className="pay-card__note">
        On Stripe’s secure page. Your card is held, and charged only when the order goes ahead.
      </p>
    </div>
  );
}
