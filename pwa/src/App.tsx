import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router-dom';
import { queryClient } from './api/queryClient.ts';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { OfflineBanner } from './components/OfflineBanner.tsx';
import { UpdatePrompt } from './components/UpdatePrompt.tsx';
import { Spinner } from './components/ui/spinner.tsx';
import { Toaster } from './components/ui/toast.tsx';

// Every screen is its own chunk, so adding screens never grows the first load.
const HomePage = lazy(() => import('./pages/home/HomePage.tsx'));
const PrintFarmNetworkPage = lazy(() => import('./pages/network/PrintFarmNetworkPage.tsx'));
const PrivacyPolicyPage = lazy(() => import('./pages/legal/PrivacyPolicyPage.tsx'));
const StorePage = lazy(() => import('./pages/store/StorePage.tsx'));
const StoreAdminPage = lazy(() => import('./pages/storeAdmin/StoreAdminPage.tsx'));
const MiniatureMastersPage = lazy(() => import('./pages/demo/MiniatureMasters.tsx'));
const PrecisionPartsPage = lazy(() => import('./pages/demo/PrecisionParts.tsx'));
const MakersWorkshopPage = lazy(() => import('./pages/demo/MakersWorkshop.tsx'));
const OpportunityPage = lazy(() => import('./pages/opportunity/OpportunityPage.tsx'));
const ProfitCalculatorPage = lazy(() => import('./pages/calculator/ProfitCalculatorPage.tsx'));
const BlogPage = lazy(() => import('./pages/blog/BlogPage.tsx'));
const EarningsDisclaimerPage = lazy(() => import('./pages/legal/EarningsDisclaimerPage.tsx'));
const ProspectsPage = lazy(() => import('./pages/admin/ProspectsPage.tsx'));
const NodesPage = lazy(() => import('./pages/admin/NodesPage.tsx'));
const SettingsPage = lazy(() => import('./pages/admin/SettingsPage.tsx'));
const LoginPage = lazy(() => import('./pages/auth/LoginPage.tsx'));
const SignupPage = lazy(() => import('./pages/auth/SignupPage.tsx'));
const DashboardPage = lazy(() => import('./pages/dashboard/DashboardPage.tsx'));
const RequestPage = lazy(() => import('./pages/request/RequestPage.tsx'));
const OperatorPage = lazy(() => import('./pages/operator/OperatorPage.tsx'));
const AdminDashboardPage = lazy(() => import('./pages/admin/AdminDashboardPage.tsx'));
const NotFound = lazy(() => import('./pages/NotFound.tsx'));

function PageLoading() {
  return (
    <div className="page-loading">
      <Spinner size="lg" />
    </div>
  );
}

function AppRoutes() {
  const location = useLocation();
  return (
    <ErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<PageLoading />}>
        <Routes>
          <Route path="/" element={<HomePage />} />
          <Route path="/print-farms" element={<PrintFarmNetworkPage />} />
          <Route path="/print-farm-network" element={<PrintFarmNetworkPage />} />
          <Route path="/privacy-policy" element={<PrivacyPolicyPage />} />
          <Route path="/store/:storeName" element={<StorePage />} />
          <Route path="/miniature-masters" element={<MiniatureMastersPage />} />
          <Route path="/store/miniature-masters" element={<MiniatureMastersPage />} />
          <Route path="/precision-parts" element={<PrecisionPartsPage />} />
          <Route path="/store/precision-parts" element={<PrecisionPartsPage />} />
          <Route path="/makers-workshop" element={<MakersWorkshopPage />} />
          <Route path="/store/makers-workshop" element={<MakersWorkshopPage />} />
          <Route path="/admin/store/:storeName" element={<StoreAdminPage />} />
          <Route path="/opportunity" element={<OpportunityPage />} />
          <Route path="/profit-calculator" element={<ProfitCalculatorPage />} />
          <Route path="/blog" element={<BlogPage />} />
          <Route path="/blog/:articleId" element={<BlogPage />} />
          <Route path="/earnings-disclaimer" element={<EarningsDisclaimerPage />} />
          <Route path="/admin/prospects" element={<ProspectsPage />} />
          <Route path="/admin/nodes" element={<NodesPage />} />
          <Route path="/admin/settings" element={<SettingsPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/dashboard" element={<DashboardPage />} />
          <Route path="/dashboard/requests/:requestId" element={<RequestPage />} />
          <Route path="/operator" element={<OperatorPage />} />
          <Route path="/operator/jobs/:jobId" element={<OperatorPage />} />
          <Route path="/operator/settings" element={<OperatorPage />} />
          <Route path="/admin" element={<AdminDashboardPage />} />
          <Route path="/admin/dashboard" element={<AdminDashboardPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <a href="#main" className="skip-link">
          Skip to content
        </a>
        <OfflineBanner />
        <AppRoutes />
        <UpdatePrompt />
        <Toaster />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
