// The cart's checkout: order summary with per-line controls and the total, the customer form (the same
// valibot schema the server uses) and Place Order, sent with one idempotency key per opened dialog. The
// shipping methods and fees are the store's own; a placed order opens its confirmation page.
import { formatCents } from '@printfarm/domain/money';
import { type OrderDetails, type OrderDetailsInput, orderDetailsSchema } from '@printfarm/domain/order';
import {
  freeShippingShortfallCents,
  type ShippingRatesView,
  shippingFeeCents,
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
import { toast } from '../../components/ui/toast.tsx';
import type { Cart } from '../../lib/cart.ts';
import { queueOrder } from '../../lib/pendingOrders.ts';
import { CustomerDetails } from './CustomerDetails.tsx';
import { OrderSummary } from './OrderSummary.tsx';

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
  const { field, control, handleSubmit, reset, applyServerErrors } = useDomainForm(orderDetailsSchema, {
    defaultValues: EMPTY_FORM,
  });
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
          cart.take(order.items);
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
      <OrderSummary
        cart={cart}
        method={method}
        feeCents={feeCents}
        totalCents={totalCents}
        shortfall={shortfall}
        problem={problem}
      />

      <CustomerDetails field={field} options={options} />

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
