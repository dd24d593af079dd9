// Products: the store's whole catalogue (hidden ones too) with Add Product, edit and delete.
import { formatUsd } from '@printfarm/domain/money';
import { type Product, type ProductInput, parseTags, productSchema } from '@printfarm/domain/store';
import { useState } from 'react';
import type { FieldError, FieldPath } from 'react-hook-form';
import { errorMessage } from '../../api/request.ts';
import {
  type ManagedProduct,
  type ManagedStore,
  useDeleteProduct,
  useSaveProduct,
} from '../../api/stores.ts';
import { type FieldOptions, useDomainForm } from '../../components/form/useDomainForm.ts';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField } from '../../components/ui/checkbox.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { FieldList, type FieldRows } from '../../components/ui/fieldList.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { toastOnFailure } from '../../components/ui/toastOnFailure.ts';
import { priceCents } from '../../lib/cart.ts';
import { ProductImage } from '../store/StoreParts.tsx';

type Editing = { product: ManagedProduct | null } | null;

export function ProductsTab({
  store,
  products,
  loading,
}: {
  store: ManagedStore;
  products: ManagedProduct[] | undefined;
  loading: boolean;
}) {
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<ManagedProduct | null>(null);
  return (
    <section className="admin-section" aria-labelledby="products-title">
      <div className="admin-section__header">
        <h2 id="products-title">Products</h2>
        <Button onClick={() => setEditing({ product: null })}>Add Product</Button>
      </div>
      {loading ? (
        <div className="admin-product-grid">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: skeletons have no identity
            <Skeleton key={i} className="admin-product-skeleton" />
          ))}
        </div>
      ) : (products ?? []).length === 0 ? (
        <p className="store-admin__muted">No products yet. Add your first product to open your store.</p>
      ) : (
        <div className="admin-product-grid">
          {(products ?? []).map((product) => (
            <article key={product.id} className="admin-product" aria-label={product.name}>
              <ProductImage product={product} className="admin-product__image" />
              <div className="admin-product__body">
                <h3>{product.name}</h3>
                {product.description && <p className="admin-product__description">{product.description}</p>}
                <div className="admin-product__facts">
                  <span className="admin-product__price">{formatUsd(priceCents(product.price))}</span>
                  <span>Stock: {product.stockQuantity}</span>
                  {!product.isActive && <Badge variant="secondary">Hidden</Badge>}
                </div>
              </div>
              <div className="admin-product__actions">
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => setEditing({ product })}
                  aria-label={`Edit ${product.name}`}
                >
                  Edit
                </Button>
                <Button
                  size="sm"
                  variant="destructive"
                  onClick={() => setDeleting(product)}
                  aria-label={`Delete ${product.name}`}
                >
                  Delete
                </Button>
              </div>
            </article>
          ))}
        </div>
      )}
      {editing && (
        <ProductFormDialog store={store} product={editing.product} onClose={() => setEditing(null)} />
      )}
      <DeleteProductDialog store={store} product={deleting} onClose={() => setDeleting(null)} />
    </section>
  );
}

const EMPTY_PRODUCT: ProductInput = {
  name: '',
  description: '',
  price: '',
  imageUrl: '',
  category: '',
  tags: [],
  printTime: undefined,
  materialType: '',
  stockQuantity: 0,
  isActive: true,
};

const valuesOf = (product: ManagedProduct): ProductInput => ({
  name: product.name,
  description: product.description ?? '',
  price: product.price,
  imageUrl: product.imageUrl ?? '',
  category: product.category ?? '',
  tags: product.tags,
  printTime: product.printTime ?? undefined,
  materialType: product.materialType ?? '',
  stockQuantity: product.stockQuantity,
  isActive: product.isActive,
});

const optionalNumber = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);
const tagList = (value: unknown) => (typeof value === 'string' ? parseTags(value) : value);

