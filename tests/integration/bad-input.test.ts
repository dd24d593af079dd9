// Input a person or a browser would never send: NUL and other control characters, lone UTF-16
// surrogates and broken %-escapes in paths, query strings and JSON bodies (400), unknown HTTP methods
// and tus concatenation (405). Each answer carries a message, never a 500, and nothing is written.
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../ops/fixtures/auth.ts';
import { useServerSuite } from '../support/server.ts';

interface Answer {
  status: number;
  body: { message?: unknown; fields?: Record<string, string> };
}

describe('control characters and broken Unicode', () => {
  const suite = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' } });
  let staffCookie: string;
  let customerCookie: string;
  let storeId: string;
  let productId: string;

  beforeAll(async () => {
    const staff = await createUser(suite.api.prisma, { role: 'staff' });
    const customer = await createUser(suite.api.prisma);
    staffCookie = await signIn(suite.api.url, staff.email);
    customerCookie = await signIn(suite.api.url, customer.email);
    const owner = await createUser(suite.api.prisma, { role: 'operator' });
    const store = await suite.api.prisma.store.create({
      data: {
        userId: owner.id,
        storeName: `text-${randomUUID().slice(0, 8)}`,
        displayName: 'Text Store',
        products: { create: [{ name: 'Knob', price: '5.00', stockQuantity: 5 }] },
      },
      include: { products: true },
    });
    storeId = store.id;
    productId = store.products[0]?.id ?? '';
  });

  async function call(method: string, path: string, body?: unknown, cookie?: string): Promise<Answer> {
    const response = await fetch(`${suite.api.url}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  }

  const counts = async () => {
    const prisma = suite.api.prisma;
    return {
      users: await prisma.user.count(),
      applications: await prisma.application.count(),
      orders: await prisma.order.count(),
      supportMessages: await prisma.supportMessage.count(),
    };
  };

  it('refuses them in paths and query strings before any route runs', async () => {
    for (const [path, cookie] of [
      ['/api/public/store/%00', undefined],
      ['/api/public/store/a%01b/products', undefined],
      ['/api/stores/by-name/%00', customerCookie],
      ['/api/admin/users?search=%00', staffCookie],
      ['/api/admin/users?search=%ED%A0%80', staffCookie],
      ['/api/public/store/%E0%A4%A', undefined],
    ] as const) {
      const answer = await call('GET', path, undefined, cookie);
      expect(answer.status, path).toBe(400);
      expect(answer.body.message, path).toMatch(
        /^The address (contains characters that are not allowed|is not valid)/,
      );
    }
  });

  it('refuses NUL in form text with the field named, and writes nothing', async () => {
    const before = await counts();
    const application = await call('POST', '/api/applications', {
      firstName: 'a\u0000b',
      lastName: 'Lovelace',
      email: `nul-${randomUUID().slice(0, 8)}@example.test`,
      phone: '512-555-0199',
      city: 'Austin',
      state: 'TX',
      experience: 'beginner',
      workspace: 'Garage',
      investment: 'immediate',
    });
    expect(application.status).toBe(400);
    expect(application.body.fields?.firstName).toBe('Must not contain control characters');

    const register = await call('POST', '/api/auth/register', {
      email: `nul-${randomUUID().slice(0, 8)}@example.test`,
      password: 'correct-horse-battery-9',
      firstName: 'Ada\u0007',
      lastName: 'L',
    });
    expect(register.status).toBe(400);
    expect(register.body.fields?.firstName).toBe('Must not contain control characters');
    expect(await counts()).toEqual(before);
  });

  it('refuses lone surrogates in JSON-stored fields', async () => {
    const before = await counts();
    const order = await call('POST', `/api/stores/${storeId}/orders`, {
      customerName: 'Dana',
      customerEmail: 'dana@example.test',
      shippingAddress: { street: '1 Main St\ud800', city: 'Austin', state: 'TX', zipCode: '78701' },
      items: [{ productId, quantity: 1, customizations: { colour: 'red\udfff' } }],
    });
    expect(order.status).toBe(400);
    expect(order.body.fields?.['shippingAddress.street']).toBe('Must be valid Unicode text');

    const support = await call(
      'POST',
      '/api/support',
      { subject: 'Help \ud800', message: 'Please' },
      customerCookie,
    );
    expect(support.status).toBe(400);

    const profile = await call(
      'PATCH',
      '/api/profile',
      {
        firstName: 'Dana',
        lastName: 'Shopper',
        defaultShippingAddress: { street: '1 Main St', city: 'Austin\ud83d', state: 'TX', zipCode: '78701' },
      },
      customerCookie,
    );
    expect(profile.status).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('answers unknown methods and tus concatenation with 405, not 501', async () => {
    const raw = (method: string, path: string) =>
      new Promise<{ status: number; allow: string | undefined; body: string }>((resolve, reject) => {
        const req = request(`${suite.api.url}${path}`, { method }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => {
            body += chunk.toString();
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, allow: res.headers.allow, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const method of ['TRACE', 'PROPFIND', 'MKCOL']) {
      const answer = await raw(method, '/api/health');
      expect(answer.status, method).toBe(405);
      expect(answer.allow).toContain('GET');
      expect(JSON.parse(answer.body)).toEqual({ message: `The method ${method} is not allowed`, fields: {} });
    }
    const concat = await fetch(`${suite.api.url}/api/uploads`, {
      method: 'POST',
      headers: {
        cookie: customerCookie,
        'tus-resumable': '1.0.0',
        'upload-concat': 'partial',
        'upload-length': '10',
      },
    });
    expect(concat.status).toBe(405);
    expect(((await concat.json()) as { message: string }).message).toBe(
      'Uploads cannot be concatenated: send each file as one upload',
    );
  });

  it('answers the tus headers @tus/server checks itself as JSON with a message', async () => {
    const tus = (headers: Record<string, string>) =>
      fetch(`${suite.api.url}/api/uploads`, {
        method: 'POST',
        headers: { cookie: customerCookie, ...headers },
      });
    const cases: [Record<string, string>, number, string][] = [
      [{ 'upload-length': '10' }, 412, 'Tus-Resumable Required'],
      [{ 'tus-resumable': '1.0.0', 'upload-length': '-5' }, 400, 'Invalid upload-length'],
      [{ 'tus-resumable': '0.2.2', 'upload-length': '10' }, 400, 'Invalid tus-resumable'],
    ];
    for (const [headers, status, message] of cases) {
      const answer = await tus(headers);
      expect(answer.status, JSON.stringify(headers)).toBe(status);
      expect(answer.headers.get('content-type')).toContain('application/json');
      expect(((await answer.json()) as { message: string }).message).toBe(message);
    }
  });

  it('answers a request head too large for Node with a JSON 431, not a reset', async () => {
    const answer = await fetch(`${suite.api.url}/api/health?q=${'a'.repeat(100_000)}`);
    expect(answer.status).toBe(431);
    expect(await answer.json()).toEqual({
      message: 'The request line and headers are too large',
      fields: {},
    });
  });
});
