// Pieces every storefront shares: money, the product image or its placeholder, the card, skeletons,
// the not-found, unreachable and loading states, and the cart button.
import { formatUsd } from '@printfarm/domain/money';
import { lowStockLabel, printHours } from '@printfarm/domain/store';
import { countOf } from '@printfarm/domain/words';
import { type ReactNode, useState } from 'react';
import type { PublicProduct } from '../../api/stores.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast.tsx';
import type { Cart } from '../../lib/cart.ts';
import { priceCents } from '../../lib/cart.ts';
import { cx } from '../../lib/cx.ts';
import { NotFoundScreen } from '../NotFound.tsx';
import { SiteLayout } from '../SiteLayout.tsx';
import './store.css';

export const PRODUCT_SKELETON_COUNT = 8;
export const TAGS_PER_CARD = 3;

export const money = (price: string) => formatUsd(priceCents(price));

/** A decorative drawing in lines of the text colour: the photo placeholder, the cart. */
function LineDrawing({
  viewBox,
  size,
  strokeWidth,
  roundCaps = false,
  paths,
}: {
  viewBox: string;
  size: number;
  strokeWidth: number;
  roundCaps?: boolean;
  paths: readonly string[];
}) {
  return (
    <svg viewBox={viewBox} width={size} height={size} aria-hidden="true">
      {paths.map((d) => (
        <path
          key={d}
          d={d}
          fill="none"
          stroke="currentColor"
          strokeWidth={strokeWidth}
          strokeLinecap={roundCaps ? 'round' : undefined}
          strokeLinejoin="round"
        />
      ))}
    </svg>
  );
}

/** The product's picture, or a drawn placeholder when it has none or it fails to load. */
export function ProductImage({
  product,
  className,
}: {
  product: Pick<PublicProduct, 'name' | 'imageUrl'>;
  className?: string;
}) {
  const [failed, setFailed] = useState(false);
  if (!product.imageUrl || failed) {
    return (
      <div
        className={cx('product-image product-image--placeholder', className)}
        role="img"
        aria-label={`${product.name} (no photo yet)`}
      >
        <LineDrawing
          viewBox="0 0 64 64"
          size={56}
          strokeWidth={2.5}
          paths={['M32 6 56 19v26L32 58 8 45V19z', 'M8 19l24 13 24-13M32 32v26']}
        />
      </div>
    );
  }
  return (
    <img
      className={cx('product-image', className)}
      src={product.imageUrl}
      alt={product.name}
      loading="lazy"
      onError={() => setFailed(true)}
    />
  );
}

/** Adds one to the cart with the spec's toast; out of stock or already at the stock limit does nothing. */
export function addWithToast(cart: Cart, product: PublicProduct): boolean {
  const added = cart.add({
    id: product.id,
    name: product.name,
    price: product.price,
    stockQuantity: product.stockQuantity,
    imageUrl: product.imageUrl,
  });
  if (added) toast({ title: 'Added to cart', description: `${product.name} has been added to your cart` });
  return added;
}

