import { ROUTES } from '@printfarm/map/routeTable';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect } from 'react';
import { BrowserRouter, matchRoutes, Route, Routes, useLocation } from 'react-router-dom';
import { queryClient } from './api/queryClient.ts';
import { ErrorBoundary } from './components/ErrorBoundary.tsx';
import { Spinner } from './components/ui/spinner.tsx';

// Every screen is its own chunk, so adding screens never grows the first load. routeTable.ts names them.
const pageModules = import.meta.glob<PageModule>([
  './pages/*/*Page.tsx',
  './pages/demo/{MiniatureMasters,PrecisionParts,MakersWorkshop}.tsx',
  './pages/NotFound.tsx',
]);

interface PageModule {
  default: ComponentType;
}

// Loaded after the page: none has anything to show at first paint.
const ScrollRestoration = lazy(() => import('./components/ScrollRestoration.tsx'));
const AppPrompts = lazy(() => import('./components/AppPrompts.tsx'));
// Shown only offline: out of the entry every first visit loads (the landing page's budget).
const OfflineBanner = lazy(() => import('./components/OfflineBanner.tsx'));
const Toaster = lazy(() => import('./components/ui/toast.tsx').then(({ Toaster }) => ({ default: Toaster })));

const loadedPages = new Map<string, PageModule>();
const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

function loadPage(page: string): Promise<PageModule> {
  const load = pageModules[`./${page}`];
  if (!load) throw new Error(`routeTable.ts names ${page}, which is not a page module`);
  return load().then((module) => {
    loadedPages.set(page, module);
    return module;
  });
}

// A page whose chunk is already here renders at once (a thenable that answers synchronously), so a
// prerendered page hydrates without suspending and the server's HTML is never replaced by a spinner.
function pageComponent(page: string): LazyExoticComponent<ComponentType> {
  let component = lazyPages.get(page);
  if (!component) {
    component = lazy(() => {
      const module = loadedPages.get(page);
      if (!module) return loadPage(page);
      // biome-ignore lint/suspicious/noThenProperty: React.lazy reads a thenable; this one answers at once.
      return { then: (resolve: (value: PageModule) => void) => resolve(module) } as Promise<PageModule>;
    });
    lazyPages.set(page, component);
  }
  return component;
}

/** Loads the chunk of the page that renders `pathname`, so that hydrating it does not suspend. */
export async function preloadRoute(pathname: string): Promise<void> {
  const match = matchRoutes([...ROUTES], pathname)?.at(-1);
  if (match) await loadPage(match.route.page);
}

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
        {/* In the page's boundary, so the app takes the page over with it in place: a person may have
            scrolled the prerendered page already, and Back should bring them there. */}
        <ScrollRestoration />
        <Routes>
          {ROUTES.map(({ path, page }) => {
            const Page = pageComponent(page);
            return <Route key={path} path={path} element={<Page />} />;
          })}
        </Routes>
        {/* Inside the page's boundary: React hydrates a boundary after the shell, and only then is
            the page's markup the app's (a form sent earlier would go out natively). */}
        <AppReady />
      </Suspense>
    </ErrorBoundary>
  );
}

/** Announces, once the page has rendered (or hydrated), that the app runs it. */
function AppReady() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
    window.dispatchEvent(new Event('app:ready'));
  }, []);
  return null;
}

/** The app inside its router: the browser's in the client, a static one when prerendering. */
export function AppContent() {
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <AppRoutes />
      <Suspense fallback={null}>
        {/* Before the prompts: they move up above it while it shows. */}
        <OfflineBanner />
        <AppPrompts />
        <Toaster />
      </Suspense>
    </>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppContent />
      </BrowserRouter>
    </QueryClientProvider>
  );
}
