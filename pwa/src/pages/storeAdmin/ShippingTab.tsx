// Shipping: the store's own shipping rules, and a printable packing slip for each order still to ship.
import { shippingMethodName } from '@printfarm/domain/shipping';
import { shortId } from '@printfarm/domain/shortId';
import { countOf } from '@printfarm/domain/words';
import type { ManagedStore, StoreOrder } from '../../api/stores.ts';
import { Button } from '../../components/ui/button.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { OrderListCard } from './OrderListCard.tsx';
import type { StoreOrdersProps } from './OrdersTab.tsx';
import { OrderStatusBadge, orderDate } from './orderBadge.tsx';
import { ShippingRules } from './ShippingRules.tsx';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const itemCount = (order: StoreOrder) =>
  countOf(
    order.items.reduce((sum, item) => sum + item.quantity, 0),
    'item',
  );

/** The slip as a small standalone HTML page, so printing it shows nothing of the app around it. */
export function packingSlipHtml(store: ManagedStore, order: StoreOrder): string {
  const a = order.shippingAddress;
  const rows = order.items
    .map((item) => `<tr><td>${item.quantity}</td><td>${escapeHtml(item.productName)}</td></tr>`)
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Packing slip #${shortId(order.id)}</title>
<style>body{font:14px/1.5 system-ui,sans-serif;margin:2rem;color:#0f172a}h1{font-size:1.4rem;margin:0}table{width:100%;border-collapse:collapse;margin-top:1rem}td,th{border-bottom:1px solid #cbd5e1;padding:.4rem;text-align:left}th{font-size:.8rem;text-transform:uppercase;color:#475569}.meta{color:#475569}.box{border:1px solid #cbd5e1;border-radius:8px;padding:1rem;margin-top:1rem}</style>
</head><body><h1>${escapeHtml(store.displayName)}</h1><p class="meta">Packing slip · Order #${shortId(order.id)} · ${escapeHtml(orderDate(order.createdAt))} · ${itemCount(order)}</p>
<div class="box"><strong>Ship to</strong><br>${escapeHtml(order.customerName)}<br>${escapeHtml(a.street)}<br>${escapeHtml(`${a.city}, ${a.state} ${a.zipCode}`)}<br>${escapeHtml(a.country ?? 'US')}</div>
<p><strong>Shipping method:</strong> ${escapeHtml(shippingMethodName(order.shippingMethod))}${order.trackingNumber ? ` · <strong>Tracking:</strong> ${escapeHtml(order.trackingNumber)}` : ''}</p>
<table><thead><tr><th>Qty</th><th>Item</th></tr></thead><tbody>${rows}</tbody></table>
${order.notes ? `<p><strong>Notes:</strong> ${escapeHtml(order.notes)}</p>` : ''}
<script>window.onload=function(){window.print()}</script></body></html>`;
}

function printSlip(store: ManagedStore, order: StoreOrder): void {
  const slip = window.open('', '_blank', 'width=720,height=900');
  if (!slip) {
    toast({
      title: 'Pop-up blocked',
      description: 'Allow pop-ups for this site to print packing slips.',
      variant: 'destructive',
    });
    return;
  }
  slip.document.open();
  slip.document.write(packingSlipHtml(store, order));
  slip.document.close();
}

export function ShippingTab({ store, orders, loading }: StoreOrdersProps) {
  const toShip = (orders ?? []).filter(
    (order) => order.status === 'pending' || order.status === 'processing' || order.status === 'shipped',
  );
  return (
    <div className="admin-shipping">
      <ShippingRules store={store} />
      <OrderListCard
        title="Packing Slips"
        loading={loading}
        skeletonClassName="admin-order-skeleton"
        empty="No orders waiting to ship."
        orders={toShip}
        row={(order) => (
          <>
            <div>
              <p className="recent-order__name">
                #{shortId(order.id)} · {order.customerName}
              </p>
              <p className="store-admin__muted">
                {order.shippingAddress.city}, {order.shippingAddress.state} ·{' '}
                {shippingMethodName(order.shippingMethod)}
              </p>
            </div>
            <span className="store-admin__muted">{itemCount(order)}</span>
            <OrderStatusBadge status={order.status} />
            <Button size="sm" variant="outline" onClick={() => printSlip(store, order)}>
              Print Packing Slip
            </Button>
          </>
        )}
      />
    </div>
  );
}
