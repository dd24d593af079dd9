// How a store order's payment reads to the shopper and to the store, whatever page shows it.
import type { PaymentView } from '../../../api/src/views/index.ts';

const LABELS: Record<PaymentView['status'], string> = {
  awaiting: 'Awaiting payment',
  authorized: 'Payment received',
  captured: 'Paid',
  refunded: 'Refunded',
  failed: 'Not paid',
};

export const paymentStatusLabel = (payment: Pick<PaymentView, 'status'>) => LABELS[payment.status];

/** 'Bank transfer' or 'Card'. */
export const paymentMethodName = (payment: Pick<PaymentView, 'method'>) =>
  payment.method === 'card' ? 'Card' : 'Bank transfer or payment app';
