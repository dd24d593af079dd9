// /store/{storeName}: an operator's public storefront with its product grid, cart and checkout.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ApiError } from '../../api/request.ts';
import { type PublicStore, storeQueries } from '../../api/stores.ts';
import { DataAge } from '../../components/DataAge.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { useCart } from '../../lib/cart.ts';
import { useRetryWhenOnline } from '../../lib/retryWhenOnline.ts';
import { CheckoutDialog } from './CheckoutDialog.tsx';
import {
  CartButton,
  EmptyCatalogue,
  ProductGrid,
  ProductsLoaded,
  STORE_MISSING,
  StoreLoading,
  StoreNotFound,
  StoreUnavailable,
} from './StoreParts.tsx';

export default function StorePage() {
  const { storeName = '' } = useParams();
  const store = useQuery(storeQueries.publicStore(storeName));
  // No answer at all (offline, or the server out of reach) is not 'no such store'.
  const unreachable = store.isError && !(store.error instanceof ApiError);
  const online = useRetryWhenOnline(unreachable, store.refetch);
  if (store.isPending) return <StoreLoading />;
  if (unreachable || (store.error instanceof ApiError && store.error.status !== 404)) {
    return (
      <StoreUnavailable offline={!online} retrying={store.isFetching} onRetry={() => void store.refetch()} />
    );
  }
  if (!store.data) {
    return (
      <StoreNotFound
        message={STORE_MISSING}
        action={
          <Link to="/" className="btn btn--outline btn--md">
            Back to home
          </Link>
        }
      />
    );
  }
  return <Storefront store={store.data} />;
}

function Storefront({ store }: { store: PublicStore }) {
  const products = useQuery(storeQueries.publicProducts(store.storeName));
  useRetryWhenOnline(products.isError && !(products.error instanceof ApiError), products.refetch);
  const cart = useCart(store.id);
  const [checkoutOpen, setCheckoutOpen] = useState(false);

  return (
    <div className="storefront">
      <title>{`${store.displayName} · PrintFarm Network`}</title>
      <header className="store-header">
        {store.bannerUrl && <img className="store-header__banner" src={store.bannerUrl} alt="" />}
        <Container className="store-header__inner">
          {store.logoUrl ? (
            <img className="store-header__logo" src={store.logoUrl} alt={`${store.displayName} logo`} />
          ) : (
            <span className="store-header__logo store-header__logo--initial" aria-hidden="true">
              {store.displayName.charAt(0).toUpperCase()}
            </span>
          )}
          <div className="store-header__text">
            <h1>{store.displayName}</h1>
            {store.description && <p>{store.description}</p>}
          </div>
          <CartButton cart={cart} onOpen={() => setCheckoutOpen(true)} className="store-header__cart" />
        </Container>
      </header>
      <main id="main">
        <Container className="store-products">
          <h2 className="sr-only">Products</h2>
          <DataAge data={products.data} className="store-products__age" />
          <ProductsLoaded
            query={products}
            hint="Please check your connection: they load by themselves when you are back online."
          >
            {(data) => (data.length === 0 ? <EmptyCatalogue /> : <ProductGrid products={data} cart={cart} />)}
          </ProductsLoaded>
        </Container>
      </main>
      <footer className="store-footer">
        <Container>
          <Link to="/">Powered by PrintFarm Network</Link>
        </Container>
      </footer>
      <CheckoutDialog store={store} cart={cart} open={checkoutOpen} onOpenChange={setCheckoutOpen} />
    </div>
  );
}