export function ProductCard({ product, cart }: { product: PublicProduct; cart: Cart }) {
  const lowStock = lowStockLabel(product.stockQuantity);
  const soldOut = product.stockQuantity <= 0;
  const atLimit = !soldOut && cart.quantityOf(product.id) >= product.stockQuantity;
  return (
    <article className="product-card" aria-label={product.name}>
      <div className="product-card__media">
        <ProductImage product={product} />
        {lowStock && (
          <Badge variant="destructive" className="product-card__stock">
            {lowStock}
          </Badge>
        )}
        {soldOut && (
          <Badge variant="secondary" className="product-card__stock">
            Out of stock
          </Badge>
        )}
      </div>
      <div className="product-card__body">
        <h3 className="product-card__name">{product.name}</h3>
        {product.description && <p className="product-card__description">{product.description}</p>}
        <dl className="product-card__facts">
          {product.materialType && (
            <div>
              <dt>Material</dt>
              <dd>{product.materialType}</dd>
            </div>
          )}
          {product.printTime !== null && product.printTime > 0 && (
            <div>
              <dt>Print time</dt>
              <dd>~{printHours(product.printTime)}h</dd>
            </div>
          )}
        </dl>
        {product.tags.length > 0 && (
          <ul className="product-card__tags" aria-label="Tags">
            {product.tags.slice(0, TAGS_PER_CARD).map((tag) => (
              <li key={tag}>
                <Badge variant="outline">{tag}</Badge>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="product-card__footer">
        <span className="product-card__price">{money(product.price)}</span>
        <Button
          size="sm"
          disabled={soldOut || atLimit}
          title={atLimit ? 'All available stock is in your cart' : undefined}
          onClick={() => addWithToast(cart, product)}
        >
          Add to Cart
        </Button>
      </div>
    </article>
  );
}

/** A store's products as cards, each with its add-to-cart. */
export function ProductGrid({ products, cart }: { products: PublicProduct[]; cart: Cart }) {
  return (
    <div className="product-grid">
      {products.map((product) => (
        <ProductCard key={product.id} product={product} cart={cart} />
      ))}
    </div>
  );
}

/**
 * A product grid's place: skeletons while the products load, an alert when they could not be (`hint`
 * says what to do), else what `children` makes of them.
 */
export function ProductsLoaded<T>({
  query,
  hint,
  children,
}: {
  query: { isPending: boolean; isError: boolean; data: T | undefined };
  hint: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <ProductGridSkeleton />;
  if (query.isError || query.data === undefined) {
    return (
      <div className="store-empty" role="alert">
        <h2>Products could not be loaded</h2>
        <p>{hint}</p>
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

export function ProductGridSkeleton({ count = PRODUCT_SKELETON_COUNT }: { count?: number }) {
  return (
    <div className="product-grid" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: skeletons have no identity
        <div key={i} className="product-card product-card--skeleton" data-testid="product-skeleton">
          <Skeleton className="product-skeleton__image" />
          <div className="product-card__body">
            <Skeleton className="product-skeleton__line product-skeleton__line--title" />
            <Skeleton className="product-skeleton__line" />
            <Skeleton className="product-skeleton__line product-skeleton__line--short" />
          </div>
        </div>
      ))}
    </div>
  );
}

export const STORE_MISSING = "The store you're looking for doesn't exist or is temporarily unavailable.";

export function StoreLoading() {
  return (
    <div className="store-state">
      <Spinner size="lg" label="Loading store..." showLabel />
    </div>
  );
}

/** The 404 screen, inside the site's header and footer (the server answers the path with 404). */
export function StoreNotFound({ message, action }: { message: string; action?: ReactNode }) {
  return <NotFoundScreen title="Store Not Found" message={message} action={action} />;
}

/**
 * A store that could not be reached, which is not a store that does not exist: offline, one never
 * opened on this device is not in its cache yet (it opens by itself once back online); online, the
 * server did not answer as it should.
 */
export function StoreUnavailable({
  offline,
  retrying,
  onRetry,
}: {
  offline: boolean;
  retrying: boolean;
  onRetry: () => void;
}) {
  const title = offline ? 'This store is not available offline' : 'This store could not be loaded';
  return (
    <SiteLayout>
      <title>{`${title} · PrintFarm Network`}</title>
      <Container size="narrow" className="store-state" role="alert">
        <h1>{title}</h1>
        <p>
          {offline
            ? 'You are offline, and this store has not been opened on this device before. It opens by itself when you are back online.'
            : 'We could not reach the store just now. Check your connection and try again.'}
        </p>
        <Button variant="outline" onClick={onRetry} loading={retrying} disabled={offline}>
          Try again
        </Button>
      </Container>
    </SiteLayout>
  );
}

export function EmptyCatalogue() {
  return (
    <div className="store-empty">
      <h2>No products available</h2>
      <p>This store is still setting up their product catalog.</p>
    </div>
  );
}

export function CartButton({
  cart,
  onOpen,
  className,
}: {
  cart: Cart;
  onOpen: () => void;
  className?: string;
}) {
  return (
    <Button
      variant="outline"
      className={cx('cart-button', className)}
      onClick={onOpen}
      aria-label={`Cart, ${countOf(cart.count, 'item')}`}
    >
      <LineDrawing
        viewBox="0 0 24 24"
        size={18}
        strokeWidth={2}
        roundCaps
        paths={['M3 4h2l2.4 11.2a2 2 0 0 0 2 1.6h7.7a2 2 0 0 0 2-1.5L21 8H6.2M10 20.5h.01M17 20.5h.01']}
      />
      Cart
      {cart.count > 0 && <span className="cart-button__count">{cart.count}</span>}
    </Button>
  );
}
