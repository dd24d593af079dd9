// Overview: four figures and the five most recent orders.
import { formatUsd } from '@printfarm/domain/money';
import type { StoreOrder } from '../../api/stores.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { priceCents } from '../../lib/cart.ts';
import { OrderStatusBadge, orderDate } from './orderBadge.tsx';

export const RECENT_ORDERS = 5;

export function OverviewTab({ orders, loading }: { orders: StoreOrder[] | undefined; loading: boolean }) {
  const list = orders ?? [];
  // Revenue counts what shoppers owe: cancelled orders are left out.
  const revenueCents = list
    .filter((order) => order.status !== 'cancelled')
    .reduce((sum, order) => sum + priceCents(order.totalAmount), 0);
  const stats = [
    { label: 'Total Orders', value: String(list.length) },
    { label: 'Pending Orders', value: String(list.filter((order) => order.status === 'pending').length) },
    { label: 'Total Revenue', value: formatUsd(revenueCents) },
    { label: 'Completed', value: String(list.filter((order) => order.status === 'delivered').length) },
  ];
  return (
    <div className="store-admin__overview">
      <div className="stat-grid">
        {stats.map((stat) => (
          <Card key={stat.label} className="stat-card">
            <CardHeader>
              <CardTitle className="stat-card__label">{stat.label}</CardTitle>
            </CardHeader>
            <CardContent>
              {loading ? (
                <Skeleton className="stat-card__skeleton" />
              ) : (
                <p className="stat-card__value">{stat.value}</p>
              )}
            </CardContent>
          </Card>
        ))}
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Recent Orders</CardTitle>
        </CardHeader>
        <CardContent>
          {loading ? (
            <Skeleton className="stat-card__skeleton" />
          ) : list.length === 0 ? (
            <p className="store-admin__muted">No orders yet</p>
          ) : (
            <ul className="recent-orders">
              {list.slice(0, RECENT_ORDERS).map((order) => (
                <li key={order.id} className="recent-order">
                  <div>
                    <p className="recent-order__name">{order.customerName}</p>
                    <p className="store-admin__muted">{order.customerEmail}</p>
                  </div>
                  <span className="store-admin__muted">{orderDate(order.createdAt)}</span>
                  <span className="recent-order__amount">{formatUsd(priceCents(order.totalAmount))}</span>
                  <OrderStatusBadge status={order.status} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
