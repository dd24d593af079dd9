// /orders/{orderId}?token=…: the order confirmation after Place Order, and the page the confirmation
// e-mail links to. No account needed: the signed token in the link opens it; any other link gets a
// clear screen saying it is not valid.
import { formatUsd } from '@printfarm/domain/money';
import { usStateName } from '@printfarm/domain/usStates';
import { countOf } from '@printfarm/domain/words';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { paidByCardJustNow } from '../../api/cardCheckout.ts';
import { ApiError } from '../../api/request.ts';
import { type OrderConfirmation, storeQueries } from '../../api/stores.ts';
import { buttonClass } from '../../components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle, TitledCard } from '../../components/ui/card.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { priceCents } from '../../lib/cart.ts';
import { SiteLayout } from '../SiteLayout.tsx';
import { OrderPaymentCard } from './OrderPaymentCard.tsx';
import { OrderTotals } from './OrderTotals.tsx';
import './confirmation.css';

const money = (amount: string) => formatUsd(priceCents(amount));

export default function OrderConfirmationPage() {
  const { orderId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Back from paying by card, the page reads the order again until Stripe's word has secured it.
  const order = useQuery({
    ...storeQueries.confirmation(orderId, token),
    enabled: token !== '',
    refetchInterval: (query) =>
      paidByCardJustNow() && query.state.data?.payment?.status === 'awaiting' ? 2_000 : false,
  });
  return (
    <SiteLayout>
      <meta name="robots" content="noindex" />
      {token === '' || order.isError ? (
        <LinkProblem error={order.error} />
      ) : order.isPending ? (
        <div className="confirmation-state">
          <Spinner size="lg" label="Loading your order..." showLabel />
        </div>
      ) : (
        <Confirmation order={order.data} token={token} />
      )}
    </SiteLayout>
  );
}

function LinkProblem({ error }: { error: unknown }) {
  const gone = error instanceof ApiError && error.status === 404;
  const offline = error !== null && !(error instanceof ApiError);
  const title = gone
    ? 'Order Not Found'
    : offline
      ? 'Order could not be loaded'
      : 'This order link is not valid';
  return (
    <Container size="narrow" className="confirmation-state">
      <title>{`${title} · PrintFarm Network`}</title>
      <h1>{title}</h1>
      <p>
        {gone
          ? 'We could not find this order. It may have been removed by the store.'
          : offline
            ? 'Please check your connection and reload the page.'
            : 'The link may be incomplete or changed. Please open the link from your order confirmation e-mail.'}
      </p>
      <Link to="/products" className={buttonClass()}>
        Browse products
      </Link>
    </Container>
  );
}

function Confirmation({ order, token }: { order: OrderConfirmation; token: string }) {
  const address = order.shippingAddress;
  const itemCount = order.items.reduce((sum, item) => sum + item.quantity, 0);
  const shipped = order.status === 'shipped' || order.status === 'delivered';
  const cancelled = order.status === 'cancelled';
  const refundedCents = order.payment?.refundedCents ?? 0;
  return (
    <Container className="confirmation">
      <title>{`Order #${order.number} · PrintFarm Network`}</title>
      <header className={`confirmation__header${cancelled ? ' confirmation__header--cancelled' : ''}`}>
        <span className="confirmation__check" aria-hidden="true">
          <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
            <path
              d={cancelled ? 'M7 7l10 10M17 7L7 17' : 'M5 12.5l4.5 4.5L19 7.5'}
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
            />
          </svg>
        </span>
        <div>
          {cancelled ? (
            <>
              <h1>Order #{order.number} was cancelled</h1>
              <p className="confirmation__lead">
                {order.store.displayName} cancelled your order <strong>#{order.number}</strong>.{' '}
                {refundedCents > 0
                  ? `The ${formatUsd(refundedCents)} you paid goes back the way you paid it.`
                  : 'You have not been charged for it.'}
              </p>
            </>
          ) : (
            <>
              <h1>Thank you, {order.customerName}!</h1>
              <p className="confirmation__lead">
                Your order <strong>#{order.number}</strong> from {order.store.displayName} is placed. We sent
                a confirmation to <strong data-testid="confirmation-email">{order.customerEmail}</strong>.
              </p>
            </>
          )}
        </div>
      </header>

      <div className="confirmation__grid">
        <Card className="confirmation__summary">
          <CardHeader>
            <CardTitle>Order #{order.number}</CardTitle>
            <p className="confirmation__muted">{countOf(itemCount, 'item')}</p>
          </CardHeader>
          <CardContent>
            <ul className="confirmation__lines">
              {order.items.map((item) => (
                <li key={item.id}>
                  <span>
                    {item.quantity} × {item.productName}
                    {item.quantity > 1 && (
                      <span className="confirmation__muted"> ({money(item.unitPrice)} each)</span>
                    )}
                  </span>
                  <span>{formatUsd(priceCents(item.unitPrice) * item.quantity)}</span>
                </li>
              ))}
            </ul>
            <OrderTotals
              block="confirmation"
              subtotalCents={priceCents(order.subtotal)}
              shippingName={order.shippingMethodName}
              feeCents={priceCents(order.shippingFee)}
              totalCents={priceCents(order.totalAmount)}
              testIds={{ total: 'confirmation-total' }}
            />
          </CardContent>
        </Card>

        <div className="confirmation__side">
          {order.payment && <OrderPaymentCard payment={order.payment} token={token} />}
          <TitledCard title="Shipping to">
            <address className="confirmation__address">
              {order.customerName}
              <br />
              {address.street}
              <br />
              {address.city}, {usStateName(address.state) ?? address.state} {address.zipCode}
            </address>
          </TitledCard>
          {!cancelled && (
            <TitledCard title="What happens next">
              <ol className="confirmation__steps">
                <li>A confirmation with this receipt is on its way to {order.customerEmail}.</li>
                {order.payment?.status === 'awaiting' && (
                  <li>We e-mail you as soon as your payment arrives.</li>
                )}
                <li>{order.store.displayName} prints your items and checks each one.</li>
                <li>
                  {shipped && order.trackingNumber ? (
                    <TrackingLine order={order} />
                  ) : (
                    'When your order ships, we e-mail you its tracking number.'
                  )}
                </li>
              </ol>
            </TitledCard>
          )}
        </div>
      </div>

      <div className="confirmation__actions">
        <Link to={`/store/${order.store.storeName}`} className={buttonClass()}>
          Continue Shopping
        </Link>
        <Link to="/products" className={buttonClass({ variant: 'outline' })}>
          Browse all products
        </Link>
      </div>
    </Container>
  );
}

function TrackingLine({ order }: { order: OrderConfirmation }) {
  const number = order.trackingNumber ?? '';
  return (
    <>
      Your order {order.status === 'delivered' ? 'was delivered' : 'has shipped'}
      {order.carrier ? ` with ${order.carrier}` : ''}. Tracking number:{' '}
      {order.trackingUrl ? (
        <a href={order.trackingUrl} target="_blank" rel="noreferrer">
          {number}
        </a>
      ) : (
        number
      )}
      .
    </>
  );
}
