// /miniature-masters: the miniatures demo storefront, backed by the seeded store of that name.
import { printHours } from '@printfarm/domain/store';
import { useMemo, useState, useSyncExternalStore } from 'react';
import type { PublicProduct } from '../../api/stores.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useFilterButtons } from '../../components/ui/filter-buttons.tsx';
import { SearchInput } from '../../components/ui/input.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { Select } from '../../components/ui/select.tsx';
import type { Cart } from '../../lib/cart.ts';
import { cx } from '../../lib/cx.ts';
import { addWithToast, money, ProductImage } from '../store/StoreParts.tsx';
import {
  CatalogueResults,
  type DemoContent,
  type DemoProfile,
  DemoShell,
  idNumber,
  matches,
} from './DemoShell.tsx';

const STORE_NAME = 'miniature-masters';
export const MINIATURE_CATEGORIES = ['All', 'Heroes', 'Monsters', 'Troops', 'Terrain'] as const;

/** A product as the catalogue lists it: its place in the store's list and its demo figures. */
interface Listed {
  product: PublicProduct;
  index: number;
  rating: number;
  reviewCount: number;
}
const price = (listed: Listed) => Number(listed.product.price);

/** The orders the catalogue can be sorted in, as the menu names them, each with its comparison. */
const SORTS = {
  popular: { label: 'Most Popular', compare: (a: Listed, b: Listed) => b.reviewCount - a.reviewCount },
  newest: { label: 'Newest', compare: (a: Listed, b: Listed) => b.index - a.index },
  'price-low': { label: 'Price low to high', compare: (a: Listed, b: Listed) => price(a) - price(b) },
  'price-high': { label: 'Price high to low', compare: (a: Listed, b: Listed) => price(b) - price(a) },
  rating: {
    label: 'Highest Rated',
    compare: (a: Listed, b: Listed) => b.rating - a.rating || b.reviewCount - a.reviewCount,
  },
};
type Sort = keyof typeof SORTS;
const SORT_OPTIONS = Object.entries(SORTS).map(([value, sort]) => ({ value, label: sort.label }));

const PROFILE: DemoProfile = {
  theme: 'minis',
  displayName: 'Miniature Masters',
  description:
    'Hand-finished tabletop miniatures printed in 8K resin: heroes, monsters, troops and terrain for your next campaign.',
  location: 'Portland, OR',
  rating: 4.9,
  totalOrders: 2847,
  established: '2019',
  responseTime: 'within 2 hours',
  shipping: 'Flat $4.99, free over $50',
  owner: 'Sarah Chen',
  motto: 'Every hero deserves a worthy miniature.',
  specialties: ['8K resin', 'Pre-supported', 'Hand-finished'],
};

// Favourites stay on this device, like the cart.
const FAVOURITES_KEY = 'printfarm.favourites.miniature-masters';
const favouriteListeners = new Set<() => void>();
let favouritesRaw: string | null = null;
let favouritesCache: readonly string[] = [];
function readFavourites(): readonly string[] {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(FAVOURITES_KEY);
  } catch {
    raw = null;
  }
  if (raw !== favouritesRaw) {
    favouritesRaw = raw;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : [];
      favouritesCache = Array.isArray(parsed)
        ? parsed.filter((id): id is string => typeof id === 'string')
        : [];
    } catch {
      favouritesCache = [];
    }
  }
  return favouritesCache;
}
function toggleFavourite(id: string): void {
  const current = readFavourites();
  const next = current.includes(id) ? current.filter((f) => f !== id) : [...current, id];
  try {
    window.localStorage.setItem(FAVOURITES_KEY, JSON.stringify(next));
  } catch {
    favouritesCache = next;
  }
  for (const listener of favouriteListeners) listener();
}
function useFavourites(): readonly string[] {
  return useSyncExternalStore(
    (listener) => {
      favouriteListeners.add(listener);
      return () => favouriteListeners.delete(listener);
    },
    readFavourites,
    () => [],
  );
}

