// /admin/store/{storeName}: the owner's (or staff's) store admin with tabs from ?tab=.
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { type ManagedStore, storeQueries } from '../../api/stores.ts';
import { Button } from '../../components/ui/button.tsx';
import { Container } from '../../components/ui/layout.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { isUnauthorized, useRedirectOnUnauthorized } from '../../lib/useRedirectOnUnauthorized.ts';
import { SiteLayout } from '../SiteLayout.tsx';
import { OrdersTab } from './OrdersTab.tsx';
import { OverviewTab } from './OverviewTab.tsx';
import { ProductsTab } from './ProductsTab.tsx';
import { RequestsTab } from './RequestsTab.tsx';
import { SettingsDialog } from './SettingsDialog.tsx';
import { ShippingTab } from './ShippingTab.tsx';
import './storeAdmin.css';

export const ADMIN_TABS = ['overview', 'products', 'orders', 'requests', 'shipping'] as const;
type AdminTab = (typeof ADMIN_TABS)[number];

const isTab = (value: string | null): value is AdminTab =>
  (ADMIN_TABS as readonly (string | null)[]).includes(value);

export default function StoreAdminPage() {
  const { storeName = '' } = useParams();
  const store = useQuery(storeQueries.managed(storeName));
  useRedirectOnUnauthorized(store.error);

  return (
    <SiteLayout>
      {store.isPending || isUnauthorized(store.error) ? (
        <div className="store-admin-state">
          <Spinner size="lg" label="Loading store..." showLabel />
        </div>
      ) : !store.data ? (
        <div className="store-admin-state">
          <title>Store Not Found · PrintFarm Network</title>
          <h1>Store Not Found</h1>
          <p>The store you're looking for doesn't exist.</p>
        </div>
      ) : (
        <StoreAdmin store={store.data} />
      )}
    </SiteLayout>
  );
}

function StoreAdmin({ store }: { store: ManagedStore }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: AdminTab = isTab(requested) ? requested : 'overview';
  const [settingsOpen, setSettingsOpen] = useState(false);
  const orders = useQuery(storeQueries.orders(store.id));
  const products = useQuery(storeQueries.products(store.id));
  useRedirectOnUnauthorized(orders.error ?? products.error);

  const selectTab = (next: string) =>
    setSearchParams(
      (params) => {
        params.set('tab', next);
        return params;
      },
      { replace: true },
    );

  return (
    <Container size="wide" className="store-admin">
      <title>{`${store.displayName} - Store Admin · PrintFarm Network`}</title>
      <header className="store-admin__header">
        <div>
          <h1>{store.displayName} - Store Admin</h1>
          <p className="store-admin__subtitle">
            /store/{store.storeName}
            {!store.isActive && ' · inactive'}
          </p>
        </div>
        <div className="store-admin__actions">
          <Button
            variant="outline"
            onClick={() => window.open(`/store/${store.storeName}`, '_blank', 'noopener')}
          >
            View Store
          </Button>
          <Button onClick={() => setSettingsOpen(true)}>Store Settings</Button>
        </div>
      </header>
      <Tabs value={tab} onValueChange={selectTab}>
        <TabsList aria-label="Store admin sections">
          <TabsTrigger value="overview">Overview</TabsTrigger>
          <TabsTrigger value="products">Products</TabsTrigger>
          <TabsTrigger value="orders">Orders</TabsTrigger>
          <TabsTrigger value="requests">Requests</TabsTrigger>
          <TabsTrigger value="shipping">Shipping</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab orders={orders.data} loading={orders.isPending} />
        </TabsContent>
        <TabsContent value="products">
          <ProductsTab store={store} products={products.data} loading={products.isPending} />
        </TabsContent>
        <TabsContent value="orders">
          <OrdersTab store={store} orders={orders.data} loading={orders.isPending} />
        </TabsContent>
        <TabsContent value="requests">
          <RequestsTab store={store} />
        </TabsContent>
        <TabsContent value="shipping">
          <ShippingTab store={store} orders={orders.data} loading={orders.isPending} />
        </TabsContent>
      </Tabs>
      <SettingsDialog store={store} open={settingsOpen} onOpenChange={setSettingsOpen} />
    </Container>
  );
}
