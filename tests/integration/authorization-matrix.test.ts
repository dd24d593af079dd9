// The authorization matrix: every route the live router knows × every kind of caller gets the
// status tests/support/authz-routes.ts expects. A route without a row (or a row without a route)
// fails the test, so nobody adds an endpoint without saying who may call it.
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestUser } from '../../ops/fixtures/auth.ts';
import {
  createAccessFixtures,
  createActorUsers,
  fillPlaceholders,
  readAppRouter,
  type SignedInActor,
  signInActor,
} from '../support/accessFixtures.ts';
import { type Actor, type Expected, ROUTE_ACCESS, type RouteAccess } from '../support/authz-routes.ts';
import { useServerSuite } from '../support/server.ts';

const ACTORS: Actor[] = ['anonymous', 'customer', 'operator', 'otherOperator', 'staff'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** Every method+path pair the app's router registers (HEAD comes with GET and is not listed). */
function registeredRoutes(): Promise<string[]> {
  return readAppRouter((router) => {
    const routes = new Set<string>();
    for (const layer of router.stack) {
      for (const method of layer.methods) {
        if ((METHODS as readonly string[]).includes(method)) routes.add(`${method} ${String(layer.path)}`);
      }
    }
    return [...routes].sort();
  });
}

const key = (row: Pick<RouteAccess, 'method' | 'route'>) => `${row.method} ${row.route}`;

describe('authorization matrix', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' } });
  let users: Record<SignedInActor, TestUser>;
  const cookies = {} as Record<Actor, string | undefined>;
  let fixtures: Record<string, string> = {};
  /** A body's string that is exactly a placeholder (':itemId') becomes that fixture's id. */
  const fixtureValue = (_key: string, value: unknown) =>
    typeof value === 'string' && /^:[A-Za-z]+$/.test(value) ? (fixtures[value.slice(1)] ?? value) : value;

  async function signInAs(actor: Actor): Promise<void> {
    cookies[actor] = await signInActor(server.api.url, users, actor);
  }

  beforeAll(async () => {
    users = await createActorUsers(server.api.prisma);
    for (const actor of ACTORS) await signInAs(actor);
    fixtures = await createAccessFixtures(server.api.prisma, users);
  });

  it('has a row for every route the router knows, and no row for a route it does not', async () => {
    const routes = await registeredRoutes();
    const rows = ROUTE_ACCESS.map(key);
    const duplicates = rows.filter((row, index) => rows.indexOf(row) !== index);
    expect(duplicates, 'routes listed twice in authz-routes.ts').toEqual([]);
    expect(
      routes.filter((route) => !rows.includes(route)),
      'routes with no row in tests/support/authz-routes.ts',
    ).toEqual([]);
    expect(
      ROUTE_ACCESS.filter((row) => !row.outsideRouter && !routes.includes(key(row))).map(key),
      'rows in authz-routes.ts for routes the router does not have',
    ).toEqual([]);
  });

  it('gives every caller the expected status on every route', async () => {
    const mismatches: string[] = [];
    for (const row of ROUTE_ACCESS) {
      const path = fillPlaceholders(row.path ?? row.route, fixtures);
      for (const actor of ACTORS) {
        const cookie = cookies[actor];
        const headers: Record<string, string> = {};
        if (cookie) headers.cookie = cookie;
        if (row.body !== undefined) headers['content-type'] = 'application/json';
        const response = await fetch(`${server.api.url}${path}`, {
          method: row.method,
          headers,
          redirect: 'manual',
          ...(row.body !== undefined ? { body: JSON.stringify(row.body, fixtureValue) } : {}),
        });
        await response.arrayBuffer();
        const expected: Expected = row.expect[actor];
        const allowed = typeof expected === 'number' ? [expected] : expected;
        if (!allowed.includes(response.status)) {
          mismatches.push(
            `${key(row)} as ${actor}: got ${response.status}, expected ${allowed.join(' or ')}`,
          );
        }
        if (row.signsOut) await signInAs(actor);
      }
    }
    expect(mismatches).toEqual([]);
    // Some 170 routes for five callers, one after the other: past the default 30 s on a busy machine.
  }, 120_000);
});
