// Answers that are someone's own or change from one moment to the next carry `Cache-Control: no-store`
// (api/src/http/noStore.ts), errors included, so no browser or proxy cache keeps them: a customer's
// request and its actions, the operator's job, queue and farm, sign-in, the health checks, and the
// redirects a link in an e-mail opens.
import { describe, expect, it } from 'vitest';
import { type Operator, routingKit } from '../support/routing.ts';
import { useServerSuite } from '../support/server.ts';

describe('no-store on personal and live answers', () => {
  const server = useServerSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true' },
    workers: { env: { SLICER_PATH: '/nonexistent/prusa-slicer' } },
  });
  const kit = routingKit(server);

  async function cacheControl(
    path: string,
    { cookie = '', method = 'GET', body }: { cookie?: string; method?: string; body?: unknown } = {},
  ): Promise<{ status: number; cacheControl: string | null }> {
    const response = await fetch(kit.url(path), {
      method,
      redirect: 'manual',
      headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    await response.arrayBuffer();
    return { status: response.status, cacheControl: response.headers.get('cache-control') };
  }

  it('is sent by every route that answers with a request, a job, the queue or the farm', {
    timeout: 60_000,
  }, async () => {
    const [farm] = (await kit.rankedFarms(1)) as [Operator];
    const { request, job } = await kit.order(farm);
    const customer = { cookie: kit.cookie };
    const operator = { cookie: farm.cookie };
    const missing = '00000000-0000-4000-8000-000000000000';
    const calls: [string, Parameters<typeof cacheControl>[1], number][] = [
      [`/api/print-requests/${request.id}`, customer, 200],
      [`/api/print-requests/${missing}`, customer, 404],
      [`/api/print-requests/${request.id}/submit`, { ...customer, method: 'POST' }, 409],
      [`/api/operator/jobs/${job.id}`, operator, 200],
      [`/api/operator/jobs/${job.id}/accept`, { ...operator, method: 'POST' }, 200],
      [`/api/operator/queue`, operator, 200],
      [`/api/operator/farm`, operator, 200],
      [`/api/health`, {}, 200],
      [`/api/health/ready`, {}, 200],
      [`/api/login`, {}, 302],
      [`/api/newsletter/confirm?token=nothing`, {}, 302],
      [
        `/api/auth/login`,
        { method: 'POST', body: { email: kit.customer.email, password: kit.customer.password } },
        200,
      ],
    ];
    for (const [path, options, status] of calls) {
      expect(await cacheControl(path, options), path).toEqual({ status, cacheControl: 'no-store' });
    }
  });
});
