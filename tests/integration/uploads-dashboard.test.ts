// The dashboard's other calls: Settings (GET/PATCH /api/profile) and Support (POST /api/support),
// which stores the message and e-mails every staff address once.
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn, type TestUser } from '../../ops/fixtures/auth.ts';
import { useServerSuite } from '../support/server.ts';

describe('dashboard profile and support', () => {
  const server = useServerSuite({ apiEnv: { STAFF_EMAILS: 'help@printfarm.test' } });
  let customer: TestUser;
  let cookie: string;

  beforeAll(async () => {
    customer = await createUser(server.api.prisma, { firstName: 'Casey', lastName: 'Jones' });
    await createUser(server.api.prisma, { role: 'staff', email: 'staffer@printfarm.test' });
    cookie = await signIn(server.api.url, customer.email, customer.password);
  });

  it('reads and saves name and default shipping address', async () => {
    const before = await fetch(`${server.api.url}/api/profile`, { headers: { cookie } });
    expect(await before.json()).toMatchObject({
      firstName: 'Casey',
      lastName: 'Jones',
      defaultShippingAddress: null,
    });

    const invalid = await fetch(`${server.api.url}/api/profile`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ firstName: '', lastName: 'Jones' }),
    });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as { fields: Record<string, string> }).fields.firstName).toBe(
      'First name is required',
    );

    const saved = await fetch(`${server.api.url}/api/profile`, {
      method: 'PATCH',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        firstName: 'Cas',
        lastName: 'Jones',
        defaultShippingAddress: { street: '1 Main St', city: 'Austin', state: 'TX', zipCode: '78701' },
      }),
    });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({
      firstName: 'Cas',
      defaultShippingAddress: {
        street: '1 Main St',
        city: 'Austin',
        state: 'TX',
        zipCode: '78701',
        country: 'US',
      },
    });
    expect((await fetch(`${server.api.url}/api/profile`)).status).toBe(401);
  });

  it('stores a support message and e-mails each staff address once', async () => {
    // Someone not signed in (the Contact Us page) must say who they are.
    const anonymous = await fetch(`${server.api.url}/api/support`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'Hi', message: 'Hello' }),
    });
    expect(anonymous.status).toBe(400);
    expect(((await anonymous.json()) as { fields: Record<string, string> }).fields).toEqual({
      name: 'Name is required',
      email: 'Valid email is required',
    });

    const empty = await fetch(`${server.api.url}/api/support`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: '', message: '' }),
    });
    expect(empty.status).toBe(400);
    expect(await server.api.prisma.supportMessage.count()).toBe(0);

    const sent = await fetch(`${server.api.url}/api/support`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ subject: 'Quote question', message: 'How long does PETG take?' }),
    });
    expect(sent.status).toBe(201);
    const { id } = (await sent.json()) as { id: string };
    const message = await server.api.prisma.supportMessage.findUniqueOrThrow({ where: { id } });
    expect(message).toMatchObject({ userId: customer.id, email: customer.email, subject: 'Quote question' });
    const emails = await server.api.prisma.outboxEvent.findMany({ where: { job: 'email.send' } });
    const keys = emails.map((event) => (event.payload as { messageKey: string }).messageKey).sort();
    expect(keys).toEqual([`support:${id}:help@printfarm.test`, `support:${id}:staffer@printfarm.test`]);
  });
});
