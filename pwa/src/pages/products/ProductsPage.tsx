// /products: what the stores on the network sell, in one list ('View All Products' on the landing page
// and 'Back to Marketplace' on a storefront lead here). Each card opens the product's store.
import { lowStockLabel } from '@printfarm/domain/store';
import { countOf } from '@printfarm/domain/words';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { type NetworkProduct, storeQueries } from '../../api/stores.ts';
import { DataAge } from '../../components/DataAge.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { useFilterButtons } from '../../components/ui/filter-buttons.tsx';
import { SearchInput } from '../../components/ui/input.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { matches } from '../../lib/textMatch.ts';
import { SiteLayout } from '../SiteLayout.tsx';
import { money, ProductImage, ProductsLoaded } from '../store/StoreParts.tsx';
import './products.css';

const ALL_STORES = 'All stores';

export default function ProductsPage() {
  const products = useQuery(storeQueries.networkProducts());
  const [query, setQuery] = useState('');
  const stores = useMemo(
    () =>
      [ALL_STORES, ...new Set((products.data ?? []).map((product) => product.store.displayName))] as const,
    [products.data],
  );
  const [store, storeButtons] = useFilterButtons({
    legend: 'Store',
    options: stores,
    className: 'network-products__stores',
  });
  const shown = (products.data ?? [])
    .filter((product) => store === ALL_STORES || product.store.displayName === store)
    .filter((product) =>
      matches(
        query,
        product.name,
        product.description,
        product.category,
        product.store.displayName,
        ...product.tags,
      ),
    );

  return (
    <SiteLayout>
      <title>All Products · PrintFarm Network</title>
      <meta
        name="description"
        content="Everything the stores on the PrintFarm Network print to order: miniatures, replacement parts and workshop tools."
      />
      <Container size="wide" className="network-products">
        <header className="network-products__header">
          <h1>All Products</h1>
          <p>
            Printed to order by the independent stores on the PrintFarm Network. Each store ships its own.
          </p>
        </header>
        <div className="network-products__toolbar">
          <SearchInput
            aria-label="Search products"
            placeholder="Search products, materials or stores..."
            query={[query, setQuery]}
          />
          {stores.length > 2 && storeButtons}
        </div>
        <DataAge data={products.data} className="network-products__age" />
        <ProductsLoaded query={products} hint="Please check your connection and reload the page.">
          {(data) =>
            shown.length === 0 ? (
              <p className="network-products__none">
                {data.length === 0 ? 'No products yet.' : 'No products match your search.'}
              </p>
            ) : (
              <>
                <p className="network-products__count" aria-live="polite">
                  {countOf(shown.length, 'product')} from{' '}
                  {countOf(new Set(shown.map((p) => p.store.storeName)).size, 'store')}
                </p>
                <div className="product-grid">
                  {shown.map((product) => (
                    <NetworkProductCard key={product.id} product={product} />
                  ))}
                </div>
              </>
            )
          }
        </ProductsLoaded>
      </Container>
    </SiteLayout>
  );
}

function NetworkProductCard({ product }: { product: NetworkProduct }) {
  const storePath = `/store/${product.store.storeName}`;
  const lowStock = lowStockLabel(product.stockQuantity);
  return (
    <article className="product-card network-product" aria-label={product.name}>
      <div className="product-card__media">
        <ProductImage product={product} />
        {product.stockQuantity <= 0 ? (
          <Badge variant="secondary" className="product-card__stock">
            Out of stock
          </Badge>
        ) : (
          lowStock && (
            <Badge variant="destructive" className="product-card__stock">
              {lowStock}
            </Badge>
          )
        )}
      </div>
      <div className="product-card__body">
        <Link to={storePath} className="network-product__store">
          {product.store.displayName}
        </Link>
        <h2 className="product-card__name">{product.name}</h2>
        {product.description && <p className="product-card__description">{product.description}</p>}
        {product.materialType && <p className="network-product__material">{product.materialType}</p>}
      </div>
      <div className="product-card__footer">
        <span className="product-card__price">{money(product.price)}</span>
        <Link
          to={storePath}
          className={buttonClass({ size: 'sm' })}
          aria-label={`View ${product.name} in ${product.store.displayName}`}
        >
          View in Store
        </Link>
      </div>
    </article>
  );
}
