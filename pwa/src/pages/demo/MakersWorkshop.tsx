// /makers-workshop: the workshop tools demo storefront with its Request Custom Order dialog.
import { type CustomOrder, type CustomOrderInput, customOrderSchema } from '@printfarm/domain/store';
import { useMemo, useState } from 'react';
import { type PublicStore, useRequestCustomOrder } from '../../api/stores.ts';
import { useDomainForm } from '../../components/form/useDomainForm.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { EmailField, FormField, TextField } from '../../components/ui/form-field.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast.tsx';
import { ProductGrid } from '../store/StoreParts.tsx';
import { ALL_PRODUCTS, CategorySidebar, inCategory } from './CategorySidebar.tsx';
import { type DemoContent, type DemoProfile, DemoShell, matches, SearchedResults } from './DemoShell.tsx';

const PROFILE: DemoProfile = {
  theme: 'workshop',
  displayName: "The Maker's Workshop",
  description:
    'Jigs, clamps and organisers for wood and metal shops, printed tough in PETG and carbon-fibre nylon. Custom orders welcome.',
  location: 'Asheville, NC',
  rating: 4.9,
  totalOrders: 1236,
  established: '2018',
  responseTime: 'same day',
  shipping: 'Flat $5, free over $75',
  owner: 'Jake Morrison',
  motto: 'Tools that make the next project easier.',
  specialties: ['Shop jigs', 'Custom fixtures', 'Tough CF nylon'],
};

export default function MakersWorkshopPage() {
  const [requestOpen, setRequestOpen] = useState(false);
  return (
    <DemoShell
      storeName="makers-workshop"
      profile={PROFILE}
      headerActions={(store) => (
        <>
          <Button className="demo-hero__action" onClick={() => setRequestOpen(true)}>
            Request Custom Order
          </Button>
          <CustomOrderDialog store={store} open={requestOpen} onOpenChange={setRequestOpen} />
        </>
      )}
    >
      {(content) => <Catalogue {...content} />}
    </DemoShell>
  );
}

function Catalogue({ products, productsLoading: loading, cart }: DemoContent) {
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState(ALL_PRODUCTS);
  const shown = useMemo(
    () =>
      (products ?? [])
        .filter((product) => inCategory(product, category))
        .filter((product) => matches(query, product.name, ...product.tags)),
    [products, category, query],
  );
  return (
    <Container size="wide" className="demo-catalogue demo-catalogue--sidebar">
      <CategorySidebar products={products} value={category} onChange={setCategory} />
      <SearchedResults
        label="Tools"
        placeholder="Search tools by name or tag..."
        query={[query, setQuery]}
        loading={loading}
        products={products}
        shown={shown}
      >
        <ProductGrid products={shown} cart={cart} />
      </SearchedResults>
    </Container>
  );
}

const EMPTY_REQUEST: CustomOrderInput = {
  fullName: '',
  email: '',
  phone: '',
  description: '',
  timeline: '',
  budget: '',
};

function CustomOrderDialog({
  store,
  open,
  onOpenChange,
}: {
  store: PublicStore;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const request = useRequestCustomOrder(store.id);
  const form = useDomainForm(customOrderSchema, { defaultValues: EMPTY_REQUEST });

  const close = () => {
    form.reset(EMPTY_REQUEST);
    onOpenChange(false);
  };

  const onValid = (values: CustomOrder) =>
    request.mutate(values, {
      onSuccess: () => {
        toast({ title: 'Request sent!', description: `${store.displayName} will get back to you soon.` });
        close();
      },
      onError: (error) => form.applyServerErrors(error, { toast: { title: 'Error' } }),
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => (next ? onOpenChange(true) : close())}
      title="Request Custom Order"
      description="Tell us what you need and we'll send you a quote."
    >
      <form className="custom-order" onSubmit={form.handleSubmit(onValid)} noValidate>
        <TextField label="Full Name" required {...form.field('fullName')} autoComplete="name" />
        <EmailField label="Email Address" required {...form.field('email')} />
        <TextField label="Phone Number" {...form.field('phone')} type="tel" autoComplete="tel" />
        <FormField label="Project Description" required {...form.field('description')}>
          <Textarea rows={4} />
        </FormField>
        <div className="form-grid">
          <TextField label="Timeline" {...form.field('timeline')} placeholder="e.g. within 2 weeks" />
          <TextField label="Budget Range" {...form.field('budget')} placeholder="e.g. $50-$100" />
        </div>
        <div className="checkout__actions">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button type="submit" loading={request.isPending}>
            Submit Request
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
