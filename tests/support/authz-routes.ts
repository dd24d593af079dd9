// The authorization matrix: every route the API router knows, with the status each kind of caller
// must get. tests/integration/authorization-matrix.test.ts runs every row against the real app and
// fails when the router has a route with no row here.
//
// Placeholders in paths are replaced with fixture ids the matrix test creates:
//   :farmId      a print farm owned by `operator`        :storeId    a store owned by `operator`
//   :storeName   that store's storeName                  :requestId  a print request owned by `customer`
//   :fileId      a project file owned by `customer`      :applicationId  an operator application
//   :offerId     an offer on that request                :jobId      its delivered job at `operator`'s farm
//   :orderId     an order in `operator`'s store          :productId  a product in `operator`'s store
// Callers: anonymous (no session), customer, operator (owns the fixtures above), otherOperator (an
// operator who owns nothing of them), staff. A status list means any of them is right (e.g. a public
// POST that may answer 201 or 400 for the fixture body).

export type Actor = 'anonymous' | 'customer' | 'operator' | 'otherOperator' | 'staff';

export type Expected = number | readonly number[];

export interface RouteAccess {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The path exactly as registered in the router (with :params). */
  route: string;
  expect: Record<Actor, Expected>;
  /** JSON body sent with the request (state-changing routes); a string ':name' is that fixture's id. */
  body?: unknown;
  /** The concrete path to call when `route` has a wildcard (e.g. `{*rest}`); placeholders as above. */
  path?: string;
  /** The call ends the caller's session: the matrix signs the caller in again afterwards. */
  signsOut?: boolean;
  /** Served by app middleware (e.g. the tus endpoint), not by a router route: not looked up in the router. */
  outsideRouter?: boolean;
}

const all = (status: Expected): Record<Actor, Expected> => ({
  anonymous: status,
  customer: status,
  operator: status,
  otherOperator: status,
  staff: status,
});

const staffOnly: Record<Actor, Expected> = {
  anonymous: 401,
  customer: 403,
  operator: 403,
  otherOperator: 403,
  staff: 200,
};
const signedIn: Record<Actor, Expected> = { ...all(200), anonymous: 401 };
/** A store's admin calls: its owner and staff get `ok`; anyone else is told it does not exist. */
const storeAdmin = (ok: Expected): Record<Actor, Expected> => ({
  anonymous: 401,
  customer: 404,
  operator: ok,
  otherOperator: 404,
  staff: ok,
});

/** The operator area: the owning operator and staff get `ok`; another operator is told it does not exist. */
const operatorArea = (ok: Expected): Record<Actor, Expected> => ({
  anonymous: 401,
  customer: 403,
  operator: ok,
  otherOperator: 404,
  staff: ok,
});

