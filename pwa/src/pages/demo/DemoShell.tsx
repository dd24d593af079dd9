// The frame of the three demo storefronts: real store data from the API, 'Back to Marketplace', a store
// profile strip, the cart button and the real checkout.
import {
  NETWORK_SHIPPING_RATES,
  shippingRatesFromView,
  shippingRatesView,
  shippingSummary,
} from '@printfarm/domain/shipping';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router-dom';
import { type PublicProduct, type PublicStore, storeQueries } from '../../api/stores.ts';
import { DataAge } from '../../components/DataAge.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { TermList } from '../../components/ui/card.tsx';
import { SearchInput } from '../../components/ui/input.tsx';
import { Container, PageHero } from '../../components/ui/layout.tsx';
import { type Cart, useCart } from '../../lib/cart.ts';
import { cx } from '../../lib/cx.ts';
import { CheckoutDialog } from '../store/CheckoutDialog.tsx';
import {
  CartButton,
  EmptyCatalogue,
  ProductGridSkeleton,
  STORE_MISSING,
  StoreNotFound,
} from '../store/StoreParts.tsx';
import './demo.css';

export interface DemoProfile {
  theme: 'minis' | 'parts' | 'workshop';
  /** As the seed names the store: shown (and prerendered) before the store's own record arrives. */
  displayName: string;
  description: string;
  location: string;
  rating: number;
  totalOrders: number;
  established: string;
  responseTime: string;
  /** Shown until the store's record (with its own shipping rules) arrives, and for a store without rules. */
  shipping: string;
  owner: string;
  motto: string;
  specialties: readonly string[];
}

export interface DemoContent {
  store: PublicStore;
  products: PublicProduct[] | undefined;
  productsLoading: boolean;
  cart: Cart;
}

export function DemoShell({
  storeName,
  profile,
  headerActions,
  children,
}: {
  storeName: string;
  profile: DemoProfile;
  headerActions?: (store: PublicStore) => ReactNode;
  children: (content: DemoContent) => ReactNode;
}) {
  const store = useQuery(storeQueries.publicStore(storeName));
  // Until the record arrives (and in the prerendered page) the storefront shows its known face with
  // the catalogue's skeleton, so the page paints at once and nothing moves when the data lands.
  if (store.isPending) {
    const known = { id: '', storeName, displayName: profile.displayName, description: profile.description };
    const unknown = { logoUrl: null, bannerUrl: null, hasOwnShipping: false };
    const shipping = shippingRatesView(NETWORK_SHIPPING_RATES);
    return (
      <DemoStorefront store={{ ...known, ...unknown, shipping }} profile={profile} loading>
        {children}
      </DemoStorefront>
    );
  }
  if (!store.data) return <StoreNotFound message={STORE_MISSING} action={<BackToMarketplace />} />;
  return (
    <DemoStorefront store={store.data} profile={profile} headerActions={headerActions}>
      {children}
    </DemoStorefront>
  );
}

function BackToMarketplace() {
  return (
    <Link to="/products" className={buttonClass({ variant: 'ghost', size: 'sm', className: 'demo-back' })}>
      <span aria-hidden="true">←</span> Back to Marketplace
    </Link>
  );
}

