// The authorization matrix: every route the API router knows, with the status each kind of caller
// must get. tests/integration/authorization-matrix.test.ts runs every row against the real app and
// fails when the router has a route with no row here.
//
// Placeholders in paths are replaced with fixture ids the matrix test creates:
//   :farmId      a print farm owned by `operator`        :storeId    a store owned by `operator`
//   :storeName   that store's storeName                  :requestId  a print request owned by `customer`
//   :fileId      a project file owned by `customer`      :applicationId  an operator application
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
  /** JSON body sent with the request (state-changing routes). */
  body?: unknown;
}

const all = (status: Expected): Record<Actor, Expected> => ({
  anonymous: status,
  customer: status,
  operator: status,
  otherOperator: status,
  staff: status,
});

export const ROUTE_ACCESS: RouteAccess[] = [{ method: 'GET', route: '/api/health', expect: all(200) }];

export { all };
