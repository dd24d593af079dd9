// The parts and workshop stores' category list: 'All Products' plus each category with its count.
import type { PublicProduct } from '../../api/stores.ts';
import { cx } from '../../lib/cx.ts';
import { categoriesOf } from './DemoShell.tsx';

export const ALL_PRODUCTS = 'All Products';

export function CategorySidebar({
  products,
  value,
  onChange,
  children,
}: {
  products: readonly PublicProduct[] | undefined;
  value: string;
  onChange: (category: string) => void;
  children?: React.ReactNode;
}) {
  const categories = [ALL_PRODUCTS, ...categoriesOf(products)];
  const count = (category: string) =>
    category === ALL_PRODUCTS
      ? (products ?? []).length
      : (products ?? []).filter((product) => product.category === category).length;
  return (
    <nav className="demo-sidebar" aria-label="Categories">
      <h2 className="demo-sidebar__title">Categories</h2>
      <ul>
        {categories.map((category) => (
          <li key={category}>
            <button
              type="button"
              className={cx('demo-sidebar__item', value === category && 'demo-sidebar__item--active')}
              aria-current={value === category ? 'true' : undefined}
              onClick={() => onChange(category)}
            >
              <span>{category}</span>
              <span className="demo-sidebar__count">{count(category)}</span>
            </button>
          </li>
        ))}
      </ul>
      {children}
    </nav>
  );
}

/** Exact category match; 'All Products' shows everything. */
export function inCategory(product: PublicProduct, category: string): boolean {
  return category === ALL_PRODUCTS || product.category === category;
}