function DemoStorefront({
  store,
  profile,
  headerActions,
  loading = false,
  children,
}: {
  store: PublicStore;
  profile: DemoProfile;
  headerActions?: ((store: PublicStore) => ReactNode) | undefined;
  /** The store's record is still on its way: no cart or checkout yet. */
  loading?: boolean;
  children: (content: DemoContent) => ReactNode;
}) {
  const products = useQuery(storeQueries.publicProducts(store.storeName));
  const cart = useCart(store.id);
  const [checkoutOpen, setCheckoutOpen] = useState(false);
  return (
    <div className={cx('demo', `demo--${profile.theme}`)}>
      <title>{`${store.displayName} · PrintFarm Network`}</title>
      <div className="demo-topbar">
        <Container size="wide" className="demo-topbar__inner">
          <BackToMarketplace />
          {loading ? null : <CartButton cart={cart} onOpen={() => setCheckoutOpen(true)} />}
        </Container>
      </div>
      <PageHero
        as="header"
        className="demo-hero"
        container="wide"
        eyebrow={`${profile.location} · Est. ${profile.established}`}
        title={store.displayName}
        aside={
          <TermList
            className="demo-hero__facts"
            terms={[
              { term: 'Rating', detail: `★ ${profile.rating.toFixed(1)}` },
              { term: 'Orders', detail: `${profile.totalOrders.toLocaleString('en-US')}+` },
              { term: 'Replies', detail: profile.responseTime },
              {
                term: 'Shipping',
                detail: store.hasOwnShipping
                  ? shippingSummary(shippingRatesFromView(store.shipping))
                  : profile.shipping,
                testId: 'store-shipping',
              },
              { term: 'Maker', detail: profile.owner },
            ]}
          />
        }
      >
        {store.description && <p className="demo-hero__description">{store.description}</p>}
        <p className="demo-hero__motto">“{profile.motto}”</p>
        <ul className="demo-hero__specialties" aria-label="Specialties">
          {profile.specialties.map((specialty) => (
            <li key={specialty}>{specialty}</li>
          ))}
        </ul>
        {headerActions?.(store)}
      </PageHero>
      <main id="main" className="demo-main">
        <h2 className="sr-only">Products</h2>
        <Container size="wide">
          <DataAge data={products.data} className="demo-main__age" />
        </Container>
        {children({
          store,
          products: loading ? undefined : products.data,
          productsLoading: loading || products.isPending,
          cart,
        })}
      </main>
      <footer className="demo-footer">
        <Container size="wide">
          <span suppressHydrationWarning>
            © {new Date().getFullYear()} {store.displayName} · Printed on the PrintFarm Network
          </span>
        </Container>
      </footer>
      {loading ? null : (
        <CheckoutDialog store={store} cart={cart} open={checkoutOpen} onOpenChange={setCheckoutOpen} />
      )}
    </div>
  );
}

export { matches } from '../../lib/textMatch.ts';

/** A stable number from a product id, for the demo's rating and review figures. */
export function idNumber(id: string): number {
  let hash = 0;
  for (const char of id) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return hash;
}

export function categoriesOf(products: readonly PublicProduct[] | undefined): string[] {
  return [
    ...new Set((products ?? []).map((product) => product.category).filter((c): c is string => Boolean(c))),
  ];
}

export interface CatalogueResultsProps {
  loading: boolean;
  /** The store's whole catalogue, and the part of it the search and filters leave. */
  products: readonly unknown[] | undefined;
  shown: readonly unknown[];
  noMatch: string;
  children: ReactNode;
}

/** Skeletons while loading, the empty-catalogue message, a no-match line, or the results themselves. */
export function CatalogueResults({ loading, products, shown, noMatch, children }: CatalogueResultsProps) {
  if (loading) return <ProductGridSkeleton />;
  if (!products?.length) return <EmptyCatalogue />;
  if (shown.length === 0) return <p className="demo-none">{noMatch}</p>;
  return children;
}

/**
 * The results column beside the category list (parts and workshop stores): the search box and any more
 * tools above the results. `label` names what the store sells ('Tools').
 */
export function SearchedResults({
  label,
  placeholder,
  query,
  tools,
  count,
  ...results
}: Omit<CatalogueResultsProps, 'noMatch'> & {
  label: string;
  placeholder: string;
  query: readonly [string, (query: string) => void];
  tools?: ReactNode;
  /** A line between the toolbar and the results (how many there are). */
  count?: ReactNode;
}) {
  const noun = label.toLowerCase();
  return (
    <section className="demo-results" aria-label={label}>
      <div className="parts-toolbar">
        <SearchInput aria-label={`Search ${noun}`} placeholder={placeholder} query={query} />
        {tools}
      </div>
      {count}
      <CatalogueResults {...results} noMatch={`No ${noun} match your search.`} />
    </section>
  );
}
