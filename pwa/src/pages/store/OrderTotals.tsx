// An order's subtotal, shipping (free or its fee) and total, as the checkout and the confirmation show them.
import { formatUsd } from '@printfarm/domain/money';
import { TermList } from '../../components/ui/card.tsx';

export function OrderTotals({
  block,
  subtotalCents,
  shippingName,
  feeCents,
  totalCents,
  testIds,
}: {
  /** The page's class prefix: its list is `<block>__totals`, the total's row `<block>__total`. */
  block: 'checkout' | 'confirmation';
  subtotalCents: number;
  shippingName: string;
  feeCents: number;
  totalCents: number;
  testIds: { fee?: string; total: string };
}) {
  return (
    <TermList
      className={`${block}__totals`}
      terms={[
        { term: 'Subtotal', detail: formatUsd(subtotalCents) },
        {
          term: `Shipping (${shippingName})`,
          detail: feeCents === 0 ? 'Free' : formatUsd(feeCents),
          testId: testIds.fee,
        },
        {
          term: 'Total',
          detail: formatUsd(totalCents),
          className: `${block}__total`,
          testId: testIds.total,
        },
      ]}
    />
  );
}
