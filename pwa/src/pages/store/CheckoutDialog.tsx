// The cart's checkout: order summary with per-line controls and the total, the customer form (the same
// valibot schema the server uses) and Place Order, sent with one idempotency key per opened dialog. The
// shipping methods and fees are the store's own; a placed order opens its confirmation page.
import { formatCents, formatUsd } from '@printfarm/domain/money';
import { type OrderDetails, type OrderDetailsInput, orderDetailsSchema } from '@printfarm/domain/order';
import {
  freeShippingShortfallCents,
  type ShippingRatesView,
  shippingFeeCents,
  shippingMethodName,
  shippingOptions,
  shippingRatesFromView,
} from '@printfarm/domain/shipping';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { ApiError, OfflineError } from '../../api/request.ts';
import { usePlaceOrder } from '../../api/stores.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { type Cart, priceCents } from '../../lib/cart.ts';
import { queueOrder } from '../../lib/pendingOrders.ts';
import { US_STATE_OPTIONS } from '../../lib/stateOptions.ts';
import { ProductImage } from './StoreParts.tsx';

export interface CheckoutStore {
  id: string;
  storeName: string;
  displayName: string;
  shipping: ShippingRatesView;
}

const EMPTY_FORM: OrderDetailsInput = {
  customerName: '',
  customerEmail: '',
  customerPhone: '',
  shippingAddress: { street: '', city: '', state: '', zipCode: '', country: 'US' },
  shippingMethod: 'standard',
  notes: '',
};

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function CheckoutDialog({
  store,
  cart,
  open,
  onOpenChange,
}: {
  store: CheckoutStore;
  cart: Cart;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Checkout"
      description={`Your order from ${store.displayName}`}
      size="lg"
    >
      <CheckoutForm store={store} cart={cart} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function CheckoutForm({ store, cart, onDone }: { store: CheckoutStore; cart: Cart; onDone: () => void }) {
  // Made when the dialog opens and kept for every retry, so a double click or a lost answer makes one order.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [problem, setProblem] = useState<string | null>(null);
  const navigate = useNavigate();
  const placeOrder = usePlaceOrder(store.id, store.storeName);
  const {
    register,
    control,
    handleSubmit,
    reset,
    applyServerErrors,
    formState: { errors },
  } = useDomainForm(orderDetailsSchema, { defaultValues: EMPTY_FORM });
  const method = useWatch({ control, name: 'shippingMethod' }) ?? 'standard';
  const rates = shippingRatesFromView(store.shipping);
  const options = shippingOptions(rates, cart.subtotalCents);
  const feeCents = shippingFeeCents(rates, method, cart.subtotalCents) ?? 0;
  const totalCents = cart.subtotalCents + feeCents;
  const shortfall = freeShippingShortfallCents(rates, cart.subtotalCents);
  const empty = cart.lines.length === 0;

  const onValid = (details: OrderDetails) => {
    if (empty) return;
    setProblem(null);
    const order = {
      ...details,
      items: cart.lines.map((line) => ({
        productId: line.product.id,
        quantity: line.quantity,
        unitPrice: line.product.price,
        ...(line.customizations ? { customizations: line.customizations } : {}),
      })),
      totalAmount: formatCents(totalCents),
    };
    // Offline, the order waits in this browser with its key and goes out when the connection is back.
    const keepForLater = () => {
      queueOrder({
        storeId: store.id,
        storeName: store.storeName,
        storeDisplayName: store.displayName,
        order,
        idempotencyKey,
      });
      // Offline is not the store's fault: say so, keep the cart, and never send the shopper to the store.
      toast({
        title: 'You are offline',
        description: 'Your order is saved and will be placed as soon as you are back online.',
      });
      onDone();
    };
    if (navigator.onLine === false) {
      keepForLater();
      return;
    }
    placeOrder.mutate(
      { order, idempotencyKey },
      {
        onSuccess: (placed) => {
          toast({
            title: 'Order placed successfully!',
            description: 'You will receive a confirmation email shortly.',
          });
          cart.clear();
          reset(EMPTY_FORM);
          onDone();
          navigate(placed.confirmationPath);
        },
        onError: (error) => {
          if (error instanceof OfflineError) {
            keepForLater();
            return;
          }
          // Stock or availability problems name the product; show that beside the summary too.
          if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
            setProblem(error.body?.message ?? null);
          }
          applyServerErrors(error, {
            toast: {
              title: 'Error placing order',
              description: 'Please try again or contact the store directly.',
            },
          });
        },
      },
    );
  };

  return (
    <form className="checkout" onSubmit={handleSubmit(onValid)} noValidate>
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
        <dl className="checkout__totals">
          <div>
            <dt>Subtotal</dt>
            <dd>{formatUsd(cart.subtotalCents)}</dd>
          </div>
          <div>
            <dt>Shipping ({shippingMethodName(method)})</dt>
            <dd data-testid="shipping-fee">{feeCents === 0 ? 'Free' : formatUsd(feeCents)}</dd>
          </div>
          <div className="checkout__total">
            <dt>Total</dt>
            <dd data-testid="order-total">{formatUsd(totalCents)}</dd>
          </div>
        </dl>
        {shortfall !== null && !empty && (
          <p className="checkout__hint">Add {formatUsd(shortfall)} more for free Standard shipping.</p>
        )}
        {problem && (
          <p className="checkout__problem" role="alert">
            {problem}
          </p>
        )}
      </section>

      <section className="checkout__details" aria-label="Your details">
        <div className="form-grid">
          <FormField label="Full Name" error={errors.customerName?.message} required>
            <Input autoComplete="name" {...register('customerName')} />
          </FormField>
          <FormField label="Email" error={errors.customerEmail?.message} required>
            <Input type="email" autoComplete="email" {...register('customerEmail')} />
          </FormField>
          <FormField label="Phone (optional)" error={errors.customerPhone?.message}>
            <Input type="tel" autoComplete="tel" {...register('customerPhone')} />
          </FormField>
        </div>
        <fieldset className="checkout__address">
          <legend>Shipping Address</legend>
          <FormField label="Street Address" error={errors.shippingAddress?.street?.message} required>
            <Input autoComplete="shipping street-address" {...register('shippingAddress.street')} />
          </FormField>
          <div className="form-grid form-grid--3">
            <FormField label="City" error={errors.shippingAddress?.city?.message} required>
              <Input autoComplete="shipping address-level2" {...register('shippingAddress.city')} />
            </FormField>
            <FormField label="State" error={errors.shippingAddress?.state?.message} required>
              <Select
                autoComplete="shipping address-level1"
                placeholder="Choose a state"
                options={US_STATE_OPTIONS}
                {...register('shippingAddress.state')}
              />
            </FormField>
            <FormField label="ZIP Code" error={errors.shippingAddress?.zipCode?.message} required>
              <Input
                autoComplete="shipping postal-code"
                maxLength={10}
                placeholder="e.g. 27601"
                {...register('shippingAddress.zipCode')}
              />
            </FormField>
          </div>
        </fieldset>
        <FormField label="Shipping Method" error={errors.shippingMethod?.message}>
          <Select
            options={options.map((option) => ({ value: option.id, label: option.label }))}
            {...register('shippingMethod')}
          />
        </FormField>
        <FormField label="Order Notes (optional)" error={errors.notes?.message}>
          <Textarea rows={3} {...register('notes')} />
        </FormField>
      </section>

      <div className="checkout__actions">
        <Button variant="outline" onClick={onDone}>
          Continue Shopping
        </Button>
        <Button type="submit" loading={placeOrder.isPending} disabled={empty}>
          Place Order
        </Button>
      </div>
    </form>
  );
}
