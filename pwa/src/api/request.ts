// The spec's shared request behaviour, implemented once: cookies on every call, a JSON body (and its
// content type) only when there is one, and every non-OK answer raised as "<status>: <body or status text>".
import type { QueryFunction, QueryFunctionContext, QueryKey } from '@tanstack/react-query';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The API's error body: a sentence for people and, for invalid input, one message per field. */
export interface ApiErrorBody {
  message: string;
  fields: Record<string, string>;
}

export class ApiError extends Error {
  readonly status: number;
  /** The parsed `{message, fields}` when the server answered with JSON, otherwise null. */
  readonly body: ApiErrorBody | null;

  constructor(status: number, statusText: string, bodyText: string) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
    this.status = status;
    this.body = parseErrorBody(bodyText);
  }
}

function parseErrorBody(text: string): ApiErrorBody | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { message, fields } = parsed as { message?: unknown; fields?: unknown };
  const fieldMessages: Record<string, string> = {};
  if (typeof fields === 'object' && fields !== null) {
    for (const [name, value] of Object.entries(fields)) {
      const text = Array.isArray(value) ? value[0] : value;
      if (typeof text === 'string') fieldMessages[name] = text;
    }
  }
  return { message: typeof message === 'string' ? message : '', fields: fieldMessages };
}

/** A change attempted without a connection: nothing reached the server. */
export class OfflineError extends Error {
  constructor() {
    super('You are offline. Nothing was sent: try again when you are back online.');
    this.name = 'OfflineError';
  }
}

/** fetch for changes: fails at once, without sending, when the browser knows it is offline. */
export async function sendOnline(url: string, init: RequestInit): Promise<Response> {
  if (navigator.onLine === false) throw new OfflineError();
  try {
    return await fetch(url, init);
  } catch (error) {
    throw isNetworkFailure(error) ? new OfflineError() : error;
  }
}

// When the server produced each query's data (its Date header): a service worker may answer from cache.
const producedAt = new WeakMap<object, number>();

function rememberProduced<T>(data: T, response: Response): T {
  const date = Date.parse(response.headers.get('date') ?? '');
  if (typeof data === 'object' && data !== null && !Number.isNaN(date)) producedAt.set(data, date);
  return data;
}

/** Milliseconds since the server produced this query data, or null when unknown. */
export function dataAgeMs(data: unknown): number | null {
  const at = typeof data === 'object' && data !== null ? producedAt.get(data) : undefined;
  return at === undefined ? null : Math.max(0, Date.now() - at);
}

async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const bodyText = await response.text().catch(() => '');
  throw new ApiError(response.status, response.statusText, bodyText);
}

/** Sends one call to the API and returns the response; any non-OK status throws an ApiError. */
export async function apiRequest(method: HttpMethod, url: string, body?: unknown): Promise<Response> {
  const hasBody = body !== undefined;
  const response = await (method === 'GET' ? fetch : sendOnline)(url, {
    method,
    credentials: 'include',
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(body) : undefined,
  });
  await throwIfNotOk(response);
  return response;
}

/** Like apiRequest, then parses the JSON answer (an empty answer, such as 204, gives null). */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  const text = await response.text();
  return rememberProduced((text ? JSON.parse(text) : null) as T, response);
}

/**
 * The URL a query key stands for: its leading string and number parts joined by '/', e.g.
 * ['/api/public/store', 'miniature-masters', 'products'] -> /api/public/store/miniature-masters/products.
 * Parts after the first are URL-encoded; anything after them (filter objects) only tells caches apart.
 */
export function queryKeyUrl(queryKey: QueryKey): string {
  const parts: string[] = [];
  for (const part of queryKey) {
    if (typeof part !== 'string' && typeof part !== 'number') break;
    parts.push(parts.length === 0 ? String(part) : encodeURIComponent(String(part)));
  }
  return parts.join('/');
}

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** A query function that GETs the URL named by the query key; on401 'returnNull' turns a 401 into null. */
export function getQueryFn<T>(options: { on401: 'returnNull' }): QueryFunction<T | null>;
export function getQueryFn<T>(options?: { on401: 'throw' }): QueryFunction<T>;
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior } = { on401: 'throw' }) {
  return async ({ queryKey, signal, client }: QueryFunctionContext): Promise<T | null> => {
    const url = queryKeyUrl(queryKey);
    // Only a page the service worker controls has its copies (and only it loads that code).
    const copy = navigator.serviceWorker?.controller
      ? await (await import('../lib/accountCache.ts')).lastKnownAnswer(url)
      : null;
    if (copy) {
      // The copy is the first frame, not the answer: the network is asked once it is the query's data
      // (the timer runs after the query has stored what this returns).
      setTimeout(() => void client.invalidateQueries({ queryKey, exact: true }));
      return rememberProduced(copy.body as T, copy.response);
    }
    const response = await fetch(url, { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) {
      // Read the unwanted body to its end: left unread, the request never finishes (every public
      // page asks who is signed in, and a page that never goes idle holds its connection).
      await response.text();
      return null;
    }
    await throwIfNotOk(response);
    return rememberProduced((await response.json()) as T, response);
  };
}

// fetch rejects with a TypeError whose wording differs by browser when the network is unreachable.
function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError && /failed to fetch|networkerror|load failed|network/i.test(error.message)
  );
}

/** The text to show people for a failed call: the server's own message when it sent one. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return error.body?.message || error.message;
  if (error instanceof OfflineError) return error.message;
  if (isNetworkFailure(error)) return 'Could not reach the server. Check your connection and try again.';
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** The server's per-field messages (empty when there are none), to put under the matching form fields. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? (error.body?.fields ?? {}) : {};
}

/**
 * What the page that sent a change does when it succeeds or fails. The data layer shows nothing itself:
 * a page decides how a failure is shown (components/ui/toastOnFailure.ts) and what success says.
 */
export interface Outcome<TAnswer = unknown> {
  onSuccess?: (answer: TAnswer) => void;
  onError?: (error: unknown) => void;
}
