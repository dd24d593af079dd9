// The blog's 'Stay Updated' box: one row per address, a double opt-in e-mail whose link confirms.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { emailsTo } from '../support/maildev.ts';
import { outboxMailsTo } from '../support/outboxMail.ts';
import { eventually, type TestApi, useServerSuite } from '../support/server.ts';

async function subscribe(api: TestApi, body: unknown) {
  const response = await fetch(`${api.url}/api/newsletter/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function confirmPath(text: string | undefined): string {
  const match = text?.match(/https?:\/\/\S+\/api\/newsletter\/confirm\?token=[\w-]+/);
  if (!match) throw new Error(`no confirm link in ${text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

describe('newsletter subscription', () => {
  const server = useServerSuite({ apiEnv: { RATE_LIMIT_DISABLED: 'true' }, workers: true });

  it('refuses a bad address with the message and stores nothing', async () => {
    const before = await server.api.prisma.newsletterSubscriber.count();
    const response = await subscribe(server.api, { email: 'nope' });
    expect(response.status).toBe(400);
    expect(response.body.fields).toEqual({ email: 'Valid email is required' });
    expect(await server.api.prisma.newsletterSubscriber.count()).toBe(before);
  });

  it('stores one row per address, mails a confirm link, and confirms through it', async () => {
    const email = `reader-${randomUUID().slice(0, 8)}@example.test`;
    const first = await subscribe(server.api, { email: email.toUpperCase() });
    expect(first.status).toBe(201);
    const again = await subscribe(server.api, { email });
    expect(again.status).toBe(200);
    const rows = await server.api.prisma.newsletterSubscriber.findMany({ where: { email } });
    expect(rows).toHaveLength(1);
    expect(rows[0]?.confirmedAt).toBeNull();

    const [mail] = await eventually(async () => {
      const found = await emailsTo(email);
      return found.length > 0 ? found : undefined;
    });
    const path = confirmPath(mail?.text);
    const token = new URL(path, server.api.url).searchParams.get('token') ?? '';
    // Only the token's hash is stored.
    expect(rows[0]?.confirmTokenHash).not.toContain(token);
    expect(rows[0]?.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);

    const confirmed = await fetch(`${server.api.url}${path}`, { redirect: 'manual' });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')).toBe('/blog?subscribed=1');
    const row = await server.api.prisma.newsletterSubscriber.findUniqueOrThrow({ where: { email } });
    expect(row.confirmedAt).not.toBeNull();

    // Confirmed: a repeat answers 200 and mails nothing more.
    const repeat = await subscribe(server.api, { email });
    expect(repeat.status).toBe(200);
    expect(repeat.body.status).toBe('confirmed');
    expect(await outboxMailsTo(server.api.prisma, email)).toBe(1);
    expect(await emailsTo(email)).toHaveLength(1);
  });

  it('sends a bad token back to the blog with subscribed=invalid', async () => {
    for (const query of ['?token=not-a-real-token-but-long-enough', '']) {
      const response = await fetch(`${server.api.url}/api/newsletter/confirm${query}`, {
        redirect: 'manual',
      });
      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe('/blog?subscribed=invalid');
    }
  });

  it('keeps one row when the same new address subscribes many times at once', async () => {
    const email = `race-${randomUUID().slice(0, 8)}@example.test`;
    const answers = await Promise.all(Array.from({ length: 8 }, () => subscribe(server.api, { email })));
    expect(answers.every((answer) => answer.status === 200 || answer.status === 201)).toBe(true);
    expect(await server.api.prisma.newsletterSubscriber.count({ where: { email } })).toBe(1);
    expect(await outboxMailsTo(server.api.prisma, email)).toBe(1);
    await eventually(async () => (await emailsTo(email)).length === 1);
  });
});
