// Rate limits on sign-in (per account and per IP) and sign-up, with small limits set through env.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, DEFAULT_PASSWORD } from '../../ops/fixtures/auth.ts';
import { eventually, startApi, type TestApi, useServerSuite } from '../support/server.ts';

function post(api: TestApi, path: string, body: unknown) {
  return fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

async function expectTooMany(response: Response) {
  expect(response.status).toBe(429);
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(await response.json()).toEqual({
    message: `Too many attempts. Please try again in ${retryAfter} seconds.`,
    fields: {},
  });
}

describe('rate limits', () => {
  const server = useServerSuite({
    apiEnv: {
      RATE_LIMIT_SIGNIN_ACCOUNT_POINTS: '3',
      RATE_LIMIT_SIGNIN_IP_POINTS: '8',
      RATE_LIMIT_SIGNUP_IP_POINTS: '2',
    },
  });

  it('limits sign-in attempts per account, even with the right password once it is hit', async () => {
    const user = await createUser(server.api.prisma);
    for (let i = 0; i < 3; i++) {
      expect(
        (await post(server.api, '/api/auth/login', { email: user.email, password: `wrong password ${i}` }))
          .status,
      ).toBe(401);
    }
    await expectTooMany(
      await post(server.api, '/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD }),
    );
    // Another account from the same address is still allowed (until the per-IP limit).
    const other = await createUser(server.api.prisma);
    expect(
      (await post(server.api, '/api/auth/login', { email: other.email, password: DEFAULT_PASSWORD })).status,
    ).toBe(200);
  });

  it('limits failed sign-ins per IP across accounts; successful ones do not count', async () => {
    // 3 failures counted above (the refused 4th attempt and the success did not count); 5 more reach 8.
    const user = await createUser(server.api.prisma);
    for (let i = 0; i < 10; i++) {
      expect(
        (await post(server.api, '/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD })).status,
      ).toBe(200);
    }
    for (let i = 0; i < 5; i++) {
      const response = await post(server.api, '/api/auth/login', {
        email: `nobody-${randomUUID()}@example.test`,
        password: 'whatever password',
      });
      expect(response.status).toBe(401);
    }
    await expectTooMany(
      await post(server.api, '/api/auth/login', {
        email: `nobody-${randomUUID()}@example.test`,
        password: 'x',
      }),
    );
    // Now even a right password from this address waits.
    await expectTooMany(
      await post(server.api, '/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD }),
    );
  });

  it('limits sign-ups per IP', async () => {
    const register = () =>
      post(server.api, '/api/auth/register', {
        email: `new-${randomUUID()}@example.test`,
        password: 'a sturdy passphrase 42',
        firstName: 'A',
        lastName: 'B',
      });
    expect((await register()).status).toBe(201);
    expect((await register()).status).toBe(201);
    await expectTooMany(await register());
  });
});

describe('rate limits switched off for load tests', () => {
  const server = useServerSuite({
    apiEnv: { RATE_LIMIT_DISABLED: 'true', RATE_LIMIT_SIGNIN_ACCOUNT_POINTS: '1' },
  });

  it('never answers 429 when RATE_LIMIT_DISABLED=true', async () => {
    const user = await createUser(server.api.prisma);
    for (let i = 0; i < 4; i++) {
      expect(
        (await post(server.api, '/api/auth/login', { email: user.email, password: `wrong ${i} password` }))
          .status,
      ).toBe(401);
    }
  });
});

describe('rate limits when Redis is unreachable', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({
      redisUrl: 'redis://127.0.0.1:1/0',
      env: { RATE_LIMIT_SIGNIN_ACCOUNT_POINTS: '1' },
    });
  });
  afterAll(async () => {
    await api?.close();
  });

  it('fails open: sign-in still works', async () => {
    const user = await createUser(api.prisma);
    expect(
      (await post(api, '/api/auth/login', { email: user.email, password: 'wrong password!' })).status,
    ).toBe(401);
    expect(
      (await post(api, '/api/auth/login', { email: user.email, password: DEFAULT_PASSWORD })).status,
    ).toBe(200);
  });
});

describe('client addresses behind a proxy', () => {
  const server = useServerSuite({
    apiEnv: { RATE_LIMIT_SIGNUP_IP_POINTS: '2', RATE_LIMIT_SIGNIN_ACCOUNT_POINTS: '3', TRUSTED_PROXIES: '1' },
  });
  const register = (forwardedFor: string) =>
    fetch(`${server.api.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({
        email: `new-${randomUUID()}@example.test`,
        password: 'a sturdy passphrase 42',
        firstName: 'A',
        lastName: 'B',
      }),
    });

  it('believes only the hop the trusted proxy added, not what the client wrote before it', async () => {
    // The limits fail open while Redis (re)connects; count only once the API reports it reachable.
    await eventually(async () => {
      const health = (await (await fetch(`${server.api.url}/api/health`)).json()) as { redis?: string };
      return health.redis === 'ok';
    });
    expect((await register('198.51.100.1, 203.0.113.7')).status).toBe(201);
    expect((await register('198.51.100.2, 203.0.113.7')).status).toBe(201);
    // A new address of its own invention in front changes nothing: the proxy saw 203.0.113.7 again.
    await expectTooMany(await register('198.51.100.3, 203.0.113.7'));
    // Another client behind the same proxy has its own allowance.
    expect((await register('203.0.113.8')).status).toBe(201);
  });

  it('locks an account only for the address that failed, never for a browser that signed in before', async () => {
    const user = await createUser(server.api.prisma);
    const signInFrom = (address: string, password: string, cookie?: string) =>
      fetch(`${server.api.url}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': address,
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify({ email: user.email, password }),
      });
    // The owner signs in from home: the browser becomes trusted for this account.
    const home = await signInFrom('192.0.2.10', DEFAULT_PASSWORD);
    expect(home.status).toBe(200);
    const device = home.headers
      .getSetCookie()
      .filter((line) => line.startsWith('pf.device'))
      .map((line) => line.split(';')[0])
      .join('; ');
    expect(device).toMatch(/^pf\.device=.+; pf\.device\.sig=.+$/);

    // Someone guesses from elsewhere until that address is locked for the account; each failure waits longer.
    const started = Date.now();
    for (let i = 0; i < 3; i++)
      expect((await signInFrom('198.51.100.66', `guess ${i} password`)).status).toBe(401);
    expect(Date.now() - started).toBeGreaterThanOrEqual(125 + 250);
    await expectTooMany(await signInFrom('198.51.100.66', DEFAULT_PASSWORD));

    // The owner is not locked out: not from another address, not from the trusted browser even at the
    // guessing address.
    expect((await signInFrom('203.0.113.20', DEFAULT_PASSWORD)).status).toBe(200);
    expect((await signInFrom('198.51.100.66', DEFAULT_PASSWORD, device)).status).toBe(200);
  });
});