/** Demo figures (rating, reviews) derived from the product id so they stay put between visits. */
function demoFigures(product: PublicProduct) {
  const n = idNumber(product.id);
  return { rating: 4 + (n % 10) / 10, reviewCount: 8 + (n % 240) };
}

export default function MiniatureMastersPage() {
  return (
    <DemoShell storeName={STORE_NAME} profile={PROFILE}>
      {(content) => <Catalogue {...content} />}
    </DemoShell>
  );
}

function Catalogue({ products, productsLoading: loading, cart }: DemoContent) {
  const [query, setQuery] = useState('');
  const [category, categoryButtons] = useFilterButtons({
    legend: 'Category',
    options: MINIATURE_CATEGORIES,
    className: 'minis-categories',
  });
  const [sort, setSort] = useState<Sort>('popular');
  const favourites = useFavourites();

  const shown = useMemo(
    () =>
      (products ?? [])
        .map((product, index): Listed => ({ product, index, ...demoFigures(product) }))
        .filter(({ product }) => category === 'All' || product.category === category)
        .filter(({ product }) => matches(query, product.name, product.description))
        .sort(SORTS[sort].compare),
    [products, category, query, sort],
  );

  return (
    <Container size="wide" className="demo-catalogue">
      <div className="minis-toolbar">
        <SearchInput
          aria-label="Search miniatures"
          placeholder="Search miniatures..."
          query={[query, setQuery]}
          className="minis-toolbar__search"
        />
        <Select
          aria-label="Sort by"
          value={sort}
          onChange={(event) => setSort(event.target.value as Sort)}
          options={SORT_OPTIONS}
        />
      </div>
      {categoryButtons}
      <CatalogueResults
        loading={loading}
        products={products}
        shown={shown}
        noMatch="No miniatures match your search."
      >
        <div className="product-grid">
          {shown.map(({ product, rating, reviewCount }) => (
            <MiniatureCard
              key={product.id}
              product={product}
              rating={rating}
              reviewCount={reviewCount}
              favourite={favourites.includes(product.id)}
              cart={cart}
            />
          ))}
        </div>
      </CatalogueResults>
    </Container>
  );
}

function MiniatureCard({
  product,
  rating,
  reviewCount,
  favourite,
  cart,
}: {
  product: PublicProduct;
  rating: number;
  reviewCount: number;
  favourite: boolean;
  cart: Cart;
}) {
  const added = cart.quantityOf(product.id) > 0;
  const inStock = product.stockQuantity > 0;
  return (
    <article className="product-card minis-card" aria-label={product.name}>
      <div className="product-card__media">
        <ProductImage product={product} />
        {product.category && <Badge className="product-card__stock">{product.category}</Badge>}
        <button
          type="button"
          className={cx('minis-favourite', favourite && 'minis-favourite--on')}
          aria-pressed={favourite}
          aria-label={
            favourite ? `Remove ${product.name} from favourites` : `Add ${product.name} to favourites`
          }
          onClick={() => toggleFavourite(product.id)}
        >
          <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path
              d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z"
              stroke="currentColor"
              strokeWidth="2"
              fill={favourite ? 'currentColor' : 'none'}
            />
          </svg>
        </button>
      </div>
      <div className="product-card__body">
        <h3 className="product-card__name">{product.name}</h3>
        <p className="minis-rating">
          <span aria-hidden="true">★</span> {rating.toFixed(1)}{' '}
          <span className="minis-rating__count">({reviewCount} reviews)</span>
        </p>
        {product.description && <p className="product-card__description">{product.description}</p>}
        <p className="minis-meta">
          {product.materialType}
          {product.printTime ? ` · ${printHours(product.printTime)}h print` : ''}
          {!inStock && ' · Out of stock'}
        </p>
      </div>
      <div className="product-card__footer">
        <span className="product-card__price">{money(product.price)}</span>
        <Button size="sm" disabled={added || !inStock} onClick={() => addWithToast(cart, product)}>
          {added ? 'Added to Cart' : 'Add to Cart'}
        </Button>
      </div>
    </article>
  );
}
