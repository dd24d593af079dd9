// Fuzz of the whole API, generated from its route table and its valibot schemas, so a new route is
// fuzzed without anyone remembering to. Every write route and every route with a path parameter gets
// its base request broken one thing at a time (requestPlan.ts), sent by each kind of caller; the tus
// endpoint gets its own malformed requests. Requests the API must refuse come first, between two
// snapshots of every table; then come well-formed requests at the schemas' limits, which may write.
//   - no answer is a 5xx, and every 4xx is JSON with a message;
//   - every malformed request is refused (4xx, or a redirect to sign in first), and together they
//     write nothing: no row added, removed or changed in any table. No table is left out: sign-ins
//     happen before the first snapshot, a session is refreshed at most hourly, rate limits count in
//     Redis (and are off here), and the outbox relay has published everything recorded before it;
//   - /api/health is ok at the end.
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../../ops/fixtures/auth.ts';
import {
  createAccessFixtures,
  createActorUsers,
  readAppRouter,
  signInActor,
} from '../support/accessFixtures.ts';
import { type Actor, ROUTE_ACCESS } from '../support/authz-routes.ts';
import { eventually, useServerSuite } from '../support/server.ts';
import { type Answer, createClient } from './client.ts';
import { type PlannedRequest, RoutePlan, routesUnderTest } from './requestPlan.ts';
import { tableChanges, tableDigests } from './tableDigest.ts';
import { type Finding, Tally } from './tally.ts';
import { tusRequests } from './tusRequests.ts';

// Owners first: the customer owns the print request and its file, the operator the farm, store and job.
const ACTORS: Actor[] = ['customer', 'operator', 'staff', 'anonymous'];
const CONCURRENCY = 8;

// Well-formed requests a route gets at most: those at a limit first (a length or a value at its
// maximum, a huge text, an amount at its column's edge), then the others in order.
const EDGE_CASES_PER_ROUTE = 30;
const AT_A_LIMIT = /max|huge|column|1e308|Infinity|30 digits|int4|accents|injection|extra/;

function atTheLimits(requests: PlannedRequest[]): PlannedRequest[] {
  const byRoute = Map.groupBy(requests, (request) => `${request.route} ${request.actor}`);
  return [...byRoute.values()].flatMap((group) =>
    [
      ...group.filter((r) => AT_A_LIMIT.test(r.label)),
      ...group.filter((r) => !AT_A_LIMIT.test(r.label)),
    ].slice(0, EDGE_CASES_PER_ROUTE),
  );
}

describe('fuzz', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' } });
  const cookies = {} as Record<Actor, string | undefined>;
  let users: Awaited<ReturnType<typeof createActorUsers>>;
  let plans: RoutePlan[] = [];

  beforeAll(async () => {
    const { prisma } = server.api;
    users = await createActorUsers(prisma);
    // :userId names a user of its own, so a staff role change in the edge cases touches no caller.
    const fixtures = {
      ...(await createAccessFixtures(prisma, users)),
      userId: (await createUser(prisma)).id,
    };
    for (const actor of ACTORS) cookies[actor] = await signInActor(server.api.url, users, actor);
    const routes = await readAppRouter((router) => routesUnderTest(router.stack, ROUTE_ACCESS));
    plans = routes.map((route) => new RoutePlan(route, fixtures));
  });

  it('answers malformed requests with a 4xx and a message, writes nothing and stays healthy', async () => {
    const { prisma } = server.api;
    const started = Date.now();
    const client = createClient(server.api.url, CONCURRENCY);
    const tally = new Tally();
    const sendAll = <T extends PlannedRequest>(
      requests: readonly T[],
      onAnswer: (request: T, answer: Answer) => void = (request, answer) => tally.record(request, answer),
    ) => client.sendAll(requests, (request) => ({ ...request, cookie: cookies[request.actor] }), onAnswer);

    await eventually(async () => (await prisma.outboxEvent.count({ where: { publishedAt: null } })) === 0);
    const before = await tableDigests(prisma);

    // Which callers get past each route's guards (RoutePlan.probe). The first of them in ACTORS' order
    // is the route's main caller and sends every variant; the others send a few, to be refused cleanly.
    const reaching = new Map<string, Actor[]>();
    const probed = new Set<string>();
    const probes = plans.flatMap((plan) =>
      ACTORS.flatMap((actor) => {
        const probe = plan.probe(actor);
        if (probe) probed.add(plan.route.key);
        return probe ? [{ ...probe.request, reached: probe.reached }] : [];
      }),
    );
    await sendAll(probes, (probe, answer) => {
      tally.record(probe, answer);
      if (probe.reached(answer.status))
        reaching.set(probe.route, [...(reaching.get(probe.route) ?? []), probe.actor]);
    });
    const mainCaller = (plan: RoutePlan) =>
      ACTORS.find((actor) => !probed.has(plan.route.key) || reaching.get(plan.route.key)?.includes(actor));
    const planned = plans.flatMap((plan) =>
      ACTORS.flatMap((actor) =>
        actor === mainCaller(plan)
          ? [
              ...plan.fieldRequests(actor),
              ...plan.queryRequests(actor),
              ...plan.bodyRequests(actor, false),
              ...plan.pathRequests(actor, false),
            ]
          : [...plan.bodyRequests(actor, true), ...plan.pathRequests(actor, true)],
      ),
    );
    const tus = tusRequests().flatMap((request) =>
      (['anonymous', 'customer'] as const).map(
        (actor): PlannedRequest => ({
          ...request,
          route: `tus ${request.method} /api/uploads`,
          actor,
          malformed: true,
        }),
      ),
    );

    await sendAll([...planned.filter((request) => request.malformed), ...tus]);
    const after = await tableDigests(prisma);
    const malformed = { sent: tally.sent, seconds: (Date.now() - started) / 1000 };

    // Well-formed requests at the limits may write, one route at a time. One that signs in (or up, or
    // out) replaces its caller's session, so that caller signs in again before the next route.
    const edgeCases = atTheLimits(planned.filter((request) => !request.malformed));
    for (const group of Map.groupBy(edgeCases, (request) => request.route).values()) {
      const resigned = new Set<Actor>();
      await sendAll(group, (request, answer) => {
        tally.record(request, answer);
        if (answer.setsCookie) resigned.add(request.actor);
      });
      for (const actor of resigned) cookies[actor] = await signInActor(server.api.url, users, actor);
    }
    client.close();

    const health = await fetch(`${server.api.url}/api/health`);
    const healthBody = (await health.json()) as { status?: string };
    console.log(tally.summary((Date.now() - started) / 1000, malformed, plans.length));

    const first = (list: Finding[]) => list.slice(0, 15);
    expect({
      'answers with a 5xx': first(tally.serverErrors),
      '4xx answers without a JSON message': first(tally.noMessage),
      'requests with no answer': first(tally.noAnswer),
      'malformed requests answered 2xx': first(tally.accepted),
      'tables the malformed requests wrote to': tableChanges(before, after),
      'routes with a schema whose validation no caller reached': plans
        .filter((plan) => plan.route.inputs.length > 0 && !mainCaller(plan))
        .map((plan) => plan.route.key),
    }).toEqual({
      'answers with a 5xx': [],
      '4xx answers without a JSON message': [],
      'requests with no answer': [],
      'malformed requests answered 2xx': [],
      'tables the malformed requests wrote to': [],
      'routes with a schema whose validation no caller reached': [],
    });
    expect(malformed.sent).toBeGreaterThanOrEqual(5000);
    expect(health.status).toBe(200);
    expect(healthBody.status).toBe('ok');
  }, 480_000);
});
