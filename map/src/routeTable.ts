// Every screen of the PWA: its path and the page module that renders it (relative to pwa/src; each page
// is its own chunk), in two tables: the pages the build prerenders to static HTML, and the screens drawn
// in the browser only. The PWA's App.tsx turns both into routes; its build (pwa/scripts/build.ts) reads
// them to prerender public pages and to check each route's JavaScript budget; the API
// (api/src/http/spa.ts) reads them to answer a screen's path with 200 and anything else with 404. Here,
// beside the map's first frame, because both sides read it: the API never imports the PWA. Paths with a
// parameter are prerendered for the values `prerenderParams` lists (see pwa/src/entry-server.tsx).
// Which table a route is in says whether it is prerendered, rather than a flag on each entry: the table
// is in the landing page's first load, whose budget is full.

export interface RouteEntry {
  path: string;
  /** The page module, relative to src/, e.g. 'pages/home/HomePage.tsx'. */
  page: string;
}

/**
 * Public pages are prerendered: their HTML paints before any JavaScript has run. So are the customer's
 * dashboard and the operator's inbox, as the frames they show while the session loads.
 */
export const PRERENDERED_ROUTES: readonly RouteEntry[] = [
  { path: '/', page: 'pages/home/HomePage.tsx' },
  { path: '/print-farms', page: 'pages/network/PrintFarmNetworkPage.tsx' },
  { path: '/print-farm-network', page: 'pages/network/PrintFarmNetworkPage.tsx' },
  { path: '/privacy-policy', page: 'pages/legal/PrivacyPolicyPage.tsx' },
  { path: '/earnings-disclaimer', page: 'pages/legal/EarningsDisclaimerPage.tsx' },
  { path: '/opportunity', page: 'pages/opportunity/OpportunityPage.tsx' },
  { path: '/profit-calculator', page: 'pages/calculator/ProfitCalculatorPage.tsx' },
  { path: '/blog', page: 'pages/blog/BlogPage.tsx' },
  { path: '/blog/:articleId', page: 'pages/blog/BlogPage.tsx' },
  { path: '/miniature-masters', page: 'pages/demo/MiniatureMasters.tsx' },
  { path: '/store/miniature-masters', page: 'pages/demo/MiniatureMasters.tsx' },
  { path: '/precision-parts', page: 'pages/demo/PrecisionParts.tsx' },
  { path: '/store/precision-parts', page: 'pages/demo/PrecisionParts.tsx' },
  { path: '/makers-workshop', page: 'pages/demo/MakersWorkshop.tsx' },
  { path: '/store/makers-workshop', page: 'pages/demo/MakersWorkshop.tsx' },
  { path: '/products', page: 'pages/products/ProductsPage.tsx' },
  { path: '/faq', page: 'pages/faq/FaqPage.tsx' },
  { path: '/contact', page: 'pages/contact/ContactPage.tsx' },
  { path: '/dashboard', page: 'pages/dashboard/DashboardPage.tsx' },
  { path: '/operator', page: 'pages/operator/OperatorPage.tsx' },
];

export const ROUTES: readonly RouteEntry[] = [
  ...PRERENDERED_ROUTES,
  { path: '/store/:storeName', page: 'pages/store/StorePage.tsx' },
  { path: '/orders/:orderId', page: 'pages/store/OrderConfirmationPage.tsx' },
  { path: '/admin/store/:storeName', page: 'pages/storeAdmin/StoreAdminPage.tsx' },
  { path: '/admin/prospects', page: 'pages/admin/ProspectsPage.tsx' },
  { path: '/admin/nodes', page: 'pages/admin/NodesPage.tsx' },
  { path: '/admin/settings', page: 'pages/admin/SettingsPage.tsx' },
  { path: '/admin/payments', page: 'pages/admin/PaymentsPage.tsx' },
  { path: '/admin', page: 'pages/admin/AdminDashboardPage.tsx' },
  { path: '/admin/dashboard', page: 'pages/admin/AdminDashboardPage.tsx' },
  { path: '/login', page: 'pages/auth/LoginPage.tsx' },
  { path: '/signup', page: 'pages/auth/SignupPage.tsx' },
  { path: '/staff-confirmation', page: 'pages/auth/StaffConfirmationPage.tsx' },
  { path: '/reset-password', page: 'pages/auth/ResetPasswordPage.tsx' },
  { path: '/dashboard/requests/:requestId', page: 'pages/request/RequestPage.tsx' },
  { path: '/operator/jobs/:jobId', page: 'pages/operator/OperatorPage.tsx' },
  { path: '/operator/settings', page: 'pages/operator/OperatorPage.tsx' },
  { path: '/operator/earnings', page: 'pages/operator/OperatorPage.tsx' },
  { path: '/operator/queue', page: 'pages/operator/OperatorPage.tsx' },
  { path: '*', page: 'pages/NotFound.tsx' },
];
