// The checkout's order summary: each cart line with its quantity controls, the totals with the
// shipping fee, how much more ships free, and the store's answer when a line cannot be ordered.
import { formatUsd } from '@printfarm/domain/money';
import { shippingMethodName } from '@printfarm/domain/shipping';
import { Button } from '../../components/ui/button.tsx';
import { type Cart, priceCents } from '../../lib/cart.ts';
import { OrderTotals } from './OrderTotals.tsx';
import { ProductImage } from './StoreParts.tsx';

export function OrderSummary({
  cart,
  method,
  feeCents,
  totalCents,
  shortfall,
  problem,
}: {
  cart: Cart;
  /** The chosen shipping method's id. */
  method: string;
  feeCents: number;
  totalCents: number;
  /** How much more ships free, null when nothing more does. */
  shortfall: number | null;
  /** The store's answer to a line it cannot take. */
  problem: string | null;
}) {
  const empty = cart.lines.length === 0;
  return (
    <section className="checkout__summary" aria-labelledby="order-summary-title">
      <h3 id="order-summary-title">Order Summary</h3>
      {empty ? (
        <p className="checkout__empty">Your cart is empty.</p>
      ) : (
        <ul className="cart-lines">
          {cart.lines.map((line) => (
            <li key={line.product.id} className="cart-line">
              <ProductImage
                product={{ name: line.product.name, imageUrl: line.product.imageUrl ?? null }}
                className="cart-line__image"
              />
              <div className="cart-line__text">
                <span className="cart-line__name">{line.product.name}</span>
                <span className="cart-line__price">{formatUsd(priceCents(line.product.price))} each</span>
              </div>
              <fieldset className="cart-line__quantity">
                <legend className="sr-only">{`Quantity of ${line.product.name}`}</legend>
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={`Decrease quantity of ${line.product.name}`}
                  onClick={() => cart.setQuantity(line.product.id, line.quantity - 1)}
                >
                  −
                </Button>
                <span aria-live="polite" data-testid="line-quantity">
                  {line.quantity}
                </span>
                <Button
                  variant="outline"
                  size="icon"
                  aria-label={`Increase quantity of ${line.product.name}`}
                  disabled={line.quantity >= line.product.stockQuantity}
                  onClick={() => cart.setQuantity(line.product.id, line.quantity + 1)}
                >
                  +
                </Button>
              </fieldset>
              <span className="cart-line__total">
                {formatUsd(priceCents(line.product.price) * line.quantity)}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Remove ${line.product.name}`}
                onClick={() => cart.remove(line.product.id)}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <OrderTotals
        block="checkout"
        subtotalCents={cart.subtotalCents}
        shippingName={shippingMethodName(method)}
        feeCents={feeCents}
        totalCents={totalCents}
        testIds={{ fee: 'shipping-fee', total: 'order-total' }}
      />
      {shortfall !== null && !empty && (
        <p className="checkout__hint">Add {formatUsd(shortfall)} more for free Standard shipping.</p>
      )}
      {problem && (
        <p className="checkout__problem" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
