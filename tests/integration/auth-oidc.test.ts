// OpenID Connect sign-in against a tiny in-process identity provider (discovery, JWKS, token endpoint
// issuing an RS256-signed ID token): the flow from GET /api/login to a signed-in session.
import { createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeaderFrom, createUser, signIn } from '../../ops/fixtures/auth.ts';
import { startApi, type TestApi } from '../support/server.ts';

const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...publicKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function signJwt(claims: Record<string, unknown>): string {
  const body = `${b64({ alg: 'RS256', typ: 'JWT', kid: 'test-key' })}.${b64(claims)}`;
  const signature = createSign('RSA-SHA256').update(body).sign(privateKey).toString('base64url');
  return `${body}.${signature}`;
}

interface Grant {
  nonce: string;
  claims: Record<string, unknown>;
}

function startProvider(): Promise<{ issuer: string; grants: Map<string, Grant>; server: Server }> {
  const grants = new Map<string, Grant>();
  let issuer = '';
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/.well-known/openid-configuration') {
      json(200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post'],
      });
      return;
    }
    if (url.pathname === '/jwks') {
      json(200, { keys: [jwk] });
      return;
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      let raw = '';
      req.on('data', (chunk) => {
        raw += chunk;
      });
      req.on('end', () => {
        const form = new URLSearchParams(raw);
        const grant = grants.get(form.get('code') ?? '');
        if (!grant || form.get('client_secret') !== 'shh' || !form.get('code_verifier')) {
          json(400, { error: 'invalid_grant' });
          return;
        }
        const now = Math.floor(Date.now() / 1000);
        json(200, {
          access_token: randomUUID(),
          token_type: 'Bearer',
          expires_in: 300,
          id_token: signJwt({
            iss: issuer,
            aud: 'printfarm',
            iat: now,
            exp: now + 300,
            nonce: grant.nonce,
            ...grant.claims,
          }),
        });
      });
      return;
    }
    json(404, { error: 'not_found' });
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({ issuer, grants, server });
    });
  });
}

const UNVERIFIED_STAFF = 'desk.unverified@printfarm.test';
const VERIFIED_STAFF = 'desk.verified@printfarm.test';
const PASSWORD_STAFF = 'desk.password@printfarm.test';

