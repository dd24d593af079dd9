// Staff-only calls on operator applications: the list (newest first, with enrichment) and the update.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { useServerSuite } from '../support/server.ts';

describe('staff application calls', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' } });
  let staffCookie: string;
  let customerCookie: string;
  const ids: string[] = [];

  beforeAll(async () => {
    const staff = await createUser(server.api.prisma, { role: 'staff' });
    const customer = await createUser(server.api.prisma, { role: 'customer' });
    staffCookie = await signIn(server.api.url, staff.email, staff.password);
    customerCookie = await signIn(server.api.url, customer.email, customer.password);
    for (const firstName of ['Older', 'Newer']) {
      const response = await fetch(`${server.api.url}/api/applications`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          firstName,
          lastName: 'Prospect',
          email: `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.test`,
          phone: '5125550123',
          city: 'Austin',
          state: 'TX',
        }),
      });
      ids.push(String(((await response.json()) as { id: string }).id));
    }
  });

  const call = (method: string, path: string, cookie?: string, body?: unknown) =>
    fetch(`${server.api.url}${path}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : null,
    });

  it('lists applications newest first with enrichment fields, for staff only', async () => {
    expect((await call('GET', '/api/applications')).status).toBe(401);
    expect((await call('GET', '/api/applications', customerCookie)).status).toBe(403);
    const response = await call('GET', '/api/applications', staffCookie);
    expect(response.status).toBe(200);
    const list = (await response.json()) as Record<string, unknown>[];
    expect(list.map((row) => row.id)).toEqual([ids[1], ids[0]]);
    expect(list[0]).toHaveProperty('leadScore');
    expect(list[0]).toHaveProperty('farmsWithin50Miles');
    expect(list[0]).toHaveProperty('duplicateOfId');
  });

  it('lets staff set any status and notes; others may not; unknown ids are 404', async () => {
    const path = `/api/applications/${ids[0]}`;
    expect((await call('PATCH', path, undefined, { status: 'Won' })).status).toBe(401);
    expect((await call('PATCH', path, customerCookie, { status: 'Won' })).status).toBe(403);

    const bad = await call('PATCH', path, staffCookie, { status: 'Maybe' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.status).toBe('Choose a status');

    const saved = await call('PATCH', path, staffCookie, { status: 'Demo', notes: 'Demo booked Friday' });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ id: ids[0], status: 'Demo', notes: 'Demo booked Friday' });
    const back = await call('PATCH', path, staffCookie, { status: 'New' });
    expect(await back.json()).toMatchObject({ status: 'New', notes: 'Demo booked Friday' });

    expect(
      (await call('PATCH', `/api/applications/${randomUUID()}`, staffCookie, { status: 'Won' })).status,
    ).toBe(404);
    expect((await call('PATCH', '/api/applications/not-a-uuid', staffCookie, { status: 'Won' })).status).toBe(
      404,
    );
  });
});
