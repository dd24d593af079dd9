// The error format on a real Koa app and on the real API factory: {"message", "fields"}, no stacks.
import type { AddressInfo } from 'node:net';
import { bodyParser } from '@koa/bodyparser';
import Router from '@koa/router';
import Koa from 'koa';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type TestApi } from '../../../tests/support/server.ts';
import type { AppState } from './context.ts';
import { errorMiddleware } from './errors.ts';
import { validate } from './validate.ts';

async function serve(app: Koa<AppState>) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('error middleware', () => {
  const schema = v.object({
    name: v.pipe(v.string('Name is required'), v.minLength(1, 'Name is required')),
    address: v.object({
      zip: v.pipe(v.string('ZIP code is required'), v.minLength(5, 'ZIP code is required')),
    }),
  });
  let url: string;
  let close: () => void;
  let written = 0;

  beforeAll(async () => {
    const app = new Koa<AppState>();
    app.silent = true;
    const router = new Router<AppState>();
    router.get('/api/boom', () => {
      throw new Error('secret internals at /srv/app.ts:12');
    });
    router.post('/api/things', validate(schema), (ctx) => {
      written += 1;
      ctx.status = 201;
      ctx.body = ctx.state.input;
    });
    router.patch('/api/things', validate(v.partial(schema)), (ctx) => {
      written += 1;
      ctx.body = ctx.state.input;
    });
    app.use(errorMiddleware);
    app.use(bodyParser());
    app.use(router.routes());
    const served = await serve(app);
    url = served.url;
    close = () => served.server.close();
  });
  afterAll(() => close());

  it('hides an unexpected error behind a generic 500 message', async () => {
    const response = await fetch(`${url}/api/boom`);
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      message: 'Something went wrong on our side. Please try again.',
      fields: {},
    });
    expect(text).not.toContain('secret');
    expect(text).not.toContain('.ts');
  });

  it('answers 400 with a message per field and runs nothing', async () => {
    const response = await fetch(`${url}/api/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: '', address: { zip: '12' } }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'Name is required',
      fields: { name: 'Name is required', 'address.zip': 'ZIP code is required' },
    });
    expect(written).toBe(0);
  });

  it('refuses a list for the body, even where every field is optional (found by the fuzz)', async () => {
    const response = await fetch(`${url}/api/things`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: '[]',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Request body must be a JSON object', fields: {} });
    expect(written).toBe(0);
  });

  it('passes valid input through, parsed', async () => {
    const response = await fetch(`${url}/api/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', address: { zip: '78701' }, extra: 'dropped' }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ name: 'Ada', address: { zip: '78701' } });
  });
});

describe('the API app', () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startApi({ env: { JSON_BODY_LIMIT: '1kb' } });
  });
  afterAll(() => api.close());

  it('answers unknown API paths with a JSON 404, never the app shell', async () => {
    const response = await fetch(`${api.url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    expect(await response.json()).toEqual({ message: 'No API route for GET /api/no-such-thing', fields: {} });
  });

  it('refuses malformed JSON with 400', async () => {
    const response = await fetch(`${api.url}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"broken":',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'Request body is not valid JSON', fields: {} });
  });

  it('refuses a body over the limit with 413', async () => {
    const response = await fetch(`${api.url}/api/health`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(4096) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: 'Request body is too large', fields: {} });
  });

  it('answers a wrong method with 405 in the same format', async () => {
    const response = await fetch(`${api.url}/api/health`, { method: 'DELETE' });
    expect(response.status).toBe(405);
    const body = (await response.json()) as { message: unknown; fields: unknown };
    expect(body.fields).toEqual({});
    expect(typeof body.message).toBe('string');
    expect(response.headers.get('allow')).toContain('GET');
  });

  it('tags every answer with a request id', async () => {
    const response = await fetch(`${api.url}/api/health`, { headers: { 'X-Request-Id': 'trace-12345678' } });
    expect(response.headers.get('x-request-id')).toBe('trace-12345678');
  });
});
