// Accounts and sessions against the real API: sign-up, sign-in, sign-out, cookies, timeouts, roles.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedInTag } from '../../api/src/auth/session.ts';
import { staffLinkToken } from '../../api/src/auth/staffConfirmation.ts';
import { cookieHeaderFrom, createUser, DEFAULT_PASSWORD, signIn } from '../../ops/fixtures/auth.ts';
import { emailsTo } from '../support/maildev.ts';
import { mailsTo } from '../support/marketplace.ts';
import { outboxMails } from '../support/outboxMail.ts';
import { type TestApi, useServerSuite } from '../support/server.ts';

const STAFF_EMAIL = 'boss@printfarm.test';
const SECRET = 'a-test-session-secret-of-32-characters-or-more';

function email(label: string) {
  return `${label}-${randomUUID().slice(0, 8)}@example.test`;
}

function post(api: TestApi, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
    redirect: 'manual',
  });
}

function get(api: TestApi, path: string, cookie?: string) {
  return fetch(`${api.url}${path}`, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
}

/** The session id (cookie value) from a Cookie header string. */
function sid(cookie: string): string {
  const pair = cookie.split('; ').find((p) => p.startsWith('pf.sid='));
  return pair?.slice('pf.sid='.length) ?? '';
}

describe('accounts and sessions', () => {
  const server = useServerSuite({
    apiEnv: { STAFF_EMAILS: `someone@else.test, ${STAFF_EMAIL.toUpperCase()}`, SESSION_SECRET: SECRET },
  });

  it('signs up, answers the user, and sets a HttpOnly SameSite=Lax cookie with a long random id', async () => {
    const address = email('New.User');
    const response = await post(server.api, '/api/auth/register', {
      email: address.toUpperCase(),
      password: 'a sturdy passphrase 42',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    expect(response.status).toBe(201);
    const user = (await response.json()) as Record<string, unknown>;
    expect(user).toEqual({
      id: expect.any(String),
      email: address.toLowerCase(),
      firstName: 'Ada',
      lastName: 'Lovelace',
      profileImageUrl: null,
      role: 'customer',
    });
    const lines = response.headers.getSetCookie();
    const session = lines.find((line) => line.startsWith('pf.sid='));
    expect(session).toBeDefined();
    expect(session).toMatch(/; httponly/i);
    expect(session).toMatch(/; samesite=lax/i);
    expect(session).toMatch(/; path=\//i);
    expect(session).not.toMatch(/; secure/i);
    const cookie = cookieHeaderFrom(response);
    // 32 random bytes in base64url: 43 characters, far beyond 128 bits.
    expect(sid(cookie)).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const me = await get(server.api, '/api/auth/user', cookie);
    expect(me.status).toBe(200);
    expect(await me.json()).toEqual(user);
    const row = await server.api.prisma.user.findUniqueOrThrow({ where: { email: address.toLowerCase() } });
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers 401 to /api/auth/user without a session or with a forged one', async () => {
    expect((await get(server.api, '/api/auth/user')).status).toBe(401);
    const forged = await get(server.api, '/api/auth/user', 'pf.sid=abc; pf.sid.sig=def');
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ message: expect.any(String), fields: {} });
  });

  it('refuses short, common and duplicate sign-ups with field messages, writing nothing', async () => {
    const before = await server.api.prisma.user.count();
    const short = await post(server.api, '/api/auth/register', {
      email: email('short'),
      password: 'short',
      firstName: 'A',
      lastName: 'B',
    });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { fields: Record<string, string> }).fields.password).toBe(
      'Password must be at least 10 characters',
    );
    for (const common of ['password123', 'Qwertyuiop', '1234567890']) {
      const response = await post(server.api, '/api/auth/register', {
        email: email('common'),
        password: common,
        firstName: 'A',
        lastName: 'B',
      });
      expect(response.status, common).toBe(400);
      expect(((await response.json()) as { fields: Record<string, string> }).fields.password).toMatch(
        /too common/,
      );
    }
    const existing = await createUser(server.api.prisma);
    const duplicate = await post(server.api, '/api/auth/register', {
      email: existing.email.toUpperCase(),
      password: 'another good passphrase',
      firstName: 'A',
      lastName: 'B',
    });
    expect(duplicate.status).toBe(409);
    expect(await duplicate.json()).toEqual({
      message: 'An account with this email already exists',
      fields: { email: 'An account with this email already exists' },
    });
    const notJson = await fetch(`${server.api.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{nope',
    });
    expect(notJson.status).toBe(400);
    expect(await server.api.prisma.user.count()).toBe(before + 1); // only the fixture user
  });

  it('answers a wrong password and an unknown account alike, in similar time', async () => {
    const user = await createUser(server.api.prisma);
    const attempt = async (address: string, password: string) => {
      const started = performance.now();
      const response = await post(server.api, '/api/auth/login', { email: address, password });
      const elapsed = performance.now() - started;
      return { status: response.status, body: await response.json(), elapsed };
    };
    // The same addresses each time: repeated failures answer later and later (the same for both).
    const ghost = email('ghost');
    const wrong = await attempt(user.email, 'not the password at all');
    const unknown = await attempt(ghost, 'not the password at all');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body).toEqual({ message: 'Invalid email or password', fields: {} });

    // Both run one argon2id verification: compare medians of a few tries, loosely (shared machine).
    const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
    const wrongTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      wrongTimes.push((await attempt(user.email, `wrong-${i}-password`)).elapsed);
      unknownTimes.push((await attempt(ghost, `wrong-${i}-password`)).elapsed);
    }
    const ratio = median(unknownTimes) / median(wrongTimes);
    expect(ratio).toBeGreaterThan(0.4);
    expect(ratio).toBeLessThan(2.5);
  });

  it('signs in with the right password and rotates the session id at each sign-in', async () => {
    const user = await createUser(server.api.prisma, { firstName: 'Grace' });
    const first = await signIn(server.api.url, user.email.toUpperCase(), DEFAULT_PASSWORD);
    expect((await get(server.api, '/api/auth/user', first)).status).toBe(200);

    // Signing in again while holding the first cookie: a new id, and the old one is dead.
    const again = await fetch(`${server.api.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: first },
      body: JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD }),
    });
    expect(again.status).toBe(200);
    const second = cookieHeaderFrom(again);
    expect(sid(second)).not.toBe('');
    expect(sid(second)).not.toBe(sid(first));
    expect((await get(server.api, '/api/auth/user', first)).status).toBe(401);
    expect((await get(server.api, '/api/auth/user', second)).status).toBe(200);
    expect(await server.api.prisma.session.count({ where: { sid: sid(first) } })).toBe(0);
  });

  it('ends the session at /api/logout from our own pages only: row deleted, cookie cleared, redirect home', async () => {
    const user = await createUser(server.api.prisma);
    const cookie = await signIn(server.api.url, user.email);
    expect(await server.api.prisma.session.count({ where: { sid: sid(cookie) } })).toBe(1);
    // A link on another site redirects home but leaves the session alone.
    const crossSite = await fetch(`${server.api.url}/api/logout`, {
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      redirect: 'manual',
    });
    expect(crossSite.status).toBe(302);
    expect(await server.api.prisma.session.count({ where: { sid: sid(cookie) } })).toBe(1);
    const noSource = await get(server.api, '/api/logout', cookie);
    expect(noSource.status).toBe(302);
    expect(await server.api.prisma.session.count({ where: { sid: sid(cookie) } })).toBe(1);

    const response = await fetch(`${server.api.url}/api/logout`, {
      headers: { cookie, 'sec-fetch-site': 'same-origin' },
      redirect: 'manual',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/');
    expect(response.headers.getSetCookie().find((l) => l.startsWith('pf.sid='))).toMatch(
      /expires=Thu, 01 Jan 1970/i,
    );
    expect(await server.api.prisma.session.count({ where: { sid: sid(cookie) } })).toBe(0);
    // Replaying the old cookie gets nothing.
    expect((await get(server.api, '/api/auth/user', cookie)).status).toBe(401);

    const other = await signIn(server.api.url, user.email);
    const viaPost = await fetch(`${server.api.url}/api/auth/logout`, {
      method: 'POST',
      headers: { cookie: other },
    });
    expect(viaPost.status).toBe(204);
    expect((await get(server.api, '/api/auth/user', other)).status).toBe(401);
  });

  it('keeps a readable signed-in hint beside the session, naming the account by an opaque tag: set at sign-in, cleared when no session is found', async () => {
    const user = await createUser(server.api.prisma);
    const login = await fetch(`${server.api.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD }),
    });
    const hint = login.headers.getSetCookie().find((line) => line.startsWith('pf.signed-in='));
    // Readable by the page (no HttpOnly); its value tells accounts apart and is not the account's id.
    const tag = signedInTag(SECRET, user.id);
    expect(tag).toMatch(/^[\w-]{16}$/);
    expect(hint).toMatch(new RegExp(`^pf\\.signed-in=${tag}; path=/; expires=[^;]+; samesite=lax$`, 'i'));
    expect(tag).not.toContain(user.id);
    const cookie = cookieHeaderFrom(login);
    expect(cookie).toContain(`pf.signed-in=${tag}`);
    // Another account has another tag; the same account signing in again has the same one.
    const other = await createUser(server.api.prisma);
    expect(signedInTag(SECRET, other.id)).not.toBe(tag);
    expect(await signIn(server.api.url, other.email)).toContain(
      `pf.signed-in=${signedInTag(SECRET, other.id)}`,
    );
    expect(await signIn(server.api.url, user.email)).toContain(`pf.signed-in=${tag}`);
    // While the session lasts, requests leave it alone.
    const user1 = await get(server.api, '/api/auth/user', cookie);
    expect(user1.status).toBe(200);
    expect(user1.headers.getSetCookie().some((line) => line.startsWith('pf.signed-in='))).toBe(false);
    // A hint of another account (or the older '1') beside this session is replaced by this account's.
    const sessionOnly = cookie.replace(/pf\.signed-in=[^;]+/, 'pf.signed-in=1');
    const corrected = await get(server.api, '/api/auth/user', sessionOnly);
    expect(corrected.headers.getSetCookie().find((line) => line.startsWith('pf.signed-in='))).toMatch(
      new RegExp(`^pf\\.signed-in=${tag};`),
    );
    // Signed out: cleared with the session.
    const out = await fetch(`${server.api.url}/api/auth/logout`, { method: 'POST', headers: { cookie } });
    expect(out.headers.getSetCookie().find((line) => line.startsWith('pf.signed-in='))).toMatch(
      /expires=Thu, 01 Jan 1970/i,
    );
    // A hint left over with no session behind it (expired, deleted) is cleared by the 401.
    const stale = await get(server.api, '/api/auth/user', `pf.signed-in=${tag}`);
    expect(stale.status).toBe(401);
    expect(stale.headers.getSetCookie().find((line) => line.startsWith('pf.signed-in='))).toMatch(
      /expires=Thu, 01 Jan 1970/i,
    );
    // No hint and no session: nothing to say.
    const visitor = await get(server.api, '/api/health');
    expect(visitor.headers.getSetCookie()).toEqual([]);
  });

  it('redirects /api/login to the sign-in page with a same-origin next path only', async () => {
    const cases: Array<[string, string]> = [
      ['', '/dashboard'],
      ['?next=%2Fdashboard%3Ftab%3Dfiles', '/dashboard?tab=files'],
      ['?next=https%3A%2F%2Fevil.example%2Fsteal', '/dashboard'],
      ['?next=%2F%2Fevil.example', '/dashboard'],
      ['?next=%2F%5Cevil.example', '/dashboard'],
      ['?next=javascript%3Aalert(1)', '/dashboard'],
    ];
    for (const [query, next] of cases) {
      const response = await get(server.api, `/api/login${query}`);
      expect(response.status, query).toBe(302);
      expect(response.headers.get('location'), query).toBe(`/login?next=${encodeURIComponent(next)}`);
    }
    // Already signed in: straight to the (safe) next path.
    const user = await createUser(server.api.prisma);
    const cookie = await signIn(server.api.url, user.email);
    const signedIn = await get(server.api, '/api/login?next=%2F%2Fevil.example', cookie);
    expect(signedIn.headers.get('location')).toBe('/dashboard');
  });

  it('refuses cross-site state-changing requests and allows same-origin and header-less ones', async () => {
    const user = await createUser(server.api.prisma);
    const body = { email: user.email, password: DEFAULT_PASSWORD };
    const crossOrigin = await post(server.api, '/api/auth/login', body, { origin: 'https://evil.example' });
    expect(crossOrigin.status).toBe(403);
    expect(await crossOrigin.json()).toEqual({ message: 'Cross-site request refused', fields: {} });
    expect(crossOrigin.headers.getSetCookie()).toEqual([]);
    const nullOrigin = await post(server.api, '/api/auth/login', body, { origin: 'null' });
    expect(nullOrigin.status).toBe(403);
    const crossSite = await post(server.api, '/api/auth/login', body, { 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    const sameSiteOtherOrigin = await post(server.api, '/api/auth/login', body, {
      'sec-fetch-site': 'same-site',
    });
    expect(sameSiteOtherOrigin.status).toBe(403);

    expect((await post(server.api, '/api/auth/login', body, { origin: server.api.url })).status).toBe(200);
    expect(
      (await post(server.api, '/api/auth/login', body, { 'sec-fetch-site': 'same-origin' })).status,
    ).toBe(200);
    expect((await post(server.api, '/api/auth/login', body)).status).toBe(200);
    // The configured public origin counts as ours too.
    expect(
      (await post(server.api, '/api/auth/login', body, { origin: 'http://localhost:8080' })).status,
    ).toBe(200);
    // GET is never refused.
    expect(
      (await fetch(`${server.api.url}/api/health`, { headers: { origin: 'https://evil.example' } })).status,
    ).toBe(200);
  });

  it('ends sessions past the idle or the absolute timeout', async () => {
    const user = await createUser(server.api.prisma);
    const idle = await signIn(server.api.url, user.email);
    await server.api.prisma.session.update({
      where: { sid: sid(idle) },
      data: { expire: new Date(Date.now() - 1000) },
    });
    expect((await get(server.api, '/api/auth/user', idle)).status).toBe(401);

    const old = await signIn(server.api.url, user.email);
    const row = await server.api.prisma.session.findUniqueOrThrow({ where: { sid: sid(old) } });
    const sess = row.sess as Record<string, unknown>;
    await server.api.prisma.session.update({
      where: { sid: sid(old) },
      data: { sess: { ...sess, createdAt: Date.now() - 31 * 86_400_000 } },
    });
    expect((await get(server.api, '/api/auth/user', old)).status).toBe(401);
  });

  it('applies role changes and deletions at the next request', async () => {
    const user = await createUser(server.api.prisma);
    const cookie = await signIn(server.api.url, user.email);
    expect((await get(server.api, '/api/admin/queues', cookie)).status).toBe(403);
    await server.api.prisma.user.update({ where: { id: user.id }, data: { role: 'staff' } });
    expect(((await (await get(server.api, '/api/auth/user', cookie)).json()) as { role: string }).role).toBe(
      'staff',
    );
    expect((await get(server.api, '/api/admin/queues', cookie)).status).toBe(200);
    await server.api.prisma.user.delete({ where: { id: user.id } });
    expect((await get(server.api, '/api/auth/user', cookie)).status).toBe(401);
  });

  it('makes a STAFF_EMAILS sign-up staff only through the link e-mailed to it, once', async () => {
    const registered = await post(server.api, '/api/auth/register', {
      email: STAFF_EMAIL,
      password: 'staff passphrase 2026',
      firstName: 'Sam',
      lastName: 'Staff',
    });
    expect(registered.status).toBe(201);
    const account = (await registered.json()) as { id: string; role: string };
    expect(account.role).toBe('customer');
    const cookie = cookieHeaderFrom(registered);
    const messageKey = { startsWith: `staff-confirmation:${account.id}:` };
    expect(await outboxMails(server.api.prisma, messageKey)).toBe(1);

    // Signing in never promotes, nor mails again while the link works.
    const login = await post(server.api, '/api/auth/login', {
      email: STAFF_EMAIL,
      password: 'staff passphrase 2026',
    });
    expect(((await login.json()) as { role: string }).role).toBe('customer');
    expect(await outboxMails(server.api.prisma, messageKey)).toBe(1);

    const event = await server.api.prisma.outboxEvent.findFirstOrThrow({
      where: {
        job: 'email.send',
        payload: { path: ['messageKey'], string_starts_with: messageKey.startsWith },
      },
    });
    const mail = event.payload as { to: string; text: string };
    expect(mail.to).toBe(STAFF_EMAIL);
    const link = new URL(/https?:\/\/\S+\/staff-confirmation\?token=\S+/.exec(mail.text)?.[0] ?? '');
    const token = link.searchParams.get('token') ?? '';
    const [, expires = '', signature = ''] = token.split('.');

    const confirm = (body: unknown, as?: string) =>
      post(server.api, '/api/auth/staff-confirmation', body, as ? { cookie: as } : {});
    const role = async () =>
      (await server.api.prisma.user.findUniqueOrThrow({ where: { id: account.id } })).role;
    const refusals: [string, Response, number][] = [
      ['signed out', await confirm({ token }), 401],
      ['no token', await confirm({}, cookie), 400],
      ['a tampered signature', await confirm({ token: `${token.slice(0, -2)}xx` }, cookie), 400],
      [
        'a tampered expiry',
        await confirm({ token: token.replace(`.${expires}.`, `.${Number(expires) + 1}.`) }, cookie),
        400,
      ],
      [
        'another account',
        await confirm({ token }, await signIn(server.api.url, (await createUser(server.api.prisma)).email)),
        403,
      ],
      [
        'an expired link',
        await confirm(
          { token: staffLinkToken(SECRET, { id: account.id, email: STAFF_EMAIL }, Date.now() - 1000) },
          cookie,
        ),
        410,
      ],
    ];
    await server.api.prisma.user.update({ where: { id: account.id }, data: { email: 'moved@example.test' } });
    refusals.push(['a changed e-mail', await confirm({ token }, cookie), 400]);
    await server.api.prisma.user.update({ where: { id: account.id }, data: { email: STAFF_EMAIL } });
    for (const [why, answer, status] of refusals) {
      expect(answer.status, why).toBe(status);
      const body = (await answer.json()) as { message: string; fields: Record<string, string> };
      expect(body.message, why).toEqual(expect.any(String));
      if (status !== 401) expect(body.fields.token, why).toEqual(expect.any(String));
    }
    expect(signature).not.toBe('');
    expect(await role()).toBe('customer');

    const confirmed = await confirm({ token }, cookie);
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { role: string }).role).toBe('staff');
    expect(await role()).toBe('staff');
    expect(((await (await get(server.api, '/api/auth/user', cookie)).json()) as { role: string }).role).toBe(
      'staff',
    );
    // The same link again changes nothing and mails nobody.
    expect((await confirm({ token }, cookie)).status).toBe(200);
    expect(await outboxMails(server.api.prisma, messageKey)).toBe(1);
  });

  it('mails a staff link at sign-in to an account listed after it was made, and again once it expired', async () => {
    const listedLater = await createUser(server.api.prisma, { email: 'someone@else.test' });
    const messageKey = { startsWith: `staff-confirmation:${listedLater.id}:` };
    expect(await outboxMails(server.api.prisma, messageKey)).toBe(0);
    const signInAsListed = async () => {
      const answer = await post(server.api, '/api/auth/login', {
        email: listedLater.email,
        password: listedLater.password,
      });
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { role: string }).role).toBe('customer');
    };
    await Promise.all([signInAsListed(), signInAsListed()]);
    await signInAsListed();
    expect(await outboxMails(server.api.prisma, messageKey)).toBe(1);

    // A week on, that link no longer works: the next sign-in brings a new one.
    await server.api.prisma.$executeRaw`
      UPDATE outbox_events SET created_at = created_at - interval '8 days'
      WHERE job = 'email.send' AND payload->>'messageKey' LIKE ${`${messageKey.startsWith}%`}`;
    await signInAsListed();
    expect(await outboxMails(server.api.prisma, messageKey)).toBe(2);
    // A customer whose address is not listed is never mailed one.
    const customer = await createUser(server.api.prisma);
    await signIn(server.api.url, customer.email);
    expect(await outboxMails(server.api.prisma, { startsWith: `staff-confirmation:${customer.id}:` })).toBe(
      0,
    );
  });

  it('does not mail a staff link to sign-ups whose address is not listed', async () => {
    const registered = await post(server.api, '/api/auth/register', {
      email: email('not.staff'),
      password: 'a sturdy passphrase 42',
      firstName: 'Nia',
      lastName: 'Customer',
    });
    const account = (await registered.json()) as { id: string };
    expect(await outboxMails(server.api.prisma, `staff-confirmation:${account.id}`)).toBe(0);
  });

  it('serves the queue dashboard to staff only', async () => {
    const staff = await signIn(
      server.api.url,
      (await createUser(server.api.prisma, { role: 'staff' })).email,
    );
    const customer = await signIn(server.api.url, (await createUser(server.api.prisma)).email);
    expect((await get(server.api, '/api/admin/queues')).status).toBe(401);
    expect((await get(server.api, '/api/admin/queues', customer)).status).toBe(403);
    expect((await get(server.api, '/api/admin/queues/api/queues', customer)).status).toBe(403);
    const page = await get(server.api, '/api/admin/queues', staff);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const queues = await get(server.api, '/api/admin/queues/api/queues', staff);
    expect(queues.status).toBe(200);
    const json = (await queues.json()) as { queues: Array<{ name: string }> };
    expect(json.queues.map((q) => q.name)).toContain('email.send');
  });

  it('sends security headers on pages and API answers', async () => {
    for (const path of ['/', '/api/health', '/api/nope']) {
      const response = await fetch(`${server.api.url}${path}`);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("object-src 'none'");
      expect(csp, path).not.toContain('maps.googleapis.com');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(response.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin');
      expect(response.headers.get('strict-transport-security'), path).toBeNull(); // not production
    }
  });
});

describe('production cookies and headers', () => {
  const server = useServerSuite({
    apiEnv: {
      NODE_ENV: 'production',
      SESSION_SECRET: 'a-production-secret-of-at-least-32-characters',
      PRINTER_SECRETS_KEY: 'ab'.repeat(32),
      PUBLIC_URL: 'https://printfarm.example',
      GOOGLE_MAPS_API_KEY: 'test-key',
    },
  });

  it('uses a __Host- prefixed Secure cookie, HSTS, and allows Google Maps when configured', async () => {
    const user = await createUser(server.api.prisma);
    const response = await fetch(`${server.api.url}/api/auth/login`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-forwarded-proto': 'https',
        origin: 'https://printfarm.example',
      },
      body: JSON.stringify({ email: user.email, password: DEFAULT_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const session = response.headers.getSetCookie().find((line) => line.startsWith('__Host-pf.sid='));
    expect(session).toBeDefined();
    expect(session).toMatch(/; path=\/(;|$)/i);
    expect(session).toMatch(/; secure/i);
    expect(session).toMatch(/; httponly/i);
    expect(session).toMatch(/; samesite=lax/i);
    expect(session).not.toMatch(/domain=/i);
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/);
    expect(response.headers.get('content-security-policy')).toContain('https://maps.googleapis.com');
  });
});

describe('the staff confirmation e-mail', () => {
  const desk = `desk-${randomUUID().slice(0, 8)}@printfarm.test`;
  const server = useServerSuite({
    apiEnv: { STAFF_EMAILS: desk },
    workers: { env: { STAFF_EMAILS: desk } },
  });

  it('arrives once, and its link makes the account staff', async () => {
    const registered = await post(server.api, '/api/auth/register', {
      email: desk,
      password: 'staff passphrase 2026',
      firstName: 'Dee',
      lastName: 'Desk',
    });
    expect(registered.status).toBe(201);
    const cookie = cookieHeaderFrom(registered);
    await post(server.api, '/api/auth/login', { email: desk, password: 'staff passphrase 2026' });
    const [mail] = await mailsTo(desk, 'Confirm your staff access');
    const link = /https?:\/\/\S+\/staff-confirmation\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(mail?.html).toContain(link.replaceAll('&', '&amp;'));
    const token = new URL(link).searchParams.get('token');
    const confirmed = await post(server.api, '/api/auth/staff-confirmation', { token }, { cookie });
    expect(confirmed.status).toBe(200);
    expect(((await confirmed.json()) as { role: string }).role).toBe('staff');
    // Whatever ran twice, one e-mail.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await emailsTo(desk)).toHaveLength(1);
  });
});