const asOptionalNumber = { register: { setValueAs: optionalNumber } };
/** Tags are checked one by one: the message is the list's, or the first tag's. */
const tagsError = (error: FieldError | undefined) =>
  error?.message ?? (error as FieldError[] | undefined)?.[0]?.message;

const PRODUCT_FIELDS: FieldRows<FieldPath<ProductInput>, FieldOptions<ProductInput>> = [
  { name: 'name', label: 'Product Name', required: true },
  { name: 'description', label: 'Description', control: <Textarea rows={3} /> },
  [
    {
      name: 'price',
      label: 'Price ($)',
      required: true,
      control: <Input inputMode="decimal" placeholder="12.99" />,
    },
    {
      name: 'stockQuantity',
      label: 'Stock Quantity',
      options: asOptionalNumber,
      control: <Input type="number" min={0} step={1} />,
    },
    {
      name: 'printTime',
      label: 'Print Time (minutes)',
      options: asOptionalNumber,
      control: <Input type="number" min={0} step={1} />,
    },
  ],
  [
    { name: 'category', label: 'Category' },
    { name: 'materialType', label: 'Material', control: <Input placeholder="PLA, PETG, Resin..." /> },
  ],
  {
    name: 'tags',
    label: 'Tags',
    hint: 'Separate tags with commas',
    options: { register: { setValueAs: tagList }, message: tagsError },
  },
  { name: 'imageUrl', label: 'Image URL', control: <Input type="url" placeholder="https://" /> },
];

/** The product dialogs' props: the form's product is null for a new one, the delete dialog's while closed. */
interface ProductDialogProps {
  store: ManagedStore;
  product: ManagedProduct | null;
  onClose: () => void;
}

function ProductFormDialog({ store, product, onClose }: ProductDialogProps) {
  const save = useSaveProduct(store);
  const form = useDomainForm(productSchema, {
    defaultValues: product ? valuesOf(product) : EMPTY_PRODUCT,
  });

  const onValid = (values: Product) => {
    // Stock moves with every sale while the dialog is open: an edit sends it only when the owner
    // changed it, so saving other fields never puts sold stock back on sale.
    const { stockQuantity, ...rest } = values;
    const keepStock = product && stockQuantity === product.stockQuantity;
    return save.mutate(
      {
        ...(product ? { productId: product.id } : {}),
        product: keepStock ? rest : { ...rest, stockQuantity },
      },
      {
        onSuccess: () => {
          toast({
            title: product ? 'Product updated' : 'Product added',
            description: `${values.name} has been saved.`,
          });
          onClose();
        },
        onError: (error) =>
          form.applyServerErrors(error, {
            toast: { title: 'Error', description: (error) => errorMessage(error, 'Failed to save product') },
          }),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={product ? 'Edit Product' : 'Add Product'}
      size="lg"
    >
      <form onSubmit={form.handleSubmit(onValid)} noValidate className="admin-form">
        <FieldList fields={PRODUCT_FIELDS} bind={form.field} />
        <CheckboxField label="Show in store" {...form.register('isActive')} />
        <div className="admin-form__actions">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {product ? 'Save Changes' : 'Add Product'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function DeleteProductDialog({ store, product, onClose }: ProductDialogProps) {
  const remove = useDeleteProduct(store);
  const confirm = () => {
    if (!product) return;
    remove.mutate(product.id, {
      onSuccess: (result) => {
        toast({
          title: result.outcome === 'deleted' ? 'Product deleted' : 'Product hidden',
          description:
            result.outcome === 'deleted'
              ? `${product.name} has been removed.`
              : `${product.name} has orders, so it was hidden from your store instead of deleted.`,
        });
        onClose();
      },
      ...toastOnFailure('Error'),
    });
  };
  return (
    <Dialog
      open={product !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Delete product?"
      description={product ? `${product.name} will be removed from your store.` : undefined}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button variant="destructive" loading={remove.isPending} onClick={confirm}>
            Delete
          </Button>
        </>
      }
    />
  );
}
