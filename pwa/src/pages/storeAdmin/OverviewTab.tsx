// Overview: four figures and the five most recent orders.
import { formatUsd } from '@printfarm/domain/money';
import type { StoreOrder } from '../../api/stores.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { priceCents } from '../../lib/cart.ts';
import { OrderListCard } from './OrderListCard.tsx';
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
      <OrderListCard
        title="Recent Orders"
        loading={loading}
        skeletonClassName="stat-card__skeleton"
        empty="No orders yet"
        orders={list.slice(0, RECENT_ORDERS)}
        row={(order) => (
          <>
            <div>
              <p className="recent-order__name">{order.customerName}</p>
              <p className="store-admin__muted">{order.customerEmail}</p>
            </div>
            <span className="store-admin__muted">{orderDate(order.createdAt)}</span>
            <span className="recent-order__amount">{formatUsd(priceCents(order.totalAmount))}</span>
            <OrderStatusBadge status={order.status} />
          </>
        )}
      />
    </div>
  );
}
