import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, errorMessage, fieldErrors, getQueryFn, queryKeyUrl } from './request.ts';

function answer(status: number, body: string, statusText = ''): Response {
  return new Response(body || null, { status, statusText });
}

function stubFetch(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(async () => response);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function queryContext(queryKey: readonly unknown[]) {
  return { queryKey, signal: new AbortController().signal, meta: undefined, client: undefined } as never;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  it('sends cookies and no body or content type when there is no body', async () => {
    const fetchMock = stubFetch(answer(200, '{}'));
    await apiRequest('POST', '/api/objects/upload');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/objects/upload');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', headers: {}, body: undefined });
  });

  it('sends a JSON body with a JSON content type when there is one', async () => {
    const fetchMock = stubFetch(answer(201, '{}'));
    await apiRequest('POST', '/api/print-farms/signup', { displayName: 'Acme' });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({
      credentials: 'include',
      headers: { 'Content-Type': 'application/json' },
      body: '{"displayName":"Acme"}',
    });
  });

  it('raises "<status>: <body>" for a non-OK answer and keeps the parsed message and fields', async () => {
    stubFetch(answer(400, '{"message":"Check the form","fields":{"city":"City is required"}}'));
    const error = await apiRequest('POST', '/api/applications', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(
      '400: {"message":"Check the form","fields":{"city":"City is required"}}',
    );
    expect((error as ApiError).status).toBe(400);
    expect(errorMessage(error)).toBe('Check the form');
    expect(fieldErrors(error)).toEqual({ city: 'City is required' });
  });

  it('uses the status text when the body is empty', async () => {
    stubFetch(answer(503, '', 'Service Unavailable'));
    await expect(apiRequest('GET', '/api/health')).rejects.toThrow('503: Service Unavailable');
  });
});

describe('getQueryFn', () => {
  it('GETs the URL named by the query key, with cookies, and parses JSON', async () => {
    const fetchMock = stubFetch(answer(200, '[{"id":1}]'));
    const data = await getQueryFn()(queryContext(['/api/public/store', 'miniature masters', 'products']));
    expect(data).toEqual([{ id: 1 }]);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/public/store/miniature%20masters/products');
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ credentials: 'include' });
  });

  it('turns a 401 into null only when asked to', async () => {
    stubFetch(answer(401, '{"message":"Authentication required"}'));
    expect(await getQueryFn({ on401: 'returnNull' })(queryContext(['/api/auth/user']))).toBeNull();
    stubFetch(answer(401, '{"message":"Authentication required"}'));
    await expect(getQueryFn({ on401: 'throw' })(queryContext(['/api/auth/user']))).rejects.toThrow(
      '401: {"message":"Authentication required"}',
    );
  });
});

describe('queryKeyUrl', () => {
  it('joins the leading path parts and ignores filter objects', () => {
    expect(queryKeyUrl(['/api/applications'])).toBe('/api/applications');
    expect(queryKeyUrl(['/api/stores', 7, 'orders', { status: 'pending' }])).toBe('/api/stores/7/orders');
  });
});

describe('errorMessage', () => {
  it('explains an unreachable server and falls back for unknown throws', () => {
    expect(errorMessage(new TypeError('Failed to fetch'))).toMatch(/Could not reach the server/);
    expect(errorMessage('nope', 'Failed to register print farm')).toBe('Failed to register print farm');
  });
});
