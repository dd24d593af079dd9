// "Forgot your password?" against the real API, PostgreSQL and (last) the workers and MailDev: asking
// answers the same for any address and mails only an account's own, at most once in two minutes; the
// e-mailed link sets a new password once, signs that browser in and every other session out, and the
// owner is told.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RESET_REQUESTED, resetLinkToken } from '../../api/src/auth/passwordReset.ts';
import { mailSecretsKey, openMailSecret } from '../../db/src/mailSecrets.ts';
import { cookieHeaderFrom, createUser, signIn } from '../../ops/fixtures/auth.ts';
import { emailsTo } from '../support/maildev.ts';
import { mailsTo } from '../support/marketplace.ts';
import { outboxMails } from '../support/outboxMail.ts';
import { type TestApi, useServerSuite } from '../support/server.ts';

const SECRET = 'a-test-session-secret-of-32-characters-or-more';
const NEW_PASSWORD = 'a brand new passphrase 77';

function post(api: TestApi, path: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${api.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const whoIs = (api: TestApi, cookie: string) =>
  fetch(`${api.url}/api/auth/user`, { headers: { cookie } }).then((answer) => answer.status);

/**
 * The token of the latest reset link the outbox holds for the account. It holds the link only sealed:
 * opened here with the key the e-mail worker opens it with (the test environment's).
 */
async function mailedToken(api: TestApi, userId: string): Promise<string> {
  const event = await api.prisma.outboxEvent.findFirstOrThrow({
    where: {
      job: 'email.send',
      payload: { path: ['messageKey'], string_starts_with: `password-reset:${userId}:` },
    },
    orderBy: { createdAt: 'desc' },
  });
  const {
    text,
    messageKey,
    sealed = [],
  } = event.payload as { text: string; messageKey: string; sealed?: string[] };
  expect(text).toContain('Choose it here: {{sealed:0}}');
  const link = openMailSecret(mailSecretsKey({ NODE_ENV: 'test' }), messageKey, sealed[0] ?? '');
  return new URL(link).searchParams.get('token') ?? '';
}

describe('password reset', () => {
  const server = useServerSuite({ apiEnv: { SESSION_SECRET: SECRET } });

  it('answers the same for any address, and mails only an account’s own, once in two minutes', async () => {
    const user = await createUser(server.api.prisma);
    const unknown = `nobody-${randomUUID().slice(0, 8)}@example.test`;
    const asks = await Promise.all([
      post(server.api, '/api/auth/password-reset', { email: user.email.toUpperCase() }),
      post(server.api, '/api/auth/password-reset', { email: user.email }),
      post(server.api, '/api/auth/password-reset', { email: unknown }),
    ]);
    for (const answer of asks) {
      expect(answer.status).toBe(202);
      expect(await answer.json()).toEqual({ message: RESET_REQUESTED });
    }
    expect(await outboxMails(server.api.prisma, { startsWith: `password-reset:${user.id}:` })).toBe(1);
    const mail = await server.api.prisma.outboxEvent.findFirstOrThrow({
      where: {
        job: 'email.send',
        payload: { path: ['messageKey'], string_starts_with: `password-reset:${user.id}:` },
      },
    });
    expect((mail.payload as { to: string }).to).toBe(user.email);
    // Nothing stored or queued holds the link in the clear: not the outbox, not the queue's job data.
    expect(JSON.stringify(mail.payload)).not.toMatch(/token=/);
    expect(
      await server.api.prisma.outboxEvent.count({ where: { payload: { path: ['to'], equals: unknown } } }),
    ).toBe(0);

    // Two minutes on, asking again sends a new link.
    await server.api.prisma.$executeRaw`
      UPDATE outbox_events SET created_at = created_at - interval '3 minutes'
      WHERE job = 'email.send' AND payload->>'messageKey' LIKE ${`password-reset:${user.id}:%`}`;
    expect((await post(server.api, '/api/auth/password-reset', { email: user.email })).status).toBe(202);
    expect(await outboxMails(server.api.prisma, { startsWith: `password-reset:${user.id}:` })).toBe(2);

    const bad = await post(server.api, '/api/auth/password-reset', { email: 'not an address' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { fields: Record<string, string> }).fields.email).toBe(
      'Valid email is required',
    );
  });

  it('sets a new password once through the link, signs this browser in and every other session out', async () => {
    const user = await createUser(server.api.prisma, { firstName: 'Robin' });
    const elsewhere = [await signIn(server.api.url, user.email), await signIn(server.api.url, user.email)];
    await post(server.api, '/api/auth/password-reset', { email: user.email });
    const token = await mailedToken(server.api, user.id);
    const [userId = '', expires = ''] = token.split('.');
    expect(userId).toBe(user.id);
    const hashBefore = (await server.api.prisma.user.findUniqueOrThrow({ where: { id: user.id } }))
      .passwordHash;

    const reset = (body: unknown) => post(server.api, '/api/auth/password-reset/confirm', body);
    const refusals: [string, Response, number, 'token' | 'password'][] = [
      [
        'a tampered signature',
        await reset({ token: `${token.slice(0, -2)}xx`, password: NEW_PASSWORD }),
        400,
        'token',
      ],
      [
        'a tampered expiry',
        await reset({
          token: token.replace(`.${expires}.`, `.${Number(expires) + 60_000}.`),
          password: NEW_PASSWORD,
        }),
        400,
        'token',
      ],
      [
        'not an account id',
        await reset({ token: `x${token.slice(1)}`, password: NEW_PASSWORD }),
        400,
        'token',
      ],
      [
        'a cut link',
        await reset({ token: token.split('.').slice(0, 2).join('.'), password: NEW_PASSWORD }),
        400,
        'token',
      ],
      [
        'an expired link',
        await reset({
          token: resetLinkToken(SECRET, user, hashBefore, Date.now() - 1_000),
          password: NEW_PASSWORD,
        }),
        410,
        'token',
      ],
      ['a short password', await reset({ token, password: 'short' }), 400, 'password'],
      ['a common password', await reset({ token, password: 'password1234' }), 400, 'password'],
      ['no token', await reset({ password: NEW_PASSWORD }), 400, 'token'],
    ];
    for (const [why, answer, status, field] of refusals) {
      expect(answer.status, why).toBe(status);
      const body = (await answer.json()) as { message: string; fields: Record<string, string> };
      expect(body.fields[field], why).toEqual(expect.any(String));
    }
    // Nothing changed, nobody was signed out, nothing was mailed.
    expect((await server.api.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).passwordHash).toBe(
      hashBefore,
    );
    for (const cookie of elsewhere) expect(await whoIs(server.api, cookie)).toBe(200);
    expect(await outboxMails(server.api.prisma, { startsWith: `password-changed:${user.id}:` })).toBe(0);

    const done = await reset({ token, password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ id: user.id, email: user.email, role: 'customer' });
    expect(await whoIs(server.api, cookieHeaderFrom(done))).toBe(200);
    for (const cookie of elsewhere) expect(await whoIs(server.api, cookie)).toBe(401);
    expect(await outboxMails(server.api.prisma, { startsWith: `password-changed:${user.id}:` })).toBe(1);

    const login = (password: string) => post(server.api, '/api/auth/login', { email: user.email, password });
    expect((await login(user.password)).status).toBe(401);
    expect((await login(NEW_PASSWORD)).status).toBe(200);

    // The link worked once: again, it changes nothing.
    const again = await reset({ token, password: 'yet another passphrase 5' });
    expect(again.status).toBe(400);
    expect((await login(NEW_PASSWORD)).status).toBe(200);
  });

  it('lets one of two uses of a link at once win, and stops an older link once a newer one was used', async () => {
    const user = await createUser(server.api.prisma);
    await post(server.api, '/api/auth/password-reset', { email: user.email });
    const older = await mailedToken(server.api, user.id);
    await server.api.prisma.$executeRaw`
      UPDATE outbox_events SET created_at = created_at - interval '3 minutes'
      WHERE job = 'email.send' AND payload->>'messageKey' LIKE ${`password-reset:${user.id}:%`}`;
    await post(server.api, '/api/auth/password-reset', { email: user.email });
    const newer = await mailedToken(server.api, user.id);
    expect(newer).not.toBe(older);

    const both = await Promise.all(
      ['first racer passphrase 1', 'second racer passphrase 2'].map((password) =>
        post(server.api, '/api/auth/password-reset/confirm', { token: newer, password }),
      ),
    );
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await outboxMails(server.api.prisma, { startsWith: `password-changed:${user.id}:` })).toBe(1);
    const stale = await post(server.api, '/api/auth/password-reset/confirm', {
      token: older,
      password: NEW_PASSWORD,
    });
    expect(stale.status).toBe(400);
  });
});

describe('the password reset e-mails', () => {
  const server = useServerSuite({ workers: true });

  it('arrive once each: the link, then the notice that the password was changed', async () => {
    const user = await createUser(server.api.prisma, {
      email: `reset-${randomUUID().slice(0, 8)}@example.test`,
    });
    expect((await post(server.api, '/api/auth/password-reset', { email: user.email })).status).toBe(202);
    const [mail] = await mailsTo(user.email, 'Choose a new password');
    const jobs = await server.api.queues
      .get('email.send')
      .getJobs(['completed', 'waiting', 'delayed', 'active']);
    const queued = jobs.filter((job) => (job.data as { to?: string }).to === user.email);
    expect(queued.length).toBeGreaterThan(0);
    expect(JSON.stringify(queued.map((job) => job.data))).not.toMatch(/token=/);
    const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(mail?.html).toContain(link.replaceAll('&', '&amp;'));
    const token = new URL(link).searchParams.get('token');
    const done = await post(server.api, '/api/auth/password-reset/confirm', {
      token,
      password: NEW_PASSWORD,
    });
    expect(done.status).toBe(200);
    const [notice] = await mailsTo(user.email, 'Your password was changed');
    expect(notice?.text).toContain('every other device was signed out');
    expect((await emailsTo(user.email)).map((each) => each.subject).sort()).toEqual([
      'Choose a new password',
      'Your password was changed',
    ]);
  });
});
