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