describe('OpenID Connect sign-in', () => {
  let api: TestApi;
  let provider: Awaited<ReturnType<typeof startProvider>>;

  beforeAll(async () => {
    provider = await startProvider();
    api = await startApi({
      env: {
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: 'printfarm',
        OIDC_CLIENT_SECRET: 'shh',
        STAFF_EMAILS: [UNVERIFIED_STAFF, VERIFIED_STAFF, PASSWORD_STAFF].join(','),
      },
    });
  });
  afterAll(async () => {
    await api?.close();
    await new Promise((resolve) => provider?.server.close(resolve));
  });

  /** GET /api/login → provider; the provider "approves" with these claims; the callback signs in. */
  async function signInWithProvider(claims: Record<string, unknown>, next = '/dashboard') {
    const start = await fetch(`${api.url}/api/login?next=${encodeURIComponent(next)}`, {
      redirect: 'manual',
    });
    expect(start.status).toBe(302);
    const authorize = new URL(start.headers.get('location') ?? '');
    expect(authorize.origin + authorize.pathname).toBe(`${provider.issuer}/authorize`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('client_id')).toBe('printfarm');
    const pending = cookieHeaderFrom(start);
    const code = randomUUID();
    provider.grants.set(code, { nonce: authorize.searchParams.get('nonce') ?? '', claims });
    const state = authorize.searchParams.get('state') ?? '';
    const callback = await fetch(`${api.url}/api/auth/oidc/callback?code=${code}&state=${state}`, {
      headers: { cookie: pending },
      redirect: 'manual',
    });
    return { callback, pending };
  }

  it('offers single sign-on and signs a new user in, keeping next', async () => {
    const providers = await (await fetch(`${api.url}/api/auth/providers`)).json();
    expect(providers).toEqual({ password: true, oidc: true });
    const { callback, pending } = await signInWithProvider(
      {
        sub: 'user-1',
        email: 'Oidc.User@Example.test',
        email_verified: true,
        given_name: 'Olga',
        family_name: 'Id',
      },
      '/dashboard?tab=files',
    );
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/dashboard?tab=files');
    const cookie = cookieHeaderFrom(callback);
    expect(cookie).not.toBe(pending); // a new session id at sign-in
    const me = await fetch(`${api.url}/api/auth/user`, { headers: { cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({
      email: 'oidc.user@example.test',
      firstName: 'Olga',
      role: 'customer',
    });
    const row = await api.prisma.user.findUniqueOrThrow({ where: { email: 'oidc.user@example.test' } });
    expect(row.authSubject).toBe(`${provider.issuer}|user-1`);
  });

  it('links an existing account by e-mail, then by subject', async () => {
    const existing = await createUser(api.prisma, { firstName: 'Pat' });
    // Whoever registered the address with a password (sign-up proves nothing about it) is signed in.
    const before = await signIn(api.url, existing.email, existing.password);
    const first = await signInWithProvider({ sub: 'user-2', email: existing.email, email_verified: true });
    const cookie = cookieHeaderFrom(first.callback);
    // The provider vouches for the address: its owner takes the account whole. The earlier session ends
    // and the password chosen at sign-up no longer opens it.
    expect((await fetch(`${api.url}/api/auth/user`, { headers: { cookie: before } })).status).toBe(401);
    const withPassword = await fetch(`${api.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: existing.email, password: existing.password }),
    });
    expect(withPassword.status).toBe(401);
    const me = (await (await fetch(`${api.url}/api/auth/user`, { headers: { cookie } })).json()) as {
      id: string;
    };
    expect(me.id).toBe(existing.id);
    // Later logins find the account by subject even when the provider's e-mail changed.
    const second = await signInWithProvider({
      sub: 'user-2',
      email: 'changed@example.test',
      email_verified: true,
    });
    const again = cookieHeaderFrom(second.callback);
    const me2 = (await (await fetch(`${api.url}/api/auth/user`, { headers: { cookie: again } })).json()) as {
      id: string;
    };
    expect(me2.id).toBe(existing.id);
  });

  it('makes a STAFF_EMAILS login staff only when the provider verified the address', async () => {
    const roleAfter = async (claims: Record<string, unknown>) => {
      const { callback } = await signInWithProvider(claims);
      const cookie = cookieHeaderFrom(callback);
      return (
        (await (await fetch(`${api.url}/api/auth/user`, { headers: { cookie } })).json()) as { role: string }
      ).role;
    };
    expect(await roleAfter({ sub: 'staff-1', email: UNVERIFIED_STAFF })).toBe('customer');
    expect(await roleAfter({ sub: 'staff-1', email: UNVERIFIED_STAFF, email_verified: false })).toBe(
      'customer',
    );
    expect(await roleAfter({ sub: 'staff-2', email: VERIFIED_STAFF, email_verified: true })).toBe('staff');
    // Verified later: the account of that subject becomes staff then.
    expect(await roleAfter({ sub: 'staff-1', email: UNVERIFIED_STAFF, email_verified: true })).toBe('staff');
    // A password account someone registered under the address: the verified owner takes it whole (its
    // password goes), and only then is it staff; the password chosen at sign-up never was proof.
    const registered = await createUser(api.prisma, { email: PASSWORD_STAFF });
    expect(await roleAfter({ sub: 'staff-3', email: PASSWORD_STAFF, email_verified: true })).toBe('staff');
    expect(await api.prisma.user.findUniqueOrThrow({ where: { id: registered.id } })).toMatchObject({
      role: 'staff',
      passwordHash: null,
    });
  });

  it('does not hand an existing account to a provider login whose e-mail is not verified', async () => {
    const existing = await createUser(api.prisma);
    const { callback } = await signInWithProvider({ sub: 'user-3', email: existing.email });
    expect(callback.headers.get('location')).toMatch(/^\/login\?error=oidc/);
    const cookie = cookieHeaderFrom(callback) || 'pf.sid=none';
    expect((await fetch(`${api.url}/api/auth/user`, { headers: { cookie } })).status).toBe(401);
    const row = await api.prisma.user.findUniqueOrThrow({ where: { id: existing.id } });
    expect(row.authSubject).toBeNull();
  });

  it('refuses a callback with a wrong state or without a pending sign-in', async () => {
    const start = await fetch(`${api.url}/api/login`, { redirect: 'manual' });
    const pending = cookieHeaderFrom(start);
    const wrongState = await fetch(`${api.url}/api/auth/oidc/callback?code=x&state=forged`, {
      headers: { cookie: pending },
      redirect: 'manual',
    });
    expect(wrongState.status).toBe(302);
    expect(wrongState.headers.get('location')).toMatch(/^\/login\?error=oidc/);
    const none = await fetch(`${api.url}/api/auth/oidc/callback?code=x&state=y`, { redirect: 'manual' });
    expect(none.headers.get('location')).toBe('/login?error=oidc');
    // ?method=password still reaches the password page.
    const password = await fetch(`${api.url}/api/login?method=password`, { redirect: 'manual' });
    expect(password.headers.get('location')).toBe('/login?next=%2Fdashboard');
  });
});
