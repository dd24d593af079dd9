// The confirmation page's payment: what is to be paid, by which means and reference, where it stands,
// and until the money is here how to pay: by bank transfer with the reference, or by card on Stripe's page.
import { formatUsd } from '@printfarm/domain/money';
import type { OrderConfirmation } from '../../api/stores.ts';
import { PayByCard } from '../../components/payment/PayByCard.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { paymentMethodName, paymentStatusLabel } from '../../lib/orderPayment.ts';

type Payment = NonNullable<OrderConfirmation['payment']>;

export function OrderPaymentCard({ payment, token }: { payment: Payment; token: string }) {
  const awaiting = payment.status === 'awaiting';
  return (
    <Card data-testid="order-payment">
      <CardHeader>
        <CardTitle>Payment</CardTitle>
        <p className="confirmation__muted">{paymentStatusLabel(payment)}</p>
      </CardHeader>
      <CardContent>
        <dl className="confirmation__totals confirmation__payment">
          <div>
            <dt>{awaiting ? 'Amount due' : 'Amount'}</dt>
            <dd data-testid="payment-amount">{formatUsd(payment.amountCents)}</dd>
          </div>
          <div>
            <dt>Pay by</dt>
            <dd>{paymentMethodName(payment)}</dd>
          </div>
          <div>
            <dt>Reference</dt>
            <dd data-testid="payment-reference">{payment.reference}</dd>
          </div>
          {payment.refundedCents > 0 && (
            <div>
              <dt>Refunded</dt>
              <dd>{formatUsd(payment.refundedCents)}</dd>
            </div>
          )}
        </dl>
        {payment.instructions && (
          <p className="confirmation__instructions" data-testid="payment-instructions">
            {payment.instructions}
          </p>
        )}
        {awaiting && payment.method === 'card' && (
          <PayByCard paymentId={payment.id} owedCents={payment.amountCents} token={token} />
        )}
      </CardContent>
    </Card>
  );
}
