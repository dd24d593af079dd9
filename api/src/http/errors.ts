// One error shape for every answer the API gives: {"message": ..., "fields": {...}}; stacks never leave.
import { databaseErrorCode } from '@printfarm/db/errors';
import { TransitionError } from '@printfarm/domain/requestStatus';
import type { Context, Next } from 'koa';

export type FieldErrors = Record<string, string>;

export class HttpError extends Error {
  readonly status: number;
  readonly fields: FieldErrors;
  readonly headers: Record<string, string>;
  constructor(
    status: number,
    message: string,
    fields: FieldErrors = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.fields = fields;
    this.headers = headers;
  }
}

export const badRequest = (message: string, fields: FieldErrors = {}) => new HttpError(400, message, fields);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, fields: FieldErrors = {}) => new HttpError(409, message, fields);

// Errors thrown by koa's own helpers (ctx.throw) and by co-body carry `status` and `expose`.
interface ExposableError {
  status?: unknown;
  statusCode?: unknown;
  expose?: unknown;
  type?: unknown;
  message?: unknown;
}

// PostgreSQL's data exceptions (class 22): a value the column cannot hold. The schemas refuse these
// first; this is the last line, so that one missed never turns into a 500.
const DATA_EXCEPTION = /^22/;

// The database is out of reach (restarting, failing over, out of connections): the request may be
// retried, so it answers 503 with Retry-After rather than a 500.
const UNREACHABLE_CODES = new Set([
  'P1001',
  'P1002',
  'P1008',
  'P1017',
  'P2024',
  '53300',
  '57P01',
  '57P02',
  '57P03',
]);
const UNREACHABLE_KINDS = new Set([
  'DatabaseNotReachable',
  'ConnectionClosed',
  'SocketTimeout',
  'TooManyConnections',
]);
const UNREACHABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

function databaseUnreachable(error: unknown): boolean {
  const e = error as {
    code?: unknown;
    message?: unknown;
    meta?: { driverAdapterError?: { cause?: { kind?: unknown } } };
    cause?: { kind?: unknown; code?: unknown };
  };
  const code = databaseErrorCode(error);
  if (code && (UNREACHABLE_CODES.has(code) || code.startsWith('08') || UNREACHABLE_ERRNOS.has(code)))
    return true;
  const kind = e?.meta?.driverAdapterError?.cause?.kind ?? e?.cause?.kind;
  if (typeof kind === 'string' && UNREACHABLE_KINDS.has(kind)) return true;
  return (
    typeof e?.message === 'string' &&
    /Connection terminated|Can't reach database server|connection error and is not queryable/.test(e.message)
  );
}

export const SERVICE_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';

function describe(error: unknown): { status: number; message: string; fields: FieldErrors } {
  if (error instanceof HttpError)
    return { status: error.status, message: error.message, fields: error.fields };
  // An illegal move of a print request's state machine (domain/requestStatus.ts).
  if (error instanceof TransitionError) return { status: 409, message: error.message, fields: {} };
  if (databaseUnreachable(error)) return { status: 503, message: SERVICE_UNAVAILABLE, fields: {} };
  if (DATA_EXCEPTION.test(databaseErrorCode(error) ?? '')) {
    return { status: 400, message: 'The request holds a value that cannot be stored', fields: {} };
  }
  const e = (typeof error === 'object' && error !== null ? error : {}) as ExposableError;
  const raw = typeof e.status === 'number' ? e.status : typeof e.statusCode === 'number' ? e.statusCode : 500;
  const status = raw >= 400 && raw <= 599 ? raw : 500;
  if (status === 413) return { status, message: 'Request body is too large', fields: {} };
  if (status === 415) return { status, message: 'Unsupported content type', fields: {} };
  if (status === 400 && e.type === 'entity.parse.failed') {
    return { status, message: 'Request body is not valid JSON', fields: {} };
  }
  if (status < 500 && e.expose === true && typeof e.message === 'string') {
    return { status, message: e.message, fields: {} };
  }
  if (status < 500) return { status, message: 'Bad request', fields: {} };
  return { status, message: 'Something went wrong on our side. Please try again.', fields: {} };
}

export async function errorMiddleware(ctx: Context, next: Next): Promise<void> {
  try {
    await next();
    const unanswered = ctx.body === undefined || ctx.body === null || ctx.body === '';
    if (unanswered && ctx.status >= 400 && ctx.path.startsWith('/api')) {
      // The router's 404/405/501 and bare ctx.status answers get the same JSON shape.
      if (ctx.status === 404) throw notFound(`No API route for ${ctx.method} ${ctx.path}`);
      ctx.body = { message: ctx.message, fields: {} };
    }
  } catch (error) {
    const { status, message, fields } = describe(error);
    if (status === 503) ctx.state.log?.warn({ err: error }, 'request failed: a service is unavailable');
    else if (status >= 500) ctx.state.log?.error({ err: error }, 'request failed');
    ctx.status = status;
    ctx.type = 'application/json';
    ctx.body = { message, fields };
    if (status === 503) ctx.set('Retry-After', '5');
    if (error instanceof HttpError) ctx.set(error.headers);
  }
}
