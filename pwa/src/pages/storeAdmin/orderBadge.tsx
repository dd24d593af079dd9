// The order status badge with the spec's styles: pending outline, processing secondary, shipped and
// delivered default, cancelled destructive.
import { orderStatusLabel } from '@printfarm/domain/order';
import { Badge, type BadgeVariant } from '../../components/ui/badge.tsx';

const VARIANTS: Record<string, BadgeVariant> = {
  pending: 'outline',
  processing: 'secondary',
  shipped: 'default',
  delivered: 'default',
  cancelled: 'destructive',
};

export function OrderStatusBadge({ status }: { status: string }) {
  return <Badge variant={VARIANTS[status] ?? 'outline'}>{orderStatusLabel(status)}</Badge>;
}

export const orderDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