export const ROUTE_ACCESS: RouteAccess[] = [
  { method: 'GET', route: '/api/health', expect: all(200) },
  { method: 'GET', route: '/api/health/ready', expect: all(200) },
  // Accounts and sessions (issue 3). The matrix runs with RATE_LIMIT_DISABLED=true.
  { method: 'GET', route: '/api/auth/user', expect: { ...all(200), anonymous: 401 } },
  { method: 'GET', route: '/api/auth/providers', expect: all(200) },
  { method: 'POST', route: '/api/auth/register', expect: all(400), body: {} },
  { method: 'POST', route: '/api/auth/login', expect: all(400), body: {} },
  {
    method: 'POST',
    route: '/api/auth/staff-confirmation',
    expect: { ...all(400), anonymous: 401 },
    body: {},
  },
  { method: 'POST', route: '/api/auth/password-reset', expect: all(400), body: {} },
  { method: 'POST', route: '/api/auth/password-reset/confirm', expect: all(400), body: {} },
  { method: 'POST', route: '/api/auth/logout', expect: all(204), signsOut: true },
  { method: 'GET', route: '/api/login', expect: all(302) },
  { method: 'GET', route: '/api/logout', expect: all(302), signsOut: true },
  { method: 'GET', route: '/api/auth/oidc/callback', expect: all(302) },
  // Queue dashboard (bull-board), staff only; unknown dashboard paths answer staff with 404.
  { method: 'GET', route: '/api/admin/queues', expect: { ...all(403), anonymous: 401, staff: 200 } },
  {
    method: 'GET',
    route: '/api/admin/queues/{*rest}',
    path: '/api/admin/queues/api/queues',
    expect: { ...all(403), anonymous: 401, staff: 200 },
  },
  ...(['PUT', 'PATCH', 'POST'] as const).map(
    (method): RouteAccess => ({
      method,
      route: '/api/admin/queues/{*rest}',
      path: '/api/admin/queues/api/no-such-action',
      expect: { ...all(403), anonymous: 401, staff: 404 },
      body: {},
    }),
  ),
  // Staff network tools: nodes, settings, user roles
  { method: 'GET', route: '/api/admin/nodes', expect: staffOnly },
  { method: 'PATCH', route: '/api/admin/nodes/:farmId', expect: staffOnly, body: { isActive: true } },
  { method: 'GET', route: '/api/admin/settings', expect: staffOnly },
  {
    method: 'PUT',
    route: '/api/admin/settings/:key',
    expect: { ...staffOnly, staff: 400 },
    body: { companyName: '' },
  },
  { method: 'GET', route: '/api/admin/users', expect: staffOnly },
  // :userId is no fixture, so staff are told no such user exists.
  {
    method: 'PATCH',
    route: '/api/admin/users/:userId',
    expect: { ...staffOnly, staff: 404 },
    body: { role: 'customer' },
  },
  // Print farms (issue 4)
  { method: 'POST', route: '/api/print-farms/signup', expect: all(400), body: {} },
  { method: 'GET', route: '/api/print-farms', expect: all(200) },
  { method: 'GET', route: '/api/print-farms/markers', expect: all(200) },
  // Public: whether marker 1 is an active farm depends on what else the run created.
  {
    method: 'GET',
    route: '/api/print-farms/markers/:markerId',
    path: '/api/print-farms/markers/1',
    expect: all([200, 404]),
  },
  { method: 'GET', route: '/api/stats', expect: all(200) },
  // Anonymous callers are sent to sign in; signed-in callers without a token get a 400.
  { method: 'GET', route: '/api/print-farms/claim', expect: { ...all(400), anonymous: 302 } },
  { method: 'GET', route: '/api/my/print-farms', expect: signedIn },
  { method: 'GET', route: '/api/admin/print-farms', expect: staffOnly },
  {
    method: 'PUT',
    route: '/api/admin/print-farms/:farmId',
    expect: staffOnly,
    body: { description: 'Checked by staff' },
  },
  // Operator applications and the blog newsletter (issue 6)
  { method: 'POST', route: '/api/applications', expect: all([400, 429]), body: {} },
  { method: 'GET', route: '/api/applications', expect: staffOnly },
  {
    method: 'PATCH',
    route: '/api/applications/:applicationId',
    expect: staffOnly,
    body: { status: 'Contacted', notes: 'Called by staff' },
  },
  { method: 'POST', route: '/api/newsletter/subscribe', expect: all([400, 429]), body: {} },
  { method: 'GET', route: '/api/newsletter/confirm', expect: all(302) },
  // Stores, checkout and store admin (issue 7)
  { method: 'GET', route: '/api/public/store/:storeName', expect: all(200) },
  { method: 'GET', route: '/api/public/store/:storeName/products', expect: all(200) },
  { method: 'POST', route: '/api/stores/:storeId/orders', expect: all([400, 429]), body: {} },
  { method: 'POST', route: '/api/stores/:storeId/custom-orders', expect: all([400, 429]), body: {} },
  { method: 'GET', route: '/api/my/stores', expect: signedIn },
  { method: 'GET', route: '/api/stores/by-name/:storeName', expect: storeAdmin(200) },
  {
    method: 'PATCH',
    route: '/api/stores/:storeId',
    expect: storeAdmin(200),
    body: { displayName: 'Matrix Store' },
  },
  { method: 'GET', route: '/api/stores/:storeId/products', expect: storeAdmin(200) },
  {
    method: 'POST',
    route: '/api/stores/:storeId/products',
    expect: storeAdmin(201),
    body: { name: 'Matrix Part', price: '5.00', stockQuantity: 1 },
  },
  {
    method: 'PATCH',
    route: '/api/stores/:storeId/products/:productId',
    expect: storeAdmin([200, 404]),
    body: { stockQuantity: 3 },
  },
  { method: 'DELETE', route: '/api/stores/:storeId/products/:productId', expect: storeAdmin([200, 404]) },
  { method: 'GET', route: '/api/stores/:storeId/orders', expect: storeAdmin(200) },
  // A pending order cannot jump to delivered: the owner and staff get 409, so the fixture stays as it is.
  {
    method: 'PATCH',
    route: '/api/stores/:storeId/orders/:orderId',
    expect: storeAdmin(409),
    body: { status: 'delivered' },
  },
  // Issue 16: the confirmation page opens only with the order's signed link (none here: 403), a
  // store's own shipping rules (the network's fees again, so other rows see no change) and its
  // custom order requests (a request id that names none: 404 for those who may look).
  { method: 'GET', route: '/api/orders/:orderId', expect: all(403) },
  { method: 'GET', route: '/api/public/products', expect: all(200) },
  {
    method: 'PUT',
    route: '/api/stores/:storeId/shipping',
    expect: storeAdmin(200),
    body: {
      standard: { fee: '0' },
      expedited: { offered: true, fee: '9.99' },
      overnight: { offered: true, fee: '24.99' },
    },
  },
  { method: 'GET', route: '/api/stores/:storeId/custom-orders', expect: storeAdmin(200) },
  {
    method: 'PATCH',
    route: '/api/stores/:storeId/custom-orders/:requestId',
    path: '/api/stores/:storeId/custom-orders/00000000-0000-4000-8000-000000000000',
    expect: storeAdmin(404),
    body: { status: 'contacted' },
  },
  // Uploads, project files, print requests, profile and support (issue 5). Customers own :requestId
  // and :fileId; staff may read but not delete them. The fixture file may have no bytes on disk (404).
  { method: 'POST', route: '/api/objects/upload', expect: signedIn },
  { method: 'GET', route: '/api/project-files', expect: signedIn },
  {
    method: 'GET',
    route: '/api/project-files/:fileId/download',
    expect: { ...all(404), anonymous: 401, customer: [200, 404], staff: [200, 404] },
  },
  { method: 'GET', route: '/api/print-requests', expect: signedIn },
  {
    method: 'GET',
    route: '/api/print-requests/:requestId',
    expect: { ...all(404), anonymous: 401, customer: 200, staff: 200 },
  },
  // Choices, quotes and offers (issue 10): the fixture request is the customer's, with one file not yet
  // analysed and a delivered job at the operator's farm, so actions that need another state answer 409.
  {
    method: 'PATCH',
    route: '/api/print-requests/:requestId',
    expect: { ...all(404), anonymous: 401, customer: [200, 409] },
    body: { color: 'Red' },
  },
  {
    method: 'POST',
    route: '/api/print-requests/:requestId/submit',
    expect: { ...all(404), anonymous: 401, customer: [400, 409] },
  },
  {
    method: 'GET',
    route: '/api/print-requests/:requestId/offers',
    expect: { ...all(404), anonymous: 401, customer: 200, staff: 200 },
  },
  {
    method: 'POST',
    route: '/api/print-requests/:requestId/offers/:offerId/accept',
    expect: { ...all(404), anonymous: 401, customer: 409 },
  },
  {
    method: 'POST',
    route: '/api/print-requests/:requestId/counter/accept',
    expect: { ...all(404), anonymous: 401, customer: 409 },
  },
  {
    method: 'POST',
    route: '/api/print-requests/:requestId/counter/refuse',
    expect: { ...all(404), anonymous: 401, customer: 409 },
  },
  {
    method: 'POST',
    route: '/api/print-requests/:requestId/rating',
    expect: { ...all(404), anonymous: 401, customer: 409 },
    body: { quality: 5, communication: 4, timeliness: 5 },
  },
  {
    method: 'POST',
    route: '/api/print-requests/:requestId/cancel',
    expect: { ...all(404), anonymous: 401, customer: [200, 409] },
    body: {},
  },
  // The fixture request may be of any status: a copy (201) or 'not yet' (409); only its owner may ask.
  {
    method: 'POST',
    route: '/api/print-requests/:requestId/again',
    expect: { ...all(404), anonymous: 401, customer: [201, 409] },
    body: {},
  },
  { method: 'GET', route: '/api/print-farms/offerings', expect: all(200) },
  { method: 'GET', route: '/api/print-farms/signup', expect: all(200) },
  { method: 'GET', route: '/api/admin/estimator', expect: staffOnly },
  // The operator area (issue 11): operators see their own farm's jobs (another farm's job is 404),
  // staff any; customers are not operators (403). The fixture job is delivered, so answers are 409.
  { method: 'GET', route: '/api/operator/jobs', expect: { ...operatorArea(200), otherOperator: 200 } },
  { method: 'GET', route: '/api/operator/summary', expect: { ...operatorArea(200), otherOperator: 200 } },
  { method: 'GET', route: '/api/operator/jobs/:jobId', expect: operatorArea(200) },
  { method: 'POST', route: '/api/operator/jobs/:jobId/accept', expect: operatorArea(409) },
  {
    method: 'POST',
    route: '/api/operator/jobs/:jobId/decline',
    expect: operatorArea(409),
    body: { reason: 'Out of PETG' },
  },
  {
    method: 'POST',
    route: '/api/operator/jobs/:jobId/counter',
    expect: operatorArea(409),
    body: { price: '30.00' },
  },
  { method: 'POST', route: '/api/operator/jobs/:jobId/start', expect: operatorArea(409) },
  {
    method: 'POST',
    route: '/api/operator/jobs/:jobId/progress',
    expect: operatorArea(409),
    body: { percent: 50 },
  },
  {
    method: 'POST',
    route: '/api/operator/jobs/:jobId/ship',
    expect: operatorArea(409),
    body: { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
  },
  { method: 'POST', route: '/api/operator/jobs/:jobId/deliver', expect: operatorArea(409) },
  {
    method: 'GET',
    route: '/api/operator/farm',
    path: '/api/operator/farm?farmId=:farmId',
    expect: operatorArea(200),
  },
  {
    method: 'PUT',
    route: '/api/operator/farm',
    path: '/api/operator/farm?farmId=:farmId',
    expect: { ...operatorArea(400), otherOperator: 400 },
    body: {},
  },
  {
    method: 'POST',
    route: '/api/operator/farm/ordering-page',
    path: '/api/operator/farm/ordering-page?farmId=:farmId',
    expect: operatorArea(200),
  },
  // The print queue (issue 27): a farm's printers and queue are its operator's and staff's; another
  // operator is told they do not exist. Rows run in order, one caller after the other, so the second of
  // the operator and staff finds the item already moved (409) or the printer already removed (404).
  {
    method: 'GET',
    route: '/api/operator/printers',
    path: '/api/operator/printers?farmId=:farmId',
    expect: operatorArea(200),
  },
  {
    method: 'POST',
    route: '/api/operator/printers',
    path: '/api/operator/printers?farmId=:farmId',
    expect: { ...operatorArea(201), staff: 409 },
    body: { name: 'Matrix added', technology: 'FFF/FDM', brand: 'Prusa', model: 'MK4' },
  },
  {
    method: 'PATCH',
    route: '/api/operator/printers/:printerId',
    path: '/api/operator/printers/:printerId?farmId=:farmId',
    expect: operatorArea(200),
    body: { color: 'Black', material: 'PLA' },
  },
  {
    method: 'DELETE',
    route: '/api/operator/printers/:printerId',
    path: '/api/operator/printers/:sparePrinterId?farmId=:farmId',
    expect: { ...operatorArea(204), staff: 404 },
  },
  {
    method: 'GET',
    route: '/api/operator/queue',
    path: '/api/operator/queue?farmId=:farmId',
    expect: operatorArea(200),
  },
  {
    method: 'PUT',
    route: '/api/operator/queue/order',
    path: '/api/operator/queue/order?farmId=:farmId',
    expect: operatorArea(200),
    body: { itemIds: [':itemId'] },
  },
  {
    method: 'POST',
    route: '/api/operator/queue/:itemId/pin',
    path: '/api/operator/queue/:itemId/pin?farmId=:farmId',
    expect: operatorArea(200),
    body: { printerId: null },
  },
  {
    method: 'POST',
    route: '/api/operator/queue/:itemId/hold',
    path: '/api/operator/queue/:itemId/hold?farmId=:farmId',
    expect: { ...operatorArea(200), staff: 409 },
  },
  {
    method: 'POST',
    route: '/api/operator/queue/:itemId/release',
    path: '/api/operator/queue/:itemId/release?farmId=:farmId',
    expect: { ...operatorArea(200), staff: 409 },
  },
  {
    method: 'POST',
    route: '/api/operator/queue/:itemId/start',
    path: '/api/operator/queue/:itemId/start?farmId=:farmId',
    expect: { ...operatorArea(200), staff: 409 },
    body: { printerId: ':printerId' },
  },
  {
    method: 'POST',
    route: '/api/operator/queue/:itemId/fail',
    path: '/api/operator/queue/:itemId/fail?farmId=:farmId',
    expect: { ...operatorArea(200), staff: 409 },
    body: { reason: 'Spaghetti' },
  },
  {
    method: 'POST',
    route: '/api/operator/queue/:itemId/done',
    path: '/api/operator/queue/:itemId/done?farmId=:farmId',
    expect: operatorArea(409),
  },
  {
    method: 'GET',
    route: '/api/operator/queue/:itemId/gcode',
    path: '/api/operator/queue/:itemId/gcode?farmId=:farmId&printerId=:printerId',
    expect: operatorArea(409),
  },
  {
    method: 'GET',
    route: '/api/operator/queue/:itemId/project.3mf',
    path: '/api/operator/queue/:itemId/project.3mf?farmId=:farmId&printerId=:printerId',
    expect: operatorArea(409),
  },
  { method: 'GET', route: '/api/profile', expect: signedIn },
  { method: 'GET', route: '/api/membership', expect: signedIn },
  {
    method: 'PATCH',
    route: '/api/profile',
    expect: { ...all(400), anonymous: 401 },
    body: { firstName: '' },
  },
  // The dashboard's Support form and, for anyone, the Contact Us page (issue 16).
  { method: 'POST', route: '/api/support', expect: all(400), body: {} },
  // Owner only; after the owner's call the fixture is gone, so a later run may see 404.
  {
    method: 'DELETE',
    route: '/api/project-files/:fileId',
    expect: { ...all(404), anonymous: 401, customer: [204, 404] },
  },
  // Stripe's webhook (issue 24) needs no session: Stripe's signature is its credential. The matrix runs
  // without Stripe keys, so it answers 404 to everyone (with keys, an unsigned call gets 400).
  // Money (issue 24): earnings and payout statements are the operator's own; claims are the
  // customer's (the fixture request was delivered before claims windows existed, so it has none open).
  {
    method: 'GET',
    route: '/api/operator/earnings',
    expect: { ...operatorArea(200), otherOperator: 200 },
  },
  // A payment's card page is the payer's own (a signed-in customer, or a shopper by the order link);
  // anyone else, like a payment that does not exist, is told there is no such payment.
  {
    method: 'POST',
    route: '/api/payments/:paymentId/checkout',
    path: '/api/payments/00000000-0000-4000-8000-000000000000/checkout',
    expect: all(404),
    body: {},
  },
  // Setting up Stripe payouts is the owner's own (staff never hold a farm's bank details); without a farm
  // or store named the answer is 400, and another's farm is 404 (tests/integration/stripe-payouts).
  {
    method: 'POST',
    route: '/api/operator/payouts/stripe',
    expect: { ...operatorArea(400), otherOperator: 400, staff: 403 },
    body: {},
  },
  {
    method: 'GET',
    route: '/api/operator/payouts/:payoutId/statement.csv',
    path: '/api/operator/payouts/00000000-0000-4000-8000-000000000000/statement.csv',
    expect: { ...operatorArea(404) },
  },
  {
    method: 'POST',
    route: '/api/print-requests/:requestId/claim',
    expect: { ...all(404), anonymous: 401, customer: 409 },
    body: { reason: 'damaged', details: 'The part arrived cracked in two' },
  },
  {
    method: 'POST',
    route: '/api/print-requests/:requestId/claim/dispute',
    expect: { ...all(404), anonymous: 401 },
    body: { reason: 'The reprint never arrived at all' },
  },
  {
    method: 'POST',
    route: '/api/operator/jobs/:jobId/claim',
    expect: operatorArea(404),
    body: { resolution: 'reprint' },
  },
  {
    method: 'POST',
    route: '/api/admin/claims/:claimId/decide',
    path: '/api/admin/claims/00000000-0000-4000-8000-000000000000/decide',
    expect: { ...staffOnly, staff: 404 },
    body: { refundCents: 0, answer: 'No refund is due' },
  },
  {
    method: 'GET',
    route: '/api/claims/:claimId/photos/:photoId',
    path: '/api/claims/00000000-0000-4000-8000-000000000000/photos/00000000-0000-4000-8000-000000000000',
    expect: { ...all(404), anonymous: 401 },
  },
  { method: 'POST', route: '/api/payments/stripe/webhook', expect: all(404), body: {} },
  // Staff's money desk and ledger (issue 24). Ids that name no payment or payout: staff get 404; an
  // empty statement matches nothing.
  { method: 'GET', route: '/api/admin/payments', expect: staffOnly },
  {
    method: 'POST',
    route: '/api/admin/payments/reconcile',
    expect: staffOnly,
    body: { csv: 'Date,Amount,Description\n' },
  },
  {
    method: 'POST',
    route: '/api/admin/payments/:paymentId/received',
    path: '/api/admin/payments/00000000-0000-4000-8000-000000000000/received',
    expect: { ...staffOnly, staff: 404 },
    body: { amountCents: 100, reference: 'MATRIX-1' },
  },
  { method: 'GET', route: '/api/admin/ledger/trial-balance', expect: staffOnly },
  { method: 'GET', route: '/api/admin/ledger/accounts', expect: staffOnly },
  {
    method: 'POST',
    route: '/api/admin/payouts/:payoutId/sent',
    path: '/api/admin/payouts/00000000-0000-4000-8000-000000000000/sent',
    expect: { ...staffOnly, staff: 404 },
  },
  {
    method: 'POST',
    route: '/api/admin/refunds/:refundId/sent',
    path: '/api/admin/refunds/00000000-0000-4000-8000-000000000000/sent',
    expect: { ...staffOnly, staff: 404 },
    body: { reference: 'MATRIX-1' },
  },
  {
    method: 'GET',
    route: '/api/admin/payouts/:payoutId/statement.csv',
    path: '/api/admin/payouts/00000000-0000-4000-8000-000000000000/statement.csv',
    expect: { ...staffOnly, staff: 404 },
  },
  // The tus endpoint is Koa middleware, not a router route: signed-in callers reach @tus/server, which
  // wants its Tus-Resumable header (412); unknown or someone else's uploads answer 404.
  {
    method: 'POST',
    route: '/api/uploads',
    outsideRouter: true,
    expect: { ...all(412), anonymous: 401 },
    body: {},
  },
  { method: 'GET', route: '/api/uploads', outsideRouter: true, expect: { ...all(405), anonymous: 401 } },
  {
    method: 'PATCH',
    route: '/api/uploads/:uploadId',
    outsideRouter: true,
    path: '/api/uploads/no-such-upload',
    expect: { ...all(404), anonymous: 401 },
    body: {},
  },
  {
    method: 'DELETE',
    route: '/api/uploads/:uploadId',
    outsideRouter: true,
    path: '/api/uploads/no-such-upload',
    expect: { ...all(404), anonymous: 401 },
  },
];

export { all };
