// /precision-parts: the appliance and HVAC parts demo storefront, backed by the seeded store of that name.
import { lowStockLabel, printHours } from '@printfarm/domain/store';
import { useMemo, useState } from 'react';
import type { PublicProduct } from '../../api/stores.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField } from '../../components/ui/checkbox.tsx';
import { ToggleButtons } from '../../components/ui/filter-buttons.tsx';
import { Container } from '../../components/ui/layout.tsx';
import type { Cart } from '../../lib/cart.ts';
import { cx } from '../../lib/cx.ts';
import { addWithToast, money, ProductImage } from '../store/StoreParts.tsx';
import { ALL_PRODUCTS, CategorySidebar, inCategory } from './CategorySidebar.tsx';
import { type DemoContent, type DemoProfile, DemoShell, matches, SearchedResults } from './DemoShell.tsx';

const PROFILE: DemoProfile = {
  theme: 'parts',
  displayName: 'Precision Parts Co.',
  description:
    'Replacement appliance and HVAC parts printed to OEM dimensions in heat- and chemical-resistant engineering plastics.',
  location: 'Columbus, OH',
  rating: 4.8,
  totalOrders: 5310,
  established: '2020',
  responseTime: 'within 4 hours',
  shipping: 'Ships in 48 hours',
  owner: 'Marcus Webb',
  motto: "If it snapped, we'll print it stronger.",
  specialties: ['OEM dimensions', 'Heat-resistant plastics', 'Appliance & HVAC'],
};

type Layout = 'grid' | 'list';
const LAYOUTS: readonly Layout[] = ['grid', 'list'];
const LAYOUT_LABELS: Record<Layout, string> = { grid: 'Grid', list: 'List' };

export default function PrecisionPartsPage() {
  return (
    <DemoShell storeName="precision-parts" profile={PROFILE}>
      {(content) => <Catalogue {...content} />}
    </DemoShell>
  );
}

function Catalogue({ products, productsLoading: loading, cart }: DemoContent) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(ALL_PRODUCTS);
  const [view, setView] = useState<Layout>('grid');
  const [filtersOpen, setFiltersOpen] = useState(true);
  const [inStockOnly, setInStockOnly] = useState(false);

  const shown = useMemo(
    () =>
      (products ?? [])
        .filter((product) => inCategory(product, category))
        .filter((product) => matches(query, product.name, ...product.tags))
        .filter((product) => !inStockOnly || product.stockQuantity > 0),
    [products, category, query, inStockOnly],
  );

  return (
    <Container
      size="wide"
      className={cx('demo-catalogue demo-catalogue--sidebar', !filtersOpen && 'demo-catalogue--no-sidebar')}
    >
      {filtersOpen && (
        <CategorySidebar products={products} value={category} onChange={setCategory}>
          <div className="demo-sidebar__filters">
            <h2 className="demo-sidebar__title">Availability</h2>
            <CheckboxField
              label="In stock only"
              checked={inStockOnly}
              onChange={(event) => setInStockOnly(event.target.checked)}
            />
          </div>
        </CategorySidebar>
      )}
      <SearchedResults
        label="Parts"
        placeholder="Search by part name or tag (e.g. dishwasher)..."
        query={[query, setQuery]}
        tools={
          <>
            <Button
              variant="outline"
              aria-pressed={filtersOpen}
              aria-expanded={filtersOpen}
              onClick={() => setFiltersOpen((open) => !open)}
            >
              Filters
            </Button>
            <ToggleButtons
              legend="View"
              options={LAYOUTS}
              value={view}
              onChange={setView}
              className="parts-view"
              label={(layout) => LAYOUT_LABELS[layout]}
            />
          </>
        }
        count={
          <p className="demo-count" aria-live="polite">
            {loading ? 'Loading parts...' : `${shown.length} ${shown.length === 1 ? 'part' : 'parts'}`}
          </p>
        }
        loading={loading}
        products={products}
        shown={shown}
      >
        <div className={view === 'grid' ? 'product-grid' : 'parts-list'}>
          {shown.map((product) => (
            <PartCard key={product.id} product={product} cart={cart} layout={view} />
          ))}
        </div>
      </SearchedResults>
    </Container>
  );
}

function PartCard({ product, cart, layout }: { product: PublicProduct; cart: Cart; layout: Layout }) {
  const lowStock = lowStockLabel(product.stockQuantity);
  const soldOut = product.stockQuantity <= 0;
  const atLimit = !soldOut && cart.quantityOf(product.id) >= product.stockQuantity;
  return (
    <article className={cx('product-card', layout === 'list' && 'part-row')} aria-label={product.name}>
      <div className="product-card__media">
        <ProductImage product={product} />
      </div>
      <div className="product-card__body">
        <p className="part-category">{product.category}</p>
        <h3 className="product-card__name">{product.name}</h3>
        {product.description && <p className="product-card__description">{product.description}</p>}
        <ul className="product-card__tags" aria-label="Tags">
          {product.tags.slice(0, 3).map((tag) => (
            <li key={tag}>
              <Badge variant="outline">{tag}</Badge>
            </li>
          ))}
        </ul>
        <p className="minis-meta">
          {product.materialType}
          {product.printTime ? ` · prints in ~${printHours(product.printTime)}h` : ''}
        </p>
      </div>
      <div className="product-card__footer">
        <div>
          <span className="product-card__price">{money(product.price)}</span>
          <p className={cx('part-stock', soldOut && 'part-stock--out', lowStock && 'part-stock--low')}>
            {soldOut ? 'Out of stock' : (lowStock ?? 'In stock')}
          </p>
        </div>
        <Button size="sm" disabled={soldOut || atLimit} onClick={() => addWithToast(cart, product)}>
          Add to Cart
        </Button>
      </div>
    </article>
  );
}
