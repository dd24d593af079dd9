// Orders: every order with its lines and address, and the next status it may take
// (pending → processing → shipped with a tracking number → delivered, or cancelled before shipping).
import { formatUsd } from '@printfarm/domain/money';
import {
  ORDER_STATUS_LABELS,
  ORDER_TRANSITIONS,
  type OrderStatus,
  orderStatusLabel,
  orderStatusUpdateSchema,
} from '@printfarm/domain/order';
import { shippingMethodName } from '@printfarm/domain/shipping';
import { shortId } from '@printfarm/domain/shortId';
import { formatIssues } from '@printfarm/domain/validation';
import { useState } from 'react';
import * as v from 'valibot';
import { type ManagedStore, type StoreOrder, useUpdateOrderStatus } from '../../api/stores.ts';
import { Button } from '../../components/ui/button.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { CARRIER_OPTIONS } from '../../lib/carrierOptions.ts';
import { priceCents } from '../../lib/cart.ts';
import { paymentStatusLabel } from '../../lib/orderPayment.ts';
import { OrderStatusBadge, orderDate } from './orderBadge.tsx';

/** What the Orders and Shipping tabs show: the store's orders, as loaded. */
export interface StoreOrdersProps {
  store: ManagedStore;
  orders: StoreOrder[] | undefined;
  loading: boolean;
}

export function OrdersTab({ store, orders, loading }: StoreOrdersProps) {
  if (loading) return <Skeleton className="admin-order-skeleton" />;
  if ((orders ?? []).length === 0) return <p className="store-admin__muted">No orders yet</p>;
  return (
    <section className="admin-section" aria-labelledby="orders-title">
      <h2 id="orders-title">Orders</h2>
      <ul className="admin-orders">
        {(orders ?? []).map((order) => (
          <OrderRow key={order.id} store={store} order={order} />
        ))}
      </ul>
    </section>
  );
}

function OrderRow({ store, order }: { store: ManagedStore; order: StoreOrder }) {
  const update = useUpdateOrderStatus(store);
  const next = ORDER_TRANSITIONS[order.status as OrderStatus] ?? [];
  const [status, setStatus] = useState<string>('');
  const [carrier, setCarrier] = useState('');
  const [trackingNumber, setTrackingNumber] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const address = order.shippingAddress;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = v.safeParse(orderStatusUpdateSchema, {
      status,
      trackingNumber,
      ...(carrier ? { carrier } : {}),
    });
    if (!parsed.success) {
      setErrors(formatIssues(parsed.issues).fields);
      return;
    }
    setErrors({});
    update.mutate(
      { orderId: order.id, update: parsed.output },
      {
        onSuccess: (updated) => {
          toast({
            title: 'Order updated',
            description: `Order #${shortId(order.id)} is now ${orderStatusLabel(updated.status)}.`,
          });
          setStatus('');
          setCarrier('');
          setTrackingNumber('');
        },
        ...toastOnFailure('Error'),
      },
    );
  };

  return (
    <li className="admin-order" aria-label={`Order ${shortId(order.id)}`}>
      <div className="admin-order__head">
        <div>
          <p className="admin-order__id">#{shortId(order.id)}</p>
          <p className="recent-order__name">{order.customerName}</p>
          <p className="store-admin__muted">
            {order.customerEmail}
            {order.customerPhone ? ` · ${order.customerPhone}` : ''}
          </p>
        </div>
        <div className="admin-order__status">
          <OrderStatusBadge status={order.status} />
          {order.payment && (
            <span className="store-admin__muted" data-testid="order-payment">
              {paymentStatusLabel(order.payment)} · {order.payment.reference}
            </span>
          )}
          <span className="store-admin__muted">{orderDate(order.createdAt)}</span>
        </div>
      </div>
      <ul className="admin-order__items">
        {order.items.map((item) => (
          <li key={item.id}>
            <span>
              {item.quantity} × {item.productName}
            </span>
            <span>{formatUsd(priceCents(item.unitPrice) * item.quantity)}</span>
          </li>
        ))}
        <li className="admin-order__shipping">
          <span>Shipping · {shippingMethodName(order.shippingMethod)}</span>
          <span>{formatUsd(priceCents(order.shippingFee))}</span>
        </li>
        <li className="admin-order__total">
          <span>Total</span>
          <span>{formatUsd(priceCents(order.totalAmount))}</span>
        </li>
      </ul>
      <p className="store-admin__muted">
        Ship to: {address.street}, {address.city}, {address.state} {address.zipCode}
        {order.trackingNumber
          ? ` · Tracking: ${order.carrier ? `${order.carrier} ` : ''}${order.trackingNumber}`
          : ''}
      </p>
      {order.notes && <p className="admin-order__notes">Notes: {order.notes}</p>}
      {next.length > 0 && (
        <form className="admin-order__update" onSubmit={submit} noValidate>
          <FormField label="Change status" error={errors.status}>
            <Select
              value={status}
              placeholder="Choose a status"
              onChange={(event) => setStatus(event.target.value)}
            >
              {next.map((option) => (
                <option key={option} value={option}>
                  {ORDER_STATUS_LABELS[option]}
                </option>
              ))}
            </Select>
          </FormField>
          {status === 'shipped' && (
            <>
              <FormField label="Carrier" error={errors.carrier} required>
                <Select
                  value={carrier}
                  placeholder="Choose a carrier"
                  options={CARRIER_OPTIONS}
                  onChange={(event) => setCarrier(event.target.value)}
                />
              </FormField>
              <FormField label="Tracking Number" error={errors.trackingNumber} required>
                <Input value={trackingNumber} onChange={(event) => setTrackingNumber(event.target.value)} />
              </FormField>
            </>
          )}
          <Button type="submit" loading={update.isPending} disabled={!status}>
            Update Status
          </Button>
        </form>
      )}
    </li>
  );
}
