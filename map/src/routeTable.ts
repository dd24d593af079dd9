// Every screen of the PWA: its path, the page module that renders it (relative to pwa/src; each page is
// its own chunk) and whether the build prerenders it to static HTML. The PWA's App.tsx turns this table
// into routes; its build (pwa/scripts/build.ts) reads it to prerender public pages and to check each
// route's JavaScript budget; the API (api/src/http/spa.ts) reads it to answer a screen's path with 200
// and anything else with 404. Here, beside the map's first frame, because both sides read it: the API
// never imports the PWA. Paths with a parameter are prerendered for the values `prerenderParams` lists
// (see pwa/src/entry-server.tsx).

export interface RouteEntry {
  path: string;
  /** The page module, relative to src/, e.g. 'pages/home/HomePage.tsx'. */
  page: string;
  /**
   * Public pages are prerendered: their HTML paints before any JavaScript has run. So are the customer's
   * dashboard and the operator's inbox, as the frames they show while the session loads.
   */
  prerender?: boolean;
}

export const ROUTES: readonly RouteEntry[] = [
  { path: '/', page: 'pages/home/HomePage.tsx', prerender: true },
  { path: '/print-farms', page: 'pages/network/PrintFarmNetworkPage.tsx', prerender: true },
  { path: '/print-farm-network', page: 'pages/network/PrintFarmNetworkPage.tsx', prerender: true },
  { path: '/privacy-policy', page: 'pages/legal/PrivacyPolicyPage.tsx', prerender: true },
  { path: '/earnings-disclaimer', page: 'pages/legal/EarningsDisclaimerPage.tsx', prerender: true },
  { path: '/opportunity', page: 'pages/opportunity/OpportunityPage.tsx', prerender: true },
  { path: '/profit-calculator', page: 'pages/calculator/ProfitCalculatorPage.tsx', prerender: true },
  { path: '/blog', page: 'pages/blog/BlogPage.tsx', prerender: true },
  { path: '/blog/:articleId', page: 'pages/blog/BlogPage.tsx', prerender: true },
  { path: '/miniature-masters', page: 'pages/demo/MiniatureMasters.tsx', prerender: true },
  { path: '/store/miniature-masters', page: 'pages/demo/MiniatureMasters.tsx', prerender: true },
  { path: '/precision-parts', page: 'pages/demo/PrecisionParts.tsx', prerender: true },
  { path: '/store/precision-parts', page: 'pages/demo/PrecisionParts.tsx', prerender: true },
  { path: '/makers-workshop', page: 'pages/demo/MakersWorkshop.tsx', prerender: true },
  { path: '/store/makers-workshop', page: 'pages/demo/MakersWorkshop.tsx', prerender: true },
  { path: '/products', page: 'pages/products/ProductsPage.tsx', prerender: true },
  { path: '/faq', page: 'pages/faq/FaqPage.tsx', prerender: true },
  { path: '/contact', page: 'pages/contact/ContactPage.tsx', prerender: true },
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
  { path: '/dashboard', page: 'pages/dashboard/DashboardPage.tsx', prerender: true },
  { path: '/dashboard/requests/:requestId', page: 'pages/request/RequestPage.tsx' },
  { path: '/operator', page: 'pages/operator/OperatorPage.tsx', prerender: true },
  { path: '/operator/jobs/:jobId', page: 'pages/operator/OperatorPage.tsx' },
  { path: '/operator/settings', page: 'pages/operator/OperatorPage.tsx' },
  { path: '/operator/earnings', page: 'pages/operator/OperatorPage.tsx' },
  { path: '*', page: 'pages/NotFound.tsx' },
];
