// A store admin card that lists orders (the recent ones, those to ship): its title, then a skeleton while
// the orders load, a line when there is none, or one row per order.
import type { ReactNode } from 'react';
import type { StoreOrder } from '../../api/stores.ts';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';

export function OrderListCard({
  title,
  loading,
  skeletonClassName,
  empty,
  orders,
  row,
}: {
  title: string;
  loading: boolean;
  skeletonClassName: string;
  /** What the card says when there is no order to list. */
  empty: string;
  orders: readonly StoreOrder[];
  /** What a row shows of its order. */
  row: (order: StoreOrder) => ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        {loading ? (
          <Skeleton className={skeletonClassName} />
        ) : orders.length === 0 ? (
          <p className="store-admin__muted">{empty}</p>
        ) : (
          <ul className="recent-orders">
            {orders.map((order) => (
              <li key={order.id} className="recent-order">
                {row(order)}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
